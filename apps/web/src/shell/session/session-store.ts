/**
 * The one place the signed-in user lives, filled from login, activation, a session key and
 * resumeSession (see resume-session.ts). `check` says whether this page already asked the
 * server, so that routes needing a login can wait for the answer instead of bouncing.
 */
import { derivePermissionLevel, type UserFlags, type session } from '@chi/contract';
import { createStore, useStore } from '../store';

export interface SessionUser extends UserFlags {
  name: string;
  email?: string;
  _id?: string;
  firstName?: string;
  lastName?: string;
  title?: string;
  /** A session started with a session key: no account behind it. */
  isGuest?: boolean;
  /** The profile image chosen in the picker (SET_PROFILE_IMAGE); null/absent: the avatar from the e-mail. */
  imageUrl?: string | null;
}

export type SessionCheck = 'unknown' | 'checking' | 'known';

export interface SessionState {
  user: SessionUser | null;
  check: SessionCheck;
  /** The user id given with a session key (Begin Session); the CCF app reads it later. */
  sessionUserId: string | null;
}

const INITIAL: SessionState = { user: null, check: 'unknown', sessionUserId: null };

export const sessionStore = createStore<SessionState>(INITIAL);

export function setSessionUser(user: SessionUser | null): void {
  sessionStore.set((state) => ({ ...state, user }));
}

export function setSessionCheck(check: SessionCheck): void {
  sessionStore.set((state) => (state.check === check ? state : { ...state, check }));
}

export function setSessionUserId(sessionUserId: string | null): void {
  sessionStore.set((state) => ({ ...state, sessionUserId }));
}

let generation = 0;

/** Test helper: back to a fresh page's state; an answer asked for before it is dropped (resume-session.ts). */
export function resetSessionStore(): void {
  generation += 1;
  sessionStore.set(INITIAL);
}

/** Changes with every reset: a question asked under another generation belongs to an older page. */
export function sessionGeneration(): number {
  return generation;
}

/** The user as the server sends it (`User` of a session response) in the shell's shape. */
export function toSessionUser(user: session.SessionUser): SessionUser {
  return {
    name: user.name,
    email: user._email,
    _id: user._id,
    firstName: user._firstName,
    lastName: user._lastName,
    title: user.title,
    isGuest: user.isGuest,
    imageUrl: user.imageUrl ?? null,
    '©isDevOp': user['©isDevOp'],
    '©isAppAdmin': user['©isAppAdmin'],
  };
}

export function useSessionUser(): SessionUser | null {
  return useStore(sessionStore, (state) => state.user);
}

export function useSessionCheck(): SessionCheck {
  return useStore(sessionStore, (state) => state.check);
}

export function useSessionUserId(): string | null {
  return useStore(sessionStore, (state) => state.sessionUserId);
}

/** SPEC §6 permission level of the current user (0 when anonymous). */
export function usePermissionLevel(): number {
  return derivePermissionLevel(useSessionUser());
}
