/**
 * The one registry of query-driven modals (SPEC §2): `?modal=<name>` opens the entry of that
 * name. Each entry lists its own query parameters so that closing removes them too.
 * Later issues replace the placeholder bodies with the real forms (lazily, to keep them out
 * of the entry chunk); admin-only modals go in ADMIN_MODAL_NAMES with `adminOnly: true`.
 */
import type { ComponentType } from 'react';
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
export const ADMIN_MODAL_NAMES = [] as const satisfies readonly string[];
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
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

export const MODAL_REGISTRY: Readonly<Record<AnyModalName, ModalEntry>> = {
  person: { title: (t) => t('modal.titles.person'), params: ['personId', 'email'], Body: NotAvailableYet },
  register: { title: (t) => t('modal.titles.register'), params: ['redirect', 'academic'], Body: NotAvailableYet },
  login: { title: (t) => t('modal.titles.login'), params: ['redirect'], Body: NotAvailableYet },
  forgot: { title: (t) => t('modal.titles.forgot'), params: ['redirect'], Body: NotAvailableYet },
  session: { title: (t) => t('modal.titles.session'), params: ['redirect'], Body: NotAvailableYet },
  enterToken: { title: (t) => t('modal.titles.enterToken'), params: ['redirect'], Body: NotAvailableYet },
  userSession: {
    title: (t) => t('modal.titles.userSession'),
    params: ['sessionKey', 'userId', 'userIdLabel', 'redirect'],
    Body: NotAvailableYet,
  },
  enterTokenWithUserId: {
    title: (t) => t('modal.titles.enterTokenWithUserId'),
    params: ['sessionKey', 'userId', 'userIdLabel', 'redirect'],
    Body: NotAvailableYet,
  },
  signUp: { title: (t) => t('modal.titles.signUp'), params: ['redirect'], Body: NotAvailableYet },
  pickImage: { title: (t) => t('modal.titles.pickImage'), params: ['pickFor'], Body: NotAvailableYet, size: 'lg' },
  chunk: { title: (t) => t('modal.titles.chunk'), params: ['chunkId', 'proxyId'], Body: NotAvailableYet, size: 'lg' },
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
