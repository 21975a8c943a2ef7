/** The creative-visions area (issue 16, ADR 030): events, sittings, entries and their log. */
import type { ServerArea } from '../../areas/server-area';
import { registerCreavisionsRoutes } from './creavisions.routes';
import { CREAVISIONS_MIGRATIONS } from './migrations/index';

export const creavisionsArea: ServerArea = {
  name: 'creavisions',
  tables: ['cv_events', 'cv_event_keys', 'cv_sessions', 'cv_entries', 'cv_log'],
  migrations: CREAVISIONS_MIGRATIONS,
  register: (app, { config, database, now, mailer, limiter, userData }) =>
    registerCreavisionsRoutes(app, { config, database, now, mailer, limiter, userData }),
};
