/** The delphi area: studies, suites, games, records, exports, recordings and the Word Links lexicon. */
import type { ServerArea } from '../../areas/server-area';
import { registerDelphiRoutes } from './delphi.routes';
import { DELPHI_MIGRATIONS } from './migrations/index';
import { registerStudyRoutes } from './studies/studies.routes';
import { registerWordLinkRoutes } from './word-links/word-links.routes';

export const delphiArea: ServerArea = {
  name: 'delphi',
  tables: [
    'delphi_suites',
    'delphi_games',
    'delphi_rounds',
    'delphi_prompts',
    'delphi_responses',
    'delphi_exports',
    'delphi_exclusion_log',
    'delphi_suite_releases',
    'delphi_events',
    'delphi_plot_cells',
    'delphi_game_figures',
    'delphi_recordings',
    'delphi_recording_parts',
    'delphi_studies',
    'delphi_study_versions',
    'delphi_study_consents',
    'delphi_study_members',
  ],
  migrations: DELPHI_MIGRATIONS,
  register: (app, { config, database, now, userData, jobs, storage, warmUpWordLinks }) => {
    registerDelphiRoutes(app, { config, database, now, userData, jobs, storage });
    registerStudyRoutes(app, { database, now, userData });
    registerWordLinkRoutes(app, { database, warmUp: warmUpWordLinks });
  },
};
