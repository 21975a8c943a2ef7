/**
 * Random secrets and how they are kept: cookie values, mail tokens and session keys are
 * 32 random bytes (base64url) handed out once and stored only as sha256, so a copy of the
 * database cannot be replayed. Passwords (already hashed by the client) get argon2id.
 */
import { hash, randomBytes, randomUUID } from 'node:crypto';
import argon2 from 'argon2';

/** 256 bits, URL-safe, for cookies, mail links and session keys. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Ids that are safe to show (the public session id, account ids). */
export function newId(): string {
  return randomUUID();
}

/**
 * A high-entropy secret needs no slow hash; sha256 lets us look it up by equality. Node's
 * one-shot `hash` (the same digest, UTF-8 input) makes no Hash object: every participant
 * call hashes its suite-key cookie (ADR 070, branch h25).
 */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

// OWASP's argon2id baseline (19 MiB, 2 passes): the input is already a salted sha256 from
// the client, so this guards a leaked database, not the wire.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(clientHash: string): Promise<string> {
  return argon2.hash(clientHash, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the time of a real check, so a
 * login for an unknown (or not yet activated) address answers no faster than a wrong password.
 */
export async function verifyPassword(storedHash: string | null, clientHash: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword(randomSecret());
    await argon2.verify(await dummyHash, clientHash).catch(() => false);
    return false;
  }
  return argon2.verify(storedHash, clientHash).catch(() => false);
}
