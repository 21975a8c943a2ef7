/**
 * The one registry of query-driven modals (SPEC §2): `?modal=<name>` opens the entry of that
 * name. Each entry lists its own query parameters so that closing removes them too.
 * Bodies are lazy so the forms stay out of the entry chunk; admin-only modals are in
 * ADMIN_MODAL_NAMES with `adminOnly: true`.
 */
import { lazy, type ComponentType } from 'react';
import type { TFunction } from 'i18next';
import { NotAvailableYet } from './not-available-yet';

export const MODAL_NAMES = [
  'person',
  'register',
  'login',
  'forgot',
  'session',
  'enterToken',
  'userSession',
  'enterTokenWithUserId',
  'signUp',
  'pickImage',
  'chunk',
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

/** Admin-only modals, opened only for users at manageApp level or above (SPEC §2, §6). */
export const ADMIN_MODAL_NAMES = ['users', 'sessionKeys'] as const satisfies readonly string[];
export type AdminModalName = (typeof ADMIN_MODAL_NAMES)[number];

export type AnyModalName = ModalName | AdminModalName;

export interface ModalBodyProps {
  /** Closes the modal: removes `modal` and this modal's own query parameters. */
  close: () => void;
  /** The current query, for bodies that read their parameters (e.g. `redirect`). */
  params: URLSearchParams;
}

export interface ModalEntry {
  title: (t: TFunction) => string;
  /** Query parameters that belong to this modal and go when it closes. */
  params: readonly string[];
  Body: ComponentType<ModalBodyProps>;
  adminOnly?: boolean;
  /** Shows the logged-in user: on a fresh page the session is asked for first (the app host does not resume on start). */
  needsUser?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const LoginForm = lazy(() => import('../account/login-form').then((m) => ({ default: m.LoginForm })));
const RegisterForm = lazy(() => import('../account/register-form').then((m) => ({ default: m.RegisterForm })));
const ForgotForm = lazy(() => import('../account/forgot-form').then((m) => ({ default: m.ForgotForm })));
const SessionKeyForm = lazy(() => import('../account/session-key-form').then((m) => ({ default: m.SessionKeyForm })));
const UserSessionForm = lazy(() => import('../account/session-key-form').then((m) => ({ default: m.UserSessionForm })));
const PersonCard = lazy(() => import('../account/person-card').then((m) => ({ default: m.PersonCard })));
const UsersModal = lazy(() => import('../account/users-modal').then((m) => ({ default: m.UsersModal })));
const SessionKeysModal = lazy(() => import('../account/session-keys-modal').then((m) => ({ default: m.SessionKeysModal })));

const ImagePicker = lazy(() => import('../documents/image-picker').then((m) => ({ default: m.ImagePicker })));
const ChunkView = lazy(() => import('../documents/chunk-view').then((m) => ({ default: m.ChunkView })));

const SESSION_PARAMS = ['sessionKey', 'userId', 'userIdLabel', 'redirect'] as const;

export const MODAL_REGISTRY: Readonly<Record<AnyModalName, ModalEntry>> = {
  person: { title: (t) => t('modal.titles.person'), params: ['personId', 'email', 'userId', 'size'], Body: PersonCard, needsUser: true },
  register: { title: (t) => t('modal.titles.register'), params: ['redirect', 'academic'], Body: RegisterForm },
  login: { title: (t) => t('modal.titles.login'), params: ['redirect'], Body: LoginForm },
  forgot: { title: (t) => t('modal.titles.forgot'), params: ['redirect'], Body: ForgotForm },
  session: { title: (t) => t('modal.titles.session'), params: ['redirect'], Body: SessionKeyForm },
  enterToken: { title: (t) => t('modal.titles.enterToken'), params: ['redirect'], Body: SessionKeyForm },
  userSession: { title: (t) => t('modal.titles.userSession'), params: SESSION_PARAMS, Body: UserSessionForm },
  enterTokenWithUserId: { title: (t) => t('modal.titles.enterTokenWithUserId'), params: SESSION_PARAMS, Body: UserSessionForm },
  signUp: { title: (t) => t('modal.titles.signUp'), params: ['redirect'], Body: NotAvailableYet },
  // needsUser: the My Images tab shows only for a logged-in user, so the session is asked first.
  pickImage: { title: (t) => t('modal.titles.pickImage'), params: ['pickFor', 'tab'], Body: ImagePicker, size: 'lg', needsUser: true },
  chunk: { title: (t) => t('modal.titles.chunk'), params: ['chunkId', 'proxyId', 'appId', 'dataType'], Body: ChunkView, size: 'lg' },
  users: { title: (t) => t('modal.titles.users'), params: [], Body: UsersModal, adminOnly: true, size: 'xl' },
  sessionKeys: { title: (t) => t('modal.titles.sessionKeys'), params: [], Body: SessionKeysModal, adminOnly: true, size: 'xl' },
};

export function isModalName(value: string | null): value is AnyModalName {
  return value !== null && Object.hasOwn(MODAL_REGISTRY, value);
}

/** The query left after closing: without `modal` and the modal's own parameters; the rest stays. */
export function queryAfterClose(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = params.get('modal');
  next.delete('modal');
  if (isModalName(name)) for (const key of MODAL_REGISTRY[name].params) next.delete(key);
  return next;
}
