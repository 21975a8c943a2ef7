/**
 * The body of `userSession` / `enterTokenWithUserId` (Begin Session, SPEC §2): on the CCF host
 * it begins a CCF session (key + user id, no cookie); on the creative-visions host a sitting of
 * the event on the page; elsewhere the shell's guest session form.
 */
import { appIdFromHost } from '@chi/contract';
import type { ModalBodyProps } from './modal-names';
import { lazyWithRetry } from '../../ui/lazy-with-retry';

const UserSessionForm = lazyWithRetry(() => import('../account/session-key-form').then((m) => ({ default: m.UserSessionForm })));
const BeginCcfSession = lazyWithRetry(() => import('../../apps/ccf/begin-session-form').then((m) => ({ default: m.BeginSessionForm })));
const BeginCvSession = lazyWithRetry(() => import('../../apps/creavisions/begin-session-form').then((m) => ({ default: m.BeginSessionForm })));

export function UserSessionBody(props: ModalBodyProps) {
  const app = appIdFromHost(window.location.host);
  if (app === 'ccf') return <BeginCcfSession {...props} />;
  if (app === 'creavisions') return <BeginCvSession {...props} />;
  return <UserSessionForm {...props} />;
}
