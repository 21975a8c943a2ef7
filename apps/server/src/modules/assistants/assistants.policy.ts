/**
 * Who may do what with assistants (issue 14), as pure functions (STYLE §4), tested per role:
 * - the owner manages an assistant, its vector store and files; manageApp and devOp manage all;
 * - a published assistant is usable by every logged-in user (session-key guests included:
 *   they are logged in for permission purposes), an unpublished one only by who manages it;
 * - a thread is private to its user unless published; who manages the thread's assistant
 *   reads it only when the assistant is a teaching assistant (the instructor), and students
 *   are told so; managers of the app read all;
 * - a vector store is managed (renamed, filled, emptied, deleted, shared) by its owner and the
 *   managers of the app; an account it is shared with reads it and copies its files (ADR 059).
 */
import { derivePermissionLevel, PERMISSION_LEVELS } from '@chi/contract';
import type { RequestUser } from '../../http/request-user';

export interface OwnedAssistant {
  readonly owner_id: string;
  readonly published: number;
  readonly kind: string;
}

export interface OwnedThread {
  readonly owner_id: string;
  readonly published: number;
}

export function isAppManager(user: RequestUser | null): boolean {
  return derivePermissionLevel(user) >= PERMISSION_LEVELS.manageApp;
}

export function canManageAssistant(user: RequestUser | null, assistant: OwnedAssistant): boolean {
  if (user === null) return false;
  return assistant.owner_id === user.id || isAppManager(user);
}

export function canUseAssistant(user: RequestUser | null, assistant: OwnedAssistant): boolean {
  if (user === null) return false;
  return canManageAssistant(user, assistant) || Number(assistant.published) === 1;
}

/** Only people with an account make assistants and upload files (a guest's session ends). */
export function canCreate(user: RequestUser | null): boolean {
  return user !== null && user.isGuest !== true;
}

export function canReadThread(user: RequestUser | null, thread: OwnedThread, assistant: OwnedAssistant): boolean {
  if (user === null) return false;
  if (thread.owner_id === user.id || isAppManager(user)) return true;
  if (assistant.kind === 'teaching' && assistant.owner_id === user.id) return true;
  return Number(thread.published) === 1 && canUseAssistant(user, assistant);
}

/** Writing (asking in) a thread: only its own user, while the assistant is usable to them. */
export function canWriteThread(user: RequestUser | null, thread: OwnedThread, assistant: OwnedAssistant): boolean {
  return user !== null && thread.owner_id === user.id && canUseAssistant(user, assistant);
}

/** Publish, retract and delete a thread: its user, or a manager of the app. */
export function canManageThread(user: RequestUser | null, thread: OwnedThread): boolean {
  if (user === null) return false;
  return thread.owner_id === user.id || isAppManager(user);
}

export interface OwnedStore {
  readonly owner_id: string;
}

export function canManageStore(user: RequestUser | null, store: OwnedStore): boolean {
  if (user === null) return false;
  return store.owner_id === user.id || isAppManager(user);
}

/** Reading a store: who manages it, or an account (not a guest) it is shared with. */
export function canReadStore(user: RequestUser | null, store: OwnedStore, sharedWithUser: boolean): boolean {
  if (user === null) return false;
  return canManageStore(user, store) || (sharedWithUser && user.isGuest !== true);
}
