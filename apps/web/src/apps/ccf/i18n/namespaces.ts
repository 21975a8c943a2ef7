/**
 * The ccf app's i18n namespaces, typed from their English files (each `i18n/en.json` beside the code it
 * serves, ADR 066). shell/i18n/i18next.d.ts lists every app's; a new namespace is one line here.
 */
import type ccf from './en.json';
import type ccfForms from '../participant/i18n/en.json';
import type ccfResearch from '../research/i18n/en.json';

export interface Namespaces {
  ccf: typeof ccf;
  ccfForms: typeof ccfForms;
  ccfResearch: typeof ccfResearch;
}
