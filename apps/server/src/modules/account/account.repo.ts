/** The accounts table and how its rows look to the API. */
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import { APP_ADMIN_FLAG, DEVOP_FLAG } from '@chi/contract';
import type { account } from '@chi/contract';
import type { DatabaseSchema } from '../../db/schema';
import type { AccountsTable } from './account-tables';

type Db = Kysely<DatabaseSchema>;
export type AccountRow = Selectable<AccountsTable>;

export function displayName(row: Pick<AccountRow, 'first_name' | 'last_name'>): string {
  return `${row.first_name} ${row.last_name}`.trim();
}

export function toSessionUser(row: AccountRow): account.SessionUser {
  return {
    _id: row.id,
    _email: row.email,
    _firstName: row.first_name,
    _lastName: row.last_name,
    name: displayName(row),
    title: row.title,
    [DEVOP_FLAG]: row.is_dev_op === 1,
    [APP_ADMIN_FLAG]: row.is_app_admin === 1,
    isGuest: false,
    imageUrl: row.profile_image_url,
  };
}

/** A session-key guest: no account, no flags; its id is the session's public id. */
export function guestUser(sessionId: string): account.SessionUser {
  return {
    _id: sessionId,
    _email: '',
    _firstName: '',
    _lastName: '',
    name: 'Guest',
    title: '',
    [DEVOP_FLAG]: false,
    [APP_ADMIN_FLAG]: false,
    isGuest: true,
  };
}

/** The awards column: a JSON array of strings (migration 0034); anything else reads as none. */
export function parseAwards(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((award): award is string => typeof award === 'string') : [];
  } catch {
    return [];
  }
}

export function toAccountRecord(row: AccountRow): account.AccountRecord {
  const { isGuest: _isGuest, ...user } = toSessionUser(row);
  return { ...user, status: row.status, createdAt: row.created_at, programme: row.programme, university: row.university, awards: parseAwards(row.awards) };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function insertAccount(db: Db, row: Omit<AccountRow, 'is_dev_op' | 'is_app_admin' | 'profile_image_url' | 'programme' | 'university' | 'awards'> & Partial<AccountRow>): Promise<void> {
  await db.insertInto('accounts').values(row).execute();
}

export async function updateAccount(
  db: Db,
  id: string,
  changes: Partial<Omit<AccountRow, 'id' | 'created_at'>>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

function likePattern(filter: string): string {
  // The search is a substring, never a pattern the caller controls.
  return `%${filter.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface AccountQuery {
  readonly offset: number;
  readonly pageSize: number;
  readonly filter: string;
  /** Only activated accounts (the share picker never lists pending requests). */
  readonly activeOnly?: boolean;
  /** Match the filter on names only, never on e-mail (the share picker for non-administrators). */
  readonly nameOnly?: boolean;
}

/** A page of accounts, newest first, and how many match in all. */
export async function listAccounts(db: Db, query: AccountQuery): Promise<{ rows: AccountRow[]; total: number }> {
  let base = db.selectFrom('accounts');
  if (query.activeOnly) base = base.where('status', '=', 'active');
  if (query.filter !== '') {
    const pattern = likePattern(query.filter);
    base = base.where((eb) =>
      eb.or([
        ...(query.nameOnly ? [] : [eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`)]),
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.pageSize).offset(query.offset).execute(),
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL answers count(*) as a bigint string, SQLite as a number.
  return { rows, total: Number(count.count) };
}

export async function deleteAccount(db: Db, id: string): Promise<void> {
  await db.deleteFrom('accounts').where('id', '=', id).execute();
}
