/**
 * The bodies the CCF app brings for the shell's modals (ADR 066), lazy so the forms stay out of
 * the first load: `?modal=signUp&sessionId=…` signs up for a CCF session (and explains the missing
 * link when no other app's rule matches); on the CCF host `userSession` begins a CCF session.
 */
import type { AppModalBody, ModalBodyContext } from '../../shell/modals/app-modal-body';
import { lazyWithRetry } from '../../ui/lazy-with-retry';

const SignUp = lazyWithRetry(() => import('./sign-up-form').then((m) => ({ default: m.SignUpForm })));
const BeginSession = lazyWithRetry(() => import('./begin-session-form').then((m) => ({ default: m.BeginSessionForm })));
const onCcfHost = ({ app }: ModalBodyContext) => app === 'ccf';

export const ccfModals: readonly AppModalBody[] = [
  { modal: 'signUp', when: ({ params }) => params.has('sessionId'), fallback: true, Body: SignUp },
  { modal: 'userSession', when: onCcfHost, Body: BeginSession },
  { modal: 'enterTokenWithUserId', when: onCcfHost, Body: BeginSession },
];
