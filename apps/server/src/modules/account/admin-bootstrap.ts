/**
 * The first administrator: with ADMIN_EMAIL and ADMIN_PASSWORD set, start-up makes sure an
 * active ©isDevOp account with that password exists, so a fresh install can be administered.
 * ADMIN_PASSWORD is the password as typed in the browser; the client hash is derived here.
 */
import { createHash } from 'node:crypto';
import { PASSWORD_SALT } from '@chi/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { hashPassword, newId, verifyPassword } from '../../security/secrets';
import { deleteAccountSessions } from '../session/session.repo';
import { findAccountByEmail, insertAccount, updateAccount } from './account.repo';

/** What the web client sends for a typed password: hex(sha256(PASSWORD_SALT + password)). */
export function clientPasswordHash(password: string): string {
  return createHash('sha256').update(PASSWORD_SALT + password, 'utf8').digest('hex');
}

export type AdminOutcome = 'none' | 'created' | 'updated' | 'unchanged';

export async function ensureAdminAccount(
  database: Database,
  config: Pick<Config, 'admin'>,
  now: Date = new Date(),
): Promise<AdminOutcome> {
  if (!config.admin) return 'none';
  const db = database.db;
  const clientHash = clientPasswordHash(config.admin.password);
  const row = await findAccountByEmail(db, config.admin.email);
  if (!row) {
    const at = now.toISOString();
    await insertAccount(db, {
      id: newId(),
      email: config.admin.email,
      first_name: 'Administrator',
      last_name: '',
      title: '',
      password_hash: await hashPassword(clientHash),
      status: 'active',
      is_dev_op: 1,
      created_at: at,
      updated_at: at,
    });
    return 'created';
  }
  const passwordMatches = await verifyPassword(row.password_hash, clientHash);
  if (passwordMatches && row.status === 'active' && row.is_dev_op === 1) return 'unchanged';
  await updateAccount(
    db,
    row.id,
    { status: 'active', is_dev_op: 1, ...(passwordMatches ? {} : { password_hash: await hashPassword(clientHash) }) },
    now,
  );
  // A password set by the operator replaces the old one everywhere.
  if (!passwordMatches) await deleteAccountSessions(db, row.id);
  return 'updated';
}
