/** SPEC §6 permission levels and how a user's level is derived. */
export const PERMISSION_LEVELS = {
  read: 1,
  operate: 2,
  maintain: 16,
  review: 64,
  develop: 240,
  manage: 243,
  own: 245,
  manageApp: 246,
  devOp: 255,
} as const;

export type PermissionName = keyof typeof PERMISSION_LEVELS;
/** What an action requires: `public` is open to anonymous visitors. */
export type Access = PermissionName | 'public';

export const DEVOP_FLAG = '©isDevOp';
export const APP_ADMIN_FLAG = '©isAppAdmin';

export interface UserFlags {
  [DEVOP_FLAG]?: boolean;
  [APP_ADMIN_FLAG]?: boolean;
}

/** devOp if ©isDevOp; manageApp if ©isAppAdmin; read if logged in; otherwise 0. */
export function derivePermissionLevel(user: UserFlags | null | undefined): number {
  if (!user) return 0;
  if (user[DEVOP_FLAG] === true) return PERMISSION_LEVELS.devOp;
  if (user[APP_ADMIN_FLAG] === true) return PERMISSION_LEVELS.manageApp;
  return PERMISSION_LEVELS.read;
}

export function requiredLevel(access: Access): number {
  return access === 'public' ? 0 : PERMISSION_LEVELS[access];
}

export function isAllowed(level: number, access: Access): boolean {
  return level >= requiredLevel(access);
}
