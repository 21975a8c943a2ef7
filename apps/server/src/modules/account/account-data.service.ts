/** Download my data and forget about me: what a person may ask of the data we hold on them. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutputOf, account } from '@chi/contract';
import { AppError } from '../../http/app-error';
import { endSession } from '../session/session.service';
import { deleteAccount, findAccountById, toAccountRecord } from './account.repo';
import { TOKEN_ERROR } from './account-errors';
import type { AccountDeps } from './account-deps';
import { consumeToken, listAccountTokens } from './token.repo';

/** Everything stored about the account, never a hash (password, cookie or token). */
export async function exportMyData(deps: AccountDeps, token: string): Promise<OutputOf<typeof account.confirmDownloadMyData>> {
  const db = deps.database.db;
  const now = deps.now();
  const used = await consumeToken(db, token, 'downloadMyData', now);
  const row = used ? await findAccountById(db, used.accountId) : undefined;
  if (!row) throw new AppError(TOKEN_ERROR);
  const sessions = await db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at'])
    .where('account_id', '=', row.id)
    .orderBy('created_at')
    .execute();
  const tokens = await listAccountTokens(db, row.id);
  return {
    exportedAt: now.toISOString(),
    account: { ...toAccountRecord(row), updatedAt: row.updated_at },
    sessions: sessions.map((s) => ({ createdAt: s.created_at, lastSeenAt: s.last_seen_at, expiresAt: s.expires_at })),
    tokens: tokens.map((t) => ({ kind: t.kind, createdAt: t.created_at, expiresAt: t.expires_at, usedAt: t.used_at })),
    other: await deps.userData.exportAll(row.id, db),
  };
}

/** Deletes the account with every registered module's data (ADR 055), in one transaction. */
export async function forgetAboutMe(deps: AccountDeps, token: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const now = deps.now();
  const accountId = await deps.database.db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, token, 'forgetAboutMe', now);
    if (!used) return undefined;
    // Every module's rows, this module's sessions and tokens included (account-person-data.ts).
    await deps.userData.forget(used.accountId, trx);
    await deleteAccount(trx, used.accountId);
    return used.accountId;
  });
  if (accountId === undefined) throw new AppError(TOKEN_ERROR);
  if (request.user?.id === accountId) await endSession(deps, request, reply);
}
