/**
 * UPDATE_PROFILE (issue 24 item 16, issue 25 item 16): the person's names, academic title and
 * person card (programme, university, awards) live on the account and are changed here, by
 * their owner only. `_Person` documents stay immutable (SPEC §4); the card reads the account.
 */
import type { FastifyRequest } from 'fastify';
import { ERRORS } from '@chi/contract';
import type { OutputOf, account } from '@chi/contract';
import { AppError } from '../../http/app-error';
import { findAccountById, toAccountRecord, updateAccount } from './account.repo';
import type { AccountRow } from './account.repo';
import { requireSelf } from './account-deps';
import type { AccountDeps, Input } from './account-deps';

type Changes = Partial<Pick<AccountRow, 'first_name' | 'last_name' | 'title' | 'programme' | 'university' | 'awards'>>;

export async function updateProfile(
  deps: AccountDeps,
  input: Input<typeof account.updateProfile>,
  request: FastifyRequest,
  id: string | undefined,
): Promise<OutputOf<typeof account.updateProfile>> {
  const user = requireSelf(request, id);
  const changes: Changes = {};
  if (input._firstName !== undefined) changes.first_name = input._firstName;
  if (input._lastName !== undefined) changes.last_name = input._lastName;
  if (input.title !== undefined) changes.title = input.title;
  if (input.programme !== undefined) changes.programme = input.programme;
  if (input.university !== undefined) changes.university = input.university;
  if (input.awards !== undefined) changes.awards = JSON.stringify(input.awards);
  const { db } = deps.database;
  await updateAccount(db, user.id, changes, deps.now());
  const row = await findAccountById(db, user.id);
  if (!row) throw new AppError(ERRORS.unauthorized);
  return toAccountRecord(row);
}
