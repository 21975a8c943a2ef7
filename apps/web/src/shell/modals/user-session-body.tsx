/**
 * The body of `userSession` / `enterTokenWithUserId` (Begin Session, SPEC §2): on the CCF host
 * it begins a CCF session (key + user id, no cookie); elsewhere the shell's guest session form.
 */
import { lazy } from 'react';
import { appIdFromHost } from '@chi/contract';
import type { ModalBodyProps } from './modal-names';

const UserSessionForm = lazy(() => import('../account/session-key-form').then((m) => ({ default: m.UserSessionForm })));
const BeginCcfSession = lazy(() => import('../../apps/ccf/begin-session-form').then((m) => ({ default: m.BeginSessionForm })));

export function UserSessionBody(props: ModalBodyProps) {
  return appIdFromHost(window.location.host) === 'ccf' ? <BeginCcfSession {...props} /> : <UserSessionForm {...props} />;
}
