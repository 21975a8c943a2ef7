/** Server-side sessions: only the sha256 of the cookie value is stored. */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { newId, randomSecret, sha256Hex } from '../../security/secrets';
import { SESSION_IDLE_MS } from './session-cookie';

type Db = Kysely<DatabaseSchema>;

export interface NewSession {
  readonly id: string;
  /** The cookie value: handed to the browser once, never stored. */
  readonly secret: string;
  readonly expiresAt: Date;
}

export type SessionOwner = { readonly accountId: string } | { readonly sessionKeyId: string; readonly maxExpiresAt: Date };

export function idleExpiry(now: Date, maxExpiresAt: string | Date | null): Date {
  const idle = new Date(now.getTime() + SESSION_IDLE_MS);
  if (maxExpiresAt === null) return idle;
  const max = new Date(maxExpiresAt);
  return max < idle ? max : idle;
}

export async function insertSession(db: Db, owner: SessionOwner, now: Date): Promise<NewSession> {
  const id = newId();
  const secret = randomSecret();
  const maxExpiresAt = 'maxExpiresAt' in owner ? owner.maxExpiresAt : null;
  const expiresAt = idleExpiry(now, maxExpiresAt);
  await db
    .insertInto('sessions')
    .values({
      id,
      token_hash: sha256Hex(secret),
      account_id: 'accountId' in owner ? owner.accountId : null,
      session_key_id: 'sessionKeyId' in owner ? owner.sessionKeyId : null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      max_expires_at: maxExpiresAt?.toISOString() ?? null,
    })
    .execute();
  return { id, secret, expiresAt };
}

/** The session behind a cookie value with its account's columns (null for a guest). */
export function findSessionBySecret(db: Db, secret: string) {
  return db
    .selectFrom('sessions')
    .leftJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'sessions.id as sessionId',
      'sessions.account_id as accountId',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.expires_at as expiresAt',
      'sessions.max_expires_at as maxExpiresAt',
      'accounts.status as status',
      'accounts.is_dev_op as isDevOp',
      'accounts.is_app_admin as isAppAdmin',
    ])
    .where('sessions.token_hash', '=', sha256Hex(secret))
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, now: Date, expiresAt: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now.toISOString(), expires_at: expiresAt.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deleteSessionBySecret(db: Db, secret: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', sha256Hex(secret)).execute();
}

export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of an account, except the one given (the caller's own). */
export async function deleteAccountSessions(db: Db, accountId: string, exceptId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('account_id', '=', accountId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  await query.execute();
}

/** Clean-up (jobs/clean-up.ts): an expired session can never be used again. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
