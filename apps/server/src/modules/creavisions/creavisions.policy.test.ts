import { describe, expect, it } from 'vitest';
import { canCreateEvent, canFacilitate, canJoinWithAccount } from './creavisions.policy';

const reader = { id: 'u1', '©isDevOp': false, '©isAppAdmin': false };
const admin = { id: 'a1', '©isDevOp': false, '©isAppAdmin': true };
const devOp = { id: 'd1', '©isDevOp': true, '©isAppAdmin': false };
const guest = { id: 's1', '©isDevOp': false, '©isAppAdmin': false, isGuest: true };

describe('creavisions policy per role', () => {
  it('staff create events; readers, guests and anonymous callers do not', () => {
    expect([null, reader, guest, admin, devOp].map(canCreateEvent)).toEqual([false, false, false, true, true]);
  });
  it('the owner and managers facilitate; others do not', () => {
    const event = { owner_id: 'u1' };
    expect([null, reader, guest, admin, devOp].map((u) => canFacilitate(u, event))).toEqual([false, true, false, true, true]);
    expect(canFacilitate(reader, { owner_id: null })).toBe(false);
    expect(canFacilitate({ ...guest, id: 'u1' }, event)).toBe(false);
  });
  it('any account joins with its account; a session-key guest joins with its key', () => {
    expect([null, reader, guest, admin].map(canJoinWithAccount)).toEqual([false, true, false, true]);
  });
});
