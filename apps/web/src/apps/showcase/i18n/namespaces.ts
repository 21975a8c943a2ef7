/**
 * The showcase app's i18n namespaces, typed from their English files (each `i18n/en.json` beside the code it
 * serves, ADR 066). shell/i18n/i18next.d.ts lists every app's; a new namespace is one line here.
 */
import type showcase from './en.json';
import type showcasePlay from '../shared/i18n/en.json';

export interface Namespaces {
  showcase: typeof showcase;
  showcasePlay: typeof showcasePlay;
}
