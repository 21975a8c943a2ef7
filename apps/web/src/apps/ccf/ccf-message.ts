/** CCF server messages arrive in English; the known ones are shown in the chosen language. */
import { ccf } from '@chi/contract';
import type { TFunction } from 'i18next';

const KNOWN: Record<string, string> = {
  'This session is closed: answers can no longer be given or changed.': 'serverErrors.closed',
  'Begin the session with your session key and user id first.': 'serverErrors.notBegun',
  'This personal session key belongs to another user id.': 'serverErrors.personalKey',
  'This session does not take sign-ups.': 'serverErrors.noSignUp',
  'This user id is taking part in another browser. Continue there, or ask the researcher.': 'serverErrors.otherBrowser',
};

/** The translated message, or null when the message is not one of CCF's own. */
export function ccfMessage(t: TFunction<'ccfForms'>, message: string): string | null {
  const key = KNOWN[message];
  if (key) return t(key as 'serverErrors.closed');
  for (const type of ccf.FIELD_TYPES) {
    if (message === `value: ${ccf.ANSWER_MESSAGES[type]}`) return t(`answerErrors.${type}`);
  }
  return null;
}
