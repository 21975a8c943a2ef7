/** The CCF area (issue 15): keyed sessions of fields and their answers. */
import type { ServerArea } from '../../areas/server-area';
import { registerCcfRoutes } from './ccf.routes';
import { CCF_MIGRATIONS } from './migrations/index';

export const ccfArea: ServerArea = {
  name: 'ccf',
  tables: ['ccf_sessions', 'ccf_session_keys', 'ccf_fields', 'ccf_participants', 'ccf_field_events', 'ccf_answers'],
  migrations: CCF_MIGRATIONS,
  register: (app, { config, database, now, mailer, limiter, userData }) => registerCcfRoutes(app, { config, database, now, mailer, limiter, userData }),
};
