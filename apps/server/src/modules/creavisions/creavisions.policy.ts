/** Who may do what with an event (ADR 030): pure checks, tested per role. */
import { PERMISSION_LEVELS, derivePermissionLevel } from '@chi/contract';
import type { RequestUser } from '../../http/request-user';

/** Staff (manageApp, devOp) create events. */
export function canCreateEvent(user: RequestUser | null): boolean {
  return user !== null && user.isGuest !== true && derivePermissionLevel(user) >= PERMISSION_LEVELS.manageApp;
}

/** The facilitator: the event's owner, or any manager. Session-key guests never. */
export function canFacilitate(user: RequestUser | null, event: { owner_id: string | null }): boolean {
  if (!user || user.isGuest === true) return false;
  return derivePermissionLevel(user) >= PERMISSION_LEVELS.manageApp || (event.owner_id !== null && event.owner_id === user.id);
}

/** Joining with an account: any logged-in account (a session-key guest joins with its key instead). */
export function canJoinWithAccount(user: RequestUser | null): boolean {
  return user !== null && user.isGuest !== true;
}
