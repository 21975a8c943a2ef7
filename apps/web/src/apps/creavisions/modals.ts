/**
 * The bodies the creative-visions app brings for the shell's modals (ADR 066), lazy so the forms
 * stay out of the first load: `?modal=signUp&event=<name>` signs up for an event; on the
 * creative-visions host `userSession` begins a sitting of the event on the page.
 */
import type { AppModalBody, ModalBodyContext } from '../../shell/modals/app-modal-body';
import { lazyWithRetry } from '../../ui/lazy-with-retry';

const EventSignUp = lazyWithRetry(() => import('./sign-up-form').then((m) => ({ default: m.EventSignUpForm })));
const BeginSession = lazyWithRetry(() => import('./begin-session-form').then((m) => ({ default: m.BeginSessionForm })));
const onCreavisionsHost = ({ app }: ModalBodyContext) => app === 'creavisions';

export const creavisionsModals: readonly AppModalBody[] = [
  { modal: 'signUp', when: ({ params }) => Boolean(params.get('event')), Body: EventSignUp },
  { modal: 'userSession', when: onCreavisionsHost, Body: BeginSession },
  { modal: 'enterTokenWithUserId', when: onCreavisionsHost, Body: BeginSession },
];
