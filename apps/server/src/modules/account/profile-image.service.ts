/**
 * SET_PROFILE_IMAGE (issue 18): the image chosen in the /cloud picker becomes the person's
 * profile image, kept on their account. Self only; a guest has no account to keep it on.
 * An upload must be the caller's own: another person's upload id is refused like a bad URL.
 */
import type { FastifyRequest } from 'fastify';
import { ERRORS, uploads } from '@chi/contract';
import type { OutputOf, account } from '@chi/contract';
import { AppError, validationError } from '../../http/app-error';
import { findAccountById, toSessionUser, updateAccount } from './account.repo';
import type { AccountDeps } from './account-deps';

export async function setProfileImage(
  deps: AccountDeps,
  input: { imageUrl: string | null },
  request: FastifyRequest,
): Promise<OutputOf<typeof account.setProfileImage>> {
  const user = request.user;
  if (!user) throw new AppError(ERRORS.unauthorized);
  if (user.isGuest === true) throw new AppError(ERRORS.forbidden);
  const { db } = deps.database;
  const uploadPrefix = `${uploads.UPLOADS_PUBLIC_PATH}/`;
  if (input.imageUrl?.startsWith(uploadPrefix)) {
    const id = input.imageUrl.slice(uploadPrefix.length);
    const own = await db.selectFrom('uploads').select('id').where('id', '=', id).where('owner_id', '=', user.id).executeTakeFirst();
    if (!own) throw validationError('imageUrl must be an http or https URL or an upload');
  }
  await updateAccount(db, user.id, { profile_image_url: input.imageUrl }, deps.now());
  const row = await findAccountById(db, user.id);
  if (!row) throw new AppError(ERRORS.unauthorized);
  return toSessionUser(row);
}
