/** Session keys: only the sha256 of a key is stored; uses are counted in the same UPDATE that checks them. */
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { session } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';
import type { SessionKeysTable } from './keyed-session-tables';
import { newId, randomSecret, sha256Hex } from '../../security/secrets';

type Db = Kysely<DatabaseSchema>;
type SessionKeyRow = Selectable<SessionKeysTable>;

export function toSessionKeyRecord(row: SessionKeyRow, now: Date): session.SessionKeyRecord {
  const status =
    row.revoked_at !== null
      ? 'revoked'
      : row.expires_at <= now.toISOString()
        ? 'expired'
        : row.max_uses !== null && row.uses >= row.max_uses
          ? 'usedUp'
          : 'active';
  return {
    _id: row.id,
    label: row.label,
    expiresAt: row.expires_at,
    maxUses: row.max_uses,
    uses: row.uses,
    createdAt: row.created_at,
    createdBy: row.created_by,
    revokedAt: row.revoked_at,
    status,
  };
}

export async function insertSessionKey(
  db: Db,
  input: { label: string; expiresAt: Date; maxUses: number | null; createdBy: string | null },
  now: Date,
): Promise<{ key: string; row: SessionKeyRow }> {
  const key = randomSecret();
  const row: SessionKeyRow = {
    id: newId(),
    label: input.label,
    key_hash: sha256Hex(key),
    expires_at: input.expiresAt.toISOString(),
    max_uses: input.maxUses,
    uses: 0,
    created_by: input.createdBy,
    created_at: now.toISOString(),
    revoked_at: null,
  };
  await db.insertInto('session_keys').values(row).execute();
  return { key, row };
}

export function listSessionKeys(db: Db): Promise<SessionKeyRow[]> {
  return db.selectFrom('session_keys').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

export function findSessionKey(db: Db, id: string): Promise<SessionKeyRow | undefined> {
  return db.selectFrom('session_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokeSessionKey(db: Db, id: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('session_keys').set({ revoked_at: now.toISOString() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    await trx.deleteFrom('sessions').where('session_key_id', '=', id).execute();
  });
}

/**
 * Uses a key once if it is live: one UPDATE checks and counts, so two visitors racing for the
 * last use cannot both get in. Answers the key's id and expiry, or undefined.
 */
export async function useSessionKey(db: Db, key: string, now: Date): Promise<{ id: string; expiresAt: Date } | undefined> {
  const row = await db
    .updateTable('session_keys')
    .set({ uses: sql`uses + 1` })
    .where('key_hash', '=', sha256Hex(key))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returning(['id', 'expires_at'])
    .executeTakeFirst();
  return row ? { id: row.id, expiresAt: new Date(row.expires_at) } : undefined;
}

/** Counts one use of a key if it has one left (one UPDATE checks and counts). */
export async function takeKeyUse(db: Db, sessionKeyId: string): Promise<boolean> {
  const result = await db
    .updateTable('session_keys')
    .set({ uses: sql`uses + 1` })
    .where('id', '=', sessionKeyId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
