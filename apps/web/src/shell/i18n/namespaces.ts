/**
 * The shell's i18n namespaces, typed from their English files (each `i18n/en.json` beside the code it
 * serves, ADR 066). shell/i18n/i18next.d.ts lists every app's; a new namespace is one line here.
 */
import type translation from './en.json';
import type legal from '../pages/legal/i18n/en.json';
import type account from '../account/i18n/en.json';
import type documents from '../documents/i18n/en.json';

export interface Namespaces {
  translation: typeof translation;
  legal: typeof legal;
  account: typeof account;
  documents: typeof documents;
}
