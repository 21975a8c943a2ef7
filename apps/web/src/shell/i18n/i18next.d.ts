// Keys are typed from the English files: a missing or misspelt key fails type-checking.
import type shell from './en.json';
import type legal from '../pages/legal/en.json';
import type account from '../account/i18n/en.json';
import type documents from '../documents/i18n/en.json';
import type app from '../../apps/app/i18n/en.json';
import type cloud from '../../apps/app/cloud/i18n/en.json';
import type api from '../../apps/api/i18n/en.json';
import type assistants from '../../apps/assistants/i18n/en.json';
import type ccf from '../../apps/ccf/i18n/en.json';
import type creavisions from '../../apps/creavisions/i18n/en.json';
import type delphi from '../../apps/delphi/i18n/en.json';
import type delphiGames from '../../apps/delphi/i18n/games-en.json';
import type delphiData from '../../apps/delphi/i18n/data-en.json';
import type showcase from '../../apps/showcase/i18n/en.json';

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
      ccf: typeof ccf;
      creavisions: typeof creavisions;
      delphi: typeof delphi;
      delphiGames: typeof delphiGames;
      delphiData: typeof delphiData;
      showcase: typeof showcase;
    };
  }
}
