/** Creative-visions answers the web client shows as they are (issue 16, ADR 030). */
import type { ErrorInfo } from '@chi/contract';
import { PERSONAL_KEY_ERROR, noSignUpError } from '../keyed-session/sign-up.service';

export const CV_ERRORS = {
  noEvent: { name: 'Not Found', message: 'No such event.', code: 404 },
  closed: { name: 'Event Closed', message: 'This event is closed: visions can no longer be written or changed.', code: 400 },
  nameTaken: { name: 'Validation Error', message: 'name: an event with this name exists already', code: 400 },
  sitting: { name: 'Session Error', message: 'Begin the session again: this sitting is not known.', code: 403 },
  personalKey: PERSONAL_KEY_ERROR,
  noSignUp: noSignUpError('event'),
  needsJoin: { name: 'Session Error', message: 'Log in, or begin the session with your session key and user id.', code: 401 },
} as const satisfies Record<string, ErrorInfo>;
