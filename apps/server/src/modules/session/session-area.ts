/**
 * The session area's routes: session keys. Its login sessions are read for every request by
 * registerSessionUser, which app.ts adds with the HTTP policy before any area's routes.
 */
import type { ServerArea } from '../../areas/server-area';
import { registerSessionKeyRoutes } from './session-key.routes';

export const sessionArea: ServerArea = {
  name: 'session',
  tables: ['sessions', 'session_keys'],
  migrations: {},
  register: (app, { config, database, now, limiter }) => registerSessionKeyRoutes(app, { config, database, now, limiter }),
};
