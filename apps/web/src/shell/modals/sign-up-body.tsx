/**
 * The body of `signUp` (SPEC §2): `event=<name>` signs up for a creative-visions event, else
 * `sessionId=<id>` for a CCF session. Each app's own form; the shell only chooses.
 */
import type { ModalBodyProps } from './modal-names';
import { lazyWithRetry } from '../../ui/lazy-with-retry';

const CcfSignUp = lazyWithRetry(() => import('../../apps/ccf/sign-up-form').then((m) => ({ default: m.SignUpForm })));
const EventSignUp = lazyWithRetry(() => import('../../apps/creavisions/sign-up-form').then((m) => ({ default: m.EventSignUpForm })));

export function SignUpBody(props: ModalBodyProps) {
  return props.params.get('event') ? <EventSignUp {...props} /> : <CcfSignUp {...props} />;
}
