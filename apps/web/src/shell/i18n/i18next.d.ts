// Keys are typed from the English files: a missing or misspelt key fails type-checking.
import type shell from './en.json';
import type legal from '../pages/legal/en.json';
import type account from '../account/i18n/en.json';
import type documents from '../documents/i18n/en.json';
import type app from '../../apps/app/i18n/en.json';
import type cloud from '../../apps/app/cloud/i18n/en.json';
import type api from '../../apps/api/i18n/en.json';
import type assistants from '../../apps/assistants/i18n/en.json';
import type assistantsPages from '../../apps/assistants/pages/i18n/en.json';
import type ccf from '../../apps/ccf/i18n/en.json';
import type ccfForms from '../../apps/ccf/i18n/forms-en.json';
import type ccfResearch from '../../apps/ccf/i18n/research-en.json';
import type creavisions from '../../apps/creavisions/i18n/en.json';
import type delphi from '../../apps/delphi/i18n/en.json';
import type delphiGames from '../../apps/delphi/i18n/games-en.json';
import type delphiData from '../../apps/delphi/i18n/data-en.json';
import type delphiPlots from '../../apps/delphi/research-data/plots/plots-en.json';
import type delphiMemo from '../../apps/delphi/games/morning-memo/memo-en.json';
import type delphiRecordings from '../../apps/delphi/research-data/recordings-en.json';
import type delphiWordLinks from '../../apps/delphi/games/word-links/i18n/en.json';
import type delphiColorCatch from '../../apps/delphi/games/color-catch/i18n/en.json';
import type delphiMimeMix from '../../apps/delphi/games/mime-mix/i18n/en.json';
import type showcase from '../../apps/showcase/i18n/en.json';
import type showcasePlay from '../../apps/showcase/i18n/play-en.json';
import type assistantsStrategies from '../../apps/assistants/strategies/i18n/en.json';
import type assistantsHr from '../../apps/assistants/hr/i18n/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof shell;
      legal: typeof legal;
      account: typeof account;
      documents: typeof documents;
      app: typeof app;
      cloud: typeof cloud;
      api: typeof api;
      assistants: typeof assistants;
      assistantsPages: typeof assistantsPages;
      ccf: typeof ccf;
      ccfForms: typeof ccfForms;
      ccfResearch: typeof ccfResearch;
      creavisions: typeof creavisions;
      delphi: typeof delphi;
      delphiGames: typeof delphiGames;
      delphiData: typeof delphiData;
      delphiMemo: typeof delphiMemo;
      delphiRecordings: typeof delphiRecordings;
      delphiWordLinks: typeof delphiWordLinks;
      delphiColorCatch: typeof delphiColorCatch;
      delphiMimeMix: typeof delphiMimeMix;
      showcase: typeof showcase;
      showcasePlay: typeof showcasePlay;
      assistantsStrategies: typeof assistantsStrategies;
      assistantsHr: typeof assistantsHr;
      delphiPlots: typeof delphiPlots;
    };
  }
}
