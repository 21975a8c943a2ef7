/**
 * The assistants app's i18n namespaces, typed from their English files (each `i18n/en.json` beside the code it
 * serves, ADR 066). shell/i18n/i18next.d.ts lists every app's; a new namespace is one line here.
 */
import type assistants from './en.json';
import type assistantsPages from '../pages/i18n/en.json';
import type assistantsStrategies from '../strategies/i18n/en.json';
import type assistantsHr from '../hr/i18n/en.json';

export interface Namespaces {
  assistants: typeof assistants;
  assistantsPages: typeof assistantsPages;
  assistantsStrategies: typeof assistantsStrategies;
  assistantsHr: typeof assistantsHr;
}
