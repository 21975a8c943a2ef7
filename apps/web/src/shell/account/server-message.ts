/** The server's account messages arrive in English; show the known ones in the chosen language. */
import { TOO_MANY_REQUESTS } from '@chi/contract';
import type { TFunction } from 'i18next';
import { translateErrorMessage } from '../i18n/error-message';

const KNOWN = {
  'The email or password is incorrect.': 'serverErrors.login',
  'This link has expired or has already been used.': 'serverErrors.token',
  'The current password is incorrect.': 'serverErrors.wrongPassword',
  'This e-mail address cannot be used.': 'serverErrors.emailUnavailable',
  'A valid session key is required': 'serverErrors.sessionKey',
  [TOO_MANY_REQUESTS.message]: 'serverErrors.tooMany',
} as const;

export function serverMessage(t: TFunction<'account'>, shellT: TFunction, message: string): string {
  const key = (KNOWN as Record<string, (typeof KNOWN)[keyof typeof KNOWN] | undefined>)[message];
  return key ? t(key) : translateErrorMessage(shellT, message);
}
