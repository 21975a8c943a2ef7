/**
 * Who may do what in a study (issue 26, ADR 071): a member has their team level; manageApp and
 * devOp act on every study with their own level. A study the caller may not see is 404 (its
 * existence does not leak); a level too low for the call is 403.
 */
import { ERRORS, PERMISSION_LEVELS, delphi, derivePermissionLevel } from '@chi/contract';
import { AppError } from '../../../http/app-error';
import type { RequestUser } from '../../../http/request-user';
import type { Db } from '../delphi-db';
import type { DelphiStudiesTable } from '../delphi-tables';

export type StudyRow = DelphiStudiesTable;

/** The logged-in account behind a request (a session-key guest has none): 401 anonymous, 403 guest. */
export function requireAccount(user: RequestUser | null): RequestUser {
  if (user === null) throw new AppError(ERRORS.unauthorized);
  if (user.isGuest) throw new AppError(ERRORS.forbidden);
  return user;
}

/** The application's own level on every study, if the caller has one (manageApp, devOp). */
export function appAccess(user: RequestUser | null): 'manageApp' | 'devOp' | undefined {
  const level = derivePermissionLevel(user);
  if (level >= PERMISSION_LEVELS.devOp) return 'devOp';
  if (level >= PERMISSION_LEVELS.manageApp) return 'manageApp';
  return undefined;
}

export function allows(access: delphi.StudyAccess, needed: delphi.StudyLevel): boolean {
  return PERMISSION_LEVELS[access] >= PERMISSION_LEVELS[needed];
}

/** The study named by id or slug and the caller's access to it, checked against `needed`. */
export async function studyFor(db: Db, idOrSlug: string, user: RequestUser | null, needed: delphi.StudyLevel): Promise<{ study: StudyRow; access: delphi.StudyAccess }> {
  // An id first, then a slug (a slug that happens to equal another study's id never shadows it).
  const study =
    (await db.selectFrom('delphi_studies').selectAll().where('id', '=', idOrSlug).executeTakeFirst()) ??
    (await db.selectFrom('delphi_studies').selectAll().where('slug', '=', idOrSlug).executeTakeFirst());
  if (!study) throw new AppError(delphi.STUDY_ERRORS.studyNotFound);
  let access: delphi.StudyAccess | undefined = appAccess(user);
  if (!access && user && !user.isGuest) {
    const member = await db.selectFrom('delphi_study_members').select('level').where('study_id', '=', study.id).where('account_id', '=', user.id).executeTakeFirst();
    access = member?.level;
  }
  if (!access) throw new AppError(delphi.STUDY_ERRORS.studyNotFound);
  if (!allows(access, needed)) throw new AppError(ERRORS.forbidden);
  return { study, access };
}
