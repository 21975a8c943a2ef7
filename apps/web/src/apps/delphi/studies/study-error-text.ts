/**
 * A refusal of a study call in the page's language. The server says it in English (the
 * contract's STUDY_ERRORS, and the SPEC §8 catalogue); a Danish researcher saw "no active account
 * has this id." under a Danish field. A message this file does not know is shown as it came.
 */
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { useErrorText } from '../../../shell/i18n/use-error-text';

type Refusal = keyof typeof delphi.STUDY_ERRORS;

/** Every refusal the contract lists; `refusals.<name>` in this area's texts says each (a test checks all). */
const REFUSALS = Object.keys(delphi.STUDY_ERRORS) as Refusal[];

/** The message without the field it is for (`accountId: …`: the page shows it at that field). */
function bare(message: string): string {
  return message.replace(/^[A-Za-z]+: /, '');
}

export function useStudyErrorText(): (message: string) => string {
  const { t } = useTranslation('delphiStudies');
  const errorText = useErrorText();
  return (message) => {
    const refusal = REFUSALS.find((name) => bare(delphi.STUDY_ERRORS[name].message) === bare(message));
    return refusal ? t(`refusals.${refusal}`) : errorText(message);
  };
}
