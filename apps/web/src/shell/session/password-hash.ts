/**
 * The client-side password hash (DESIGN §5): hex(sha256(PASSWORD_SALT + password)); the raw
 * password never leaves the browser. Web Crypto where the page is a secure context (https,
 * *.localhost); a small pure implementation otherwise, because plain-http deployments have
 * no `crypto.subtle` and login must not break there.
 * Passwords are not trimmed: a space may be part of one.
 */
import { PASSWORD_SALT } from '@chi/contract';
import { sha256Hex } from './sha256';

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function hashPassword(password: string): Promise<string> {
  const data = new TextEncoder().encode(PASSWORD_SALT + password);
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return sha256Hex(data);
  return toHex(new Uint8Array(await subtle.digest('SHA-256', data)));
}
