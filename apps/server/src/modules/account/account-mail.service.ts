/**
 * The calls that mail a link: request an account, change e-mail (two
 * steps), download my data and forget me. Every one answers `{ _status: 'sent' }` whatever
 * the address, so nothing tells an outsider whether an e-mail has an account.
 */
import type { FastifyRequest } from 'fastify';
import type { account } from '@chi/contract';
import { AppError, validationError } from '../../http/app-error';
import { newId } from '../../security/secrets';
import { displayName, findAccountByEmail, findAccountById, insertAccount, normaliseEmail, updateAccount } from './account.repo';
import type { AccountRow } from './account.repo';
import { EMAIL_UNAVAILABLE, TOKEN_ERROR } from './account-errors';
import { limitMail, requireSelf, sendAccountMail } from './account-deps';
import type { AccountDeps, Input } from './account-deps';
import { checkRedirectTo, mailLink, redirectToOrDefault } from './redirect';
import { consumeToken, issueToken } from './token.repo';

export async function requestAccount(deps: AccountDeps, input: Input<typeof account.requestAccount>, request: FastifyRequest): Promise<void> {
  const origin = checkRedirectTo(input._redirectTo, deps.config.publicDomain);
  const email = normaliseEmail(input._email);
  await limitMail(deps, request, email);
  const db = deps.database.db;
  const now = deps.now();
  const title = input.title ?? '';
  const names = { first_name: input._firstName, last_name: input._lastName, title };

  let row = await findAccountByEmail(db, email);
  if (row?.status === 'active') {
    // The owner learns someone tried; the requester sees the same answer as for a new address.
    await sendAccountMail(deps, request, 'accountExists', email, { name: displayName(row), origin });
    return;
  }
  if (row) {
    await updateAccount(db, row.id, names, now);
  } else {
    const at = now.toISOString();
    try {
      await insertAccount(db, { id: newId(), email, ...names, password_hash: null, status: 'pending', created_at: at, updated_at: at });
    } catch (error) {
      // Two requests for one address at once: the unique e-mail lets one insert win.
      if (!(await findAccountByEmail(db, email))) throw error;
    }
  }
  row = await findAccountByEmail(db, email);
  if (!row) throw new Error('the account request was not stored');
  const token = await issueToken(db, row.id, 'activateAccount', now);
  const route = title !== '' ? 'activateAcademicAccount' : 'activateAccount';
  await sendAccountMail(deps, request, 'activateAccount', email, { name: displayName(row), origin, link: mailLink(origin, route, token) });
}

async function ownAccount(deps: AccountDeps, request: FastifyRequest, id: string | undefined): Promise<AccountRow> {
  const user = requireSelf(request, id);
  const row = await findAccountById(deps.database.db, user.id);
  if (!row) throw new AppError(TOKEN_ERROR);
  return row;
}

export async function requestChangeEmail(
  deps: AccountDeps,
  input: Input<typeof account.requestChangeEmail>,
  request: FastifyRequest,
  id: string | undefined,
): Promise<void> {
  const row = await ownAccount(deps, request, id);
  const origin = checkRedirectTo(input._redirectTo, deps.config.publicDomain);
  const newEmail = normaliseEmail(input.newEmail);
  if (newEmail === row.email) throw validationError('newEmail: This is already your e-mail address.');
  await limitMail(deps, request, row.email);
  // The current address confirms first, so a stolen session alone cannot take the account.
  const token = await issueToken(deps.database.db, row.id, 'changeAccountEmail', deps.now(), { newEmail, redirectTo: origin });
  await sendAccountMail(deps, request, 'changeAccountEmail', row.email, {
    name: displayName(row),
    origin,
    newEmail,
    link: mailLink(origin, 'changeAccountEmail', token),
  });
}

export async function confirmChangeEmail(deps: AccountDeps, input: Input<typeof account.confirmChangeEmail>, request: FastifyRequest): Promise<void> {
  const db = deps.database.db;
  const now = deps.now();
  const token = await consumeToken(db, input.changeAccountEmailToken, 'changeAccountEmail', now);
  const row = token ? await findAccountById(db, token.accountId) : undefined;
  const { newEmail, redirectTo } = token?.data ?? {};
  if (!row || newEmail === undefined || redirectTo === undefined) throw new AppError(TOKEN_ERROR);
  const holder = await findAccountByEmail(db, newEmail);
  if (holder && holder.id !== row.id) {
    // Telling the requester the address is taken would reveal that it has an account.
    await sendAccountMail(deps, request, 'emailInUse', newEmail, { name: displayName(holder), origin: redirectTo });
    return;
  }
  const next = await issueToken(db, row.id, 'activateNewEmail', now, { newEmail });
  await sendAccountMail(deps, request, 'activateNewEmail', newEmail, {
    name: displayName(row),
    origin: redirectTo,
    link: mailLink(redirectTo, 'activateNewEmail', next),
  });
}

export async function activateNewEmail(deps: AccountDeps, input: Input<typeof account.activateNewEmail>): Promise<string> {
  const db = deps.database.db;
  const now = deps.now();
  const token = await consumeToken(db, input.activateNewEmailToken, 'activateNewEmail', now);
  const newEmail = token?.data.newEmail;
  if (!token || newEmail === undefined) throw new AppError(TOKEN_ERROR);
  const holder = await findAccountByEmail(db, newEmail);
  if (holder && holder.id !== token.accountId) throw new AppError(EMAIL_UNAVAILABLE);
  try {
    await updateAccount(db, token.accountId, { email: newEmail }, now);
  } catch (error) {
    throw new AppError(EMAIL_UNAVAILABLE, { cause: error });
  }
  return newEmail;
}

/** forgetMe and requestDownloadMyData: a link to the owner's own address. */
export async function mailSelfLink(
  deps: AccountDeps,
  kind: 'forgetAboutMe' | 'downloadMyData',
  redirectTo: string | undefined,
  request: FastifyRequest,
  id: string | undefined,
): Promise<void> {
  const row = await ownAccount(deps, request, id);
  const origin = redirectToOrDefault(redirectTo, request, deps.config.publicDomain);
  await limitMail(deps, request, row.email);
  const token = await issueToken(deps.database.db, row.id, kind, deps.now());
  await sendAccountMail(deps, request, kind, row.email, { name: displayName(row), origin, link: mailLink(origin, kind, token) });
}
