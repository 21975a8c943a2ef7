/** CCF answers the web client shows as they are (issue 15). */
import type { ErrorInfo } from '@chi/contract';

export const CCF_ERRORS = {
  closed: { name: 'Session Closed', message: 'This session is closed: answers can no longer be given or changed.', code: 400 },
  notBegun: { name: 'Session Error', message: 'Begin the session with your session key and user id first.', code: 400 },
  personalKey: { name: 'Session Key Error', message: 'This personal session key belongs to another user id.', code: 400 },
  notFound: { name: 'Not Found', message: 'No such session.', code: 404 },
  noSignUp: { name: 'Sign Up Error', message: 'This session does not take sign-ups.', code: 400 },
} as const satisfies Record<string, ErrorInfo>;
