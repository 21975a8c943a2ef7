/**
 * The data of the query-driven modals (SPEC §2): their names, the query parameters each one
 * owns, and the props every body gets. Bodies, `useModal` and the layout import this file;
 * only the modal host imports `modal-registry.ts` (titles and lazy bodies), so no body ever
 * imports back the registry that imports it (issue 10 item 6: no import cycles).
 */
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

const SESSION_PARAMS = ['sessionKey', 'userId', 'userIdLabel', 'redirect'] as const;

/** Query parameters that belong to each modal and go when it closes. */
export const MODAL_PARAMS: Readonly<Record<AnyModalName, readonly string[]>> = {
  person: ['personId', 'email', 'userId', 'size'],
  register: ['redirect', 'academic'],
  login: ['redirect'],
  forgot: ['redirect'],
  session: ['redirect'],
  enterToken: ['redirect'],
  userSession: SESSION_PARAMS,
  enterTokenWithUserId: SESSION_PARAMS,
  signUp: ['redirect', 'sessionId', 'event'],
  pickImage: ['pickFor', 'tab'],
  chunk: ['chunkId', 'proxyId', 'appId', 'dataType', 'ref'],
  users: [],
  sessionKeys: [],
};

export function isModalName(value: string | null): value is AnyModalName {
  return value !== null && Object.hasOwn(MODAL_PARAMS, value);
}

/** The query left after closing: without `modal` and the modal's own parameters; the rest stays. */
export function queryAfterClose(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = params.get('modal');
  next.delete('modal');
  if (isModalName(name)) for (const key of MODAL_PARAMS[name]) next.delete(key);
  return next;
}
