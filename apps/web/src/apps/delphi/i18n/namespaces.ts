/**
 * The delphi app's i18n namespaces, typed from their English files (each `i18n/en.json` beside the code it
 * serves, ADR 066). shell/i18n/i18next.d.ts lists every app's; a new namespace is one line here.
 */
import type delphi from './en.json';
import type delphiGames from '../games/i18n/en.json';
import type delphiData from '../research-data/i18n/en.json';
import type delphiPlots from '../research-data/plots/i18n/en.json';
import type delphiMemo from '../games/morning-memo/i18n/en.json';
import type delphiRecordings from '../research-data/recordings/i18n/en.json';
import type delphiWordLinks from '../games/word-links/i18n/en.json';
import type delphiColorCatch from '../games/color-catch/i18n/en.json';
import type delphiMimeMix from '../games/mime-mix/i18n/en.json';
import type delphiStudies from '../studies/i18n/en.json';

export interface Namespaces {
  delphi: typeof delphi;
  delphiGames: typeof delphiGames;
  delphiData: typeof delphiData;
  delphiPlots: typeof delphiPlots;
  delphiMemo: typeof delphiMemo;
  delphiRecordings: typeof delphiRecordings;
  delphiWordLinks: typeof delphiWordLinks;
  delphiColorCatch: typeof delphiColorCatch;
  delphiMimeMix: typeof delphiMimeMix;
  delphiStudies: typeof delphiStudies;
}
