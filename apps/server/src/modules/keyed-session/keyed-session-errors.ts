/** The session-key answers shared by every keyed session: enterSessionKey, CCF and creative visions. */
import type { ErrorInfo } from '@chi/contract';

/** A wrong, expired, revoked or used-up key. */
export const SESSION_KEY_ERROR: ErrorInfo = { name: 'Session Key Error', message: 'A valid session key is required', code: 400 };
