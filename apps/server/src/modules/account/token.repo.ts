/**
 * Single-use mail tokens: 32 random bytes mailed once, stored as sha256, consumed atomically
 * (one UPDATE … WHERE used_at IS NULL AND not expired), so two clicks cannot both succeed.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { AccountTokenKind } from './account-tables';
import { newId, randomSecret, sha256Hex } from '../../security/secrets';

type Db = Kysely<DatabaseSchema>;

const HOUR = 60 * 60_000;

/** Issue 3 §3: activation 7 days, reset 1 hour, e-mail change 24 hours, download and forget 1 hour. */
export const TOKEN_TTL_MS: Record<AccountTokenKind, number> = {
  activateAccount: 7 * 24 * HOUR,
  resetPassword: HOUR,
  changeAccountEmail: 24 * HOUR,
  activateNewEmail: 24 * HOUR,
  downloadMyData: HOUR,
  forgetAboutMe: HOUR,
};

/** What a later step needs; never a secret. */
export interface TokenData {
  readonly newEmail?: string;
  readonly redirectTo?: string;
}

export async function issueToken(db: Db, accountId: string, kind: AccountTokenKind, now: Date, data: TokenData = {}): Promise<string> {
  const secret = randomSecret();
  await db
    .insertInto('account_tokens')
    .values({
      id: newId(),
      token_hash: sha256Hex(secret),
      account_id: accountId,
      kind,
      data: JSON.stringify(data),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TOKEN_TTL_MS[kind]).toISOString(),
      used_at: null,
    })
    .execute();
  return secret;
}

export interface UsableToken {
  readonly accountId: string;
  readonly data: TokenData;
}

function parseData(data: string): TokenData {
  try {
    return JSON.parse(data) as TokenData;
  } catch {
    return {};
  }
}

/** Marks the token used and answers its account, or undefined if unknown, used, expired or of another kind. */
export async function consumeToken(db: Db, secret: string, kind: AccountTokenKind, now: Date): Promise<UsableToken | undefined> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', sha256Hex(secret))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning(['account_id', 'data'])
    .executeTakeFirst();
  return row ? { accountId: row.account_id, data: parseData(row.data) } : undefined;
}

/** Like consumeToken without using it (verifyToken). */
export async function peekToken(db: Db, secret: string, kind: AccountTokenKind, now: Date): Promise<UsableToken | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select(['account_id', 'data'])
    .where('token_hash', '=', sha256Hex(secret))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { accountId: row.account_id, data: parseData(row.data) } : undefined;
}

/** Older unused links of the same kind stop working once a newer one is used. */
export async function retireTokens(db: Db, accountId: string, kind: AccountTokenKind, now: Date): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

export function listAccountTokens(db: Db, accountId: string) {
  return db
    .selectFrom('account_tokens')
    .select(['kind', 'created_at', 'expires_at', 'used_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
}

/** Clean-up (jobs/clean-up.ts): a used or expired token can never be used again. */
export async function deleteSpentTokens(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('account_tokens')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
