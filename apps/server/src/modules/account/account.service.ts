/** Logging in and out, passwords and activation: the calls that give or end sessions. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '@chi/contract';
import type { OutputOf, account } from '@chi/contract';
import { AppError } from '../../http/app-error';
import { hashPassword, verifyPassword } from '../../security/secrets';
import { deleteAccountSessions } from '../session/session.repo';
import { startSession } from '../session/session.service';
import { findAccountByEmail, findAccountById, guestUser, normaliseEmail, toSessionUser, updateAccount } from './account.repo';
import type { AccountRow } from './account.repo';
import { LOGIN_ERROR, TOKEN_ERROR, WRONG_PASSWORD } from './account-errors';
import { guardLogin, requireSelf } from './account-deps';
import type { AccountDeps, Input } from './account-deps';
import { consumeToken, peekToken, retireTokens } from './token.repo';

type SessionAnswer = OutputOf<typeof account.login>;

async function logIn(deps: AccountDeps, request: FastifyRequest, reply: FastifyReply, row: AccountRow): Promise<SessionAnswer> {
  const sessionId = await startSession(deps, request, reply, { accountId: row.id });
  return { Error: null, User: toSessionUser(row), _sessionKey: sessionId };
}

export async function login(
  deps: AccountDeps,
  input: { _email: string; password: string },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionAnswer> {
  const email = normaliseEmail(input._email);
  const guard = guardLogin(deps, request, email);
  await guard.check();
  const row = await findAccountByEmail(deps.database.db, email);
  // A pending account and an unknown address fail exactly like a wrong password.
  const usable = row?.status === 'active' ? row : undefined;
  const ok = await verifyPassword(usable?.password_hash ?? null, input.password);
  if (!ok || !usable) {
    await guard.failed();
    throw new AppError(LOGIN_ERROR);
  }
  await guard.succeeded();
  return logIn(deps, request, reply, usable);
}

/** No live session behind the cookie (none sent, expired, ended, or its account gone). */
const NOBODY: OutputOf<typeof account.resumeSession> = { Error: null, User: null, _sessionKey: null };

export async function resumeSession(deps: AccountDeps, request: FastifyRequest): Promise<OutputOf<typeof account.resumeSession>> {
  const user = request.user;
  if (!user?.sessionId) return NOBODY;
  if (user.isGuest === true) {
    return {
      Error: null,
      User: guestUser(user.id),
      _sessionKey: user.sessionId,
    };
  }
  const row = await findAccountById(deps.database.db, user.id);
  if (!row) return NOBODY;
  return { Error: null, User: toSessionUser(row), _sessionKey: user.sessionId };
}

export async function changePassword(
  deps: AccountDeps,
  input: Input<typeof account.changePassword>,
  request: FastifyRequest,
  id: string | undefined,
): Promise<void> {
  const user = requireSelf(request, id);
  const row = await findAccountById(deps.database.db, user.id);
  if (!row) throw new AppError(ERRORS.unauthorized);
  // Guessing the current password from a stolen session counts like guessing at login.
  const guard = guardLogin(deps, request, row.email);
  await guard.check();
  if (!(await verifyPassword(row.password_hash, input.update.passphrase))) {
    await guard.failed();
    throw new AppError(WRONG_PASSWORD);
  }
  await updateAccount(deps.database.db, row.id, { password_hash: await hashPassword(input.update.newPassphrase) }, deps.now());
  await deleteAccountSessions(deps.database.db, row.id, user.sessionId);
}

export async function activateAccount(
  deps: AccountDeps,
  input: { activateAccountToken: string; title?: string | undefined; _firstName: string; _lastName: string; password: string },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionAnswer> {
  const now = deps.now();
  const db = deps.database.db;
  const token = await consumeToken(db, input.activateAccountToken, 'activateAccount', now);
  if (!token) throw new AppError(TOKEN_ERROR);
  await updateAccount(
    db,
    token.accountId,
    {
      first_name: input._firstName,
      last_name: input._lastName,
      ...(input.title !== undefined ? { title: input.title } : {}),
      password_hash: await hashPassword(input.password),
      status: 'active',
    },
    now,
  );
  await retireTokens(db, token.accountId, 'activateAccount', now);
  const row = await findAccountById(db, token.accountId);
  if (!row) throw new AppError(TOKEN_ERROR);
  return logIn(deps, request, reply, row);
}

export async function verifyToken(deps: AccountDeps, input: Input<typeof account.verifyToken>): Promise<OutputOf<typeof account.verifyToken>> {
  const kind = input.tokenName === 'activateAccountToken' ? 'activateAccount' : 'resetPassword';
  const token = await peekToken(deps.database.db, input.token, kind, deps.now());
  const row = token ? await findAccountById(deps.database.db, token.accountId) : undefined;
  if (!row) return { valid: false };
  if (kind === 'resetPassword') return { valid: true, email: row.email };
  return { valid: true, email: row.email, _firstName: row.first_name, _lastName: row.last_name, title: row.title };
}

export async function resetPassword(deps: AccountDeps, input: { resetPasswordToken: string; newPassword: string }): Promise<void> {
  const now = deps.now();
  const db = deps.database.db;
  const token = await consumeToken(db, input.resetPasswordToken, 'resetPassword', now);
  if (!token) throw new AppError(TOKEN_ERROR);
  await updateAccount(db, token.accountId, { password_hash: await hashPassword(input.newPassword) }, now);
  await retireTokens(db, token.accountId, 'resetPassword', now);
  // Whoever knew the old password (the reason for a reset, perhaps) is logged out everywhere.
  await deleteAccountSessions(db, token.accountId);
}
