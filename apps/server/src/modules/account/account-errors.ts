/** Answers of the account calls that the web client shows as they are (issue 3). */
import type { ErrorInfo } from '@chi/contract';

/** 400, not 401: the client maps 401 to a generic message, and the login form shows this one. */
export const LOGIN_ERROR: ErrorInfo = { name: 'Login Error', message: 'The email or password is incorrect.', code: 400 };
export const TOKEN_ERROR: ErrorInfo = { name: 'Token Error', message: 'This link has expired or has already been used.', code: 400 };
export const WRONG_PASSWORD: ErrorInfo = { name: 'Change Password Error', message: 'The current password is incorrect.', code: 400 };
export const EMAIL_UNAVAILABLE: ErrorInfo = { name: 'Change Email Error', message: 'This e-mail address cannot be used.', code: 400 };
export const USER_NOT_FOUND: ErrorInfo = { name: 'Not Found', message: 'No such user.', code: 404 };
