/**
 * Roles as people read them (issue 18): the user flags ©isDevOp and ©isAppAdmin (SPEC §3, §6)
 * are internal names; every place that shows a role shows its translated name instead.
 */
import type { TFunction } from 'i18next';
import { APP_ADMIN_FLAG, DEVOP_FLAG, type UserFlags } from '@chi/contract';

export const ROLE_FLAGS = [DEVOP_FLAG, APP_ADMIN_FLAG] as const;
export type RoleFlag = (typeof ROLE_FLAGS)[number];

/** `t` of the shell's default namespace, where the role names live. */
export function roleName(t: TFunction, flag: RoleFlag): string {
  return flag === DEVOP_FLAG ? t('roles.devOp') : t('roles.appAdmin');
}

/** The roles set on a user, most powerful first. */
export function rolesOf(user: Partial<UserFlags>): RoleFlag[] {
  return ROLE_FLAGS.filter((flag) => user[flag] === true);
}
