/**
 * The body of `signUp` (SPEC §2): `event=<name>` signs up for a creative-visions event, else
 * `sessionId=<id>` for a CCF session. Each app's own form; the shell only chooses.
 */
import { lazy } from 'react';
import type { ModalBodyProps } from './modal-names';

const CcfSignUp = lazy(() => import('../../apps/ccf/sign-up-form').then((m) => ({ default: m.SignUpForm })));
const EventSignUp = lazy(() => import('../../apps/creavisions/sign-up-form').then((m) => ({ default: m.EventSignUpForm })));

export function SignUpBody(props: ModalBodyProps) {
  return props.params.get('event') ? <EventSignUp {...props} /> : <CcfSignUp {...props} />;
}
