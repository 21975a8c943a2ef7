/** CCF answers the web client shows as they are (issue 15). */
import type { ErrorInfo } from '@chi/contract';
import { PERSONAL_KEY_ERROR, noSignUpError } from '../keyed-session/sign-up.service';

export const CCF_ERRORS = {
  closed: { name: 'Session Closed', message: 'This session is closed: answers can no longer be given or changed.', code: 400 },
  notBegun: { name: 'Session Error', message: 'Begin the session with your session key and user id first.', code: 400 },
  personalKey: PERSONAL_KEY_ERROR,
  notFound: { name: 'Not Found', message: 'No such session.', code: 404 },
  otherBrowser: {
    name: 'Session Error',
    message: 'This user id is taking part in another browser. Continue there, or ask the researcher.',
    // 409, not 403: the web client shows a 403 as "not allowed" (SPEC §8), this message says why.
    code: 409,
  },
  noSignUp: noSignUpError('session'),
} as const satisfies Record<string, ErrorInfo>;
