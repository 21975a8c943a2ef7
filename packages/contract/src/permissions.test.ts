import { describe, expect, it } from 'vitest';
import { APP_ADMIN_FLAG, derivePermissionLevel, DEVOP_FLAG, isAllowed, PERMISSION_LEVELS, requiredLevel } from './permissions';

describe('permission levels (SPEC §6)', () => {
  it('has the spec values', () => {
    expect(PERMISSION_LEVELS).toEqual({
      read: 1,
      operate: 2,
      maintain: 16,
      review: 64,
      develop: 240,
      manage: 243,
      own: 245,
      manageApp: 246,
      devOp: 255,
    });
  });

  it('derives devOp, then manageApp, then read, else 0', () => {
    expect(derivePermissionLevel(null)).toBe(0);
    expect(derivePermissionLevel(undefined)).toBe(0);
    expect(derivePermissionLevel({})).toBe(1);
    expect(derivePermissionLevel({ [APP_ADMIN_FLAG]: true })).toBe(246);
    expect(derivePermissionLevel({ [DEVOP_FLAG]: true })).toBe(255);
    expect(derivePermissionLevel({ [DEVOP_FLAG]: true, [APP_ADMIN_FLAG]: true })).toBe(255);
    expect(derivePermissionLevel({ [DEVOP_FLAG]: false, [APP_ADMIN_FLAG]: false })).toBe(1);
  });

  it('checks access against the required level', () => {
    expect(requiredLevel('public')).toBe(0);
    expect(isAllowed(0, 'public')).toBe(true);
    expect(isAllowed(0, 'read')).toBe(false);
    expect(isAllowed(1, 'read')).toBe(true);
    expect(isAllowed(1, 'manageApp')).toBe(false);
    expect(isAllowed(246, 'manageApp')).toBe(true);
    expect(isAllowed(246, 'devOp')).toBe(false);
    expect(isAllowed(255, 'devOp')).toBe(true);
  });
});
