/**
 * How each query-driven modal looks (SPEC §2): its title, its lazy body and its size. Only the
 * modal host imports this file; the names and parameters are data in `modal-names.ts`, which
 * the bodies import instead, so the registry and its bodies form no cycle.
 * Bodies are lazy so the forms stay out of the entry chunk. A modal an app serves (e.g. `signUp`)
 * takes the body the app declares in its `modals.ts` (ADR 066, `shell/routing/app-modals.ts`).
 */
import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { AnyModalName, ModalBodyProps } from './modal-names';
import { appIdFromHost } from '@chi/contract';
import { pickAppModalBody } from './app-modal-body';
import { APP_MODALS } from '../routing/app-modals';
import { chunk, lazyOrLoaded, lazyWithRetry } from '../../ui/lazy-with-retry';

export interface ModalEntry {
  title: (t: TFunction) => string;
  /** The shell's own body; an app's body whose rule matches comes first (`modalBody`). */
  Body?: ComponentType<ModalBodyProps>;
  adminOnly?: boolean;
  /** Shows the logged-in user: on a fresh page the session is asked for first (the app host does not resume on start). */
  needsUser?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const loginForm = chunk(() => import('../account/login-form'));
const LoginForm = lazyOrLoaded(
  () => loginForm.load().then((m) => ({ default: m.LoginForm })),
  () => loginForm.loaded()?.LoginForm,
);

/** The bodies that can be loaded ahead of their first opening (ADR 061): the login form, a visitor's first tap. */
export const WARMABLE_BODIES = { login: loginForm } as const;
const RegisterForm = lazyWithRetry(() => import('../account/register-form').then((m) => ({ default: m.RegisterForm })));
const ForgotForm = lazyWithRetry(() => import('../account/forgot-form').then((m) => ({ default: m.ForgotForm })));
const SessionKeyForm = lazyWithRetry(() => import('../account/session-key-form').then((m) => ({ default: m.SessionKeyForm })));
const UserSessionForm = lazyWithRetry(() => import('../account/session-key-form').then((m) => ({ default: m.UserSessionForm })));
const PersonCard = lazyWithRetry(() => import('../account/person-card').then((m) => ({ default: m.PersonCard })));
const UsersModal = lazyWithRetry(() => import('../account/users-modal').then((m) => ({ default: m.UsersModal })));
const SessionKeysModal = lazyWithRetry(() => import('../account/session-keys-modal').then((m) => ({ default: m.SessionKeysModal })));

const ImagePicker = lazyWithRetry(() => import('../documents/image-picker').then((m) => ({ default: m.ImagePicker })));
const ChunkView = lazyWithRetry(() => import('../documents/chunk-view').then((m) => ({ default: m.ChunkView })));

export const MODAL_REGISTRY: Readonly<Record<AnyModalName, ModalEntry>> = {
  person: { title: (t) => t('modal.titles.person'), Body: PersonCard, needsUser: true },
  register: { title: (t) => t('modal.titles.register'), Body: RegisterForm },
  login: { title: (t) => t('modal.titles.login'), Body: LoginForm },
  forgot: { title: (t) => t('modal.titles.forgot'), Body: ForgotForm },
  session: { title: (t) => t('modal.titles.session'), Body: SessionKeyForm },
  enterToken: { title: (t) => t('modal.titles.enterToken'), Body: SessionKeyForm },
  // Begin Session: the CCF and creative-visions hosts bring their own (apps/<app>/modals.ts).
  userSession: { title: (t) => t('modal.titles.userSession'), Body: UserSessionForm },
  enterTokenWithUserId: { title: (t) => t('modal.titles.enterTokenWithUserId'), Body: UserSessionForm },
  // Only apps bring sign-up bodies: creavisions for `event`, ccf for `sessionId` and the fallback.
  signUp: { title: (t) => t('modal.titles.signUp') },
  // needsUser: the My Images tab shows only for a logged-in user, so the session is asked first.
  pickImage: { title: (t) => t('modal.titles.pickImage'), Body: ImagePicker, size: 'lg', needsUser: true },
  chunk: { title: (t) => t('modal.titles.chunk'), Body: ChunkView, size: 'lg' },
  users: { title: (t) => t('modal.titles.users'), Body: UsersModal, adminOnly: true, size: 'xl' },
  sessionKeys: { title: (t) => t('modal.titles.sessionKeys'), Body: SessionKeysModal, adminOnly: true, size: 'xl' },
};

/** The body `?modal=<name>` opens at this URL: an app's whose rule matches, else the shell's own. */
export function modalBody(name: AnyModalName, params: URLSearchParams): ComponentType<ModalBodyProps> | undefined {
  const app = appIdFromHost(window.location.host);
  return pickAppModalBody(APP_MODALS, name, { params, app }) ?? MODAL_REGISTRY[name].Body;
}
