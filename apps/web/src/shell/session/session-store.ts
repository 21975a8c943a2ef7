/**
 * The one place the signed-in user lives. The accounts issue fills it from login and
 * resumeSession; until then every visitor is anonymous (`user: null`).
 */
import { derivePermissionLevel, type UserFlags } from '@chi/contract';
import { createStore, useStore } from '../store';

export interface SessionUser extends UserFlags {
  name: string;
  email?: string;
}

export interface SessionState {
  user: SessionUser | null;
}

export const sessionStore = createStore<SessionState>({ user: null });

export function setSessionUser(user: SessionUser | null): void {
  sessionStore.set((state) => ({ ...state, user }));
}

export function useSessionUser(): SessionUser | null {
  return useStore(sessionStore, (state) => state.user);
}

/** SPEC §6 permission level of the current user (0 when anonymous). */
export function usePermissionLevel(): number {
  return derivePermissionLevel(useSessionUser());
}
