/**
 * The keyed-session area (ADR 065): session keys that let a participant or a guest into one
 * app's session (ccf, creavisions) without an account, and their routes.
 */
import type { ServerArea } from '../../areas/server-area';
import { registerSessionKeyRoutes } from './session-key.routes';

export const keyedSessionArea: ServerArea = {
  name: 'keyed-session',
  tables: ['session_keys'],
  migrations: {},
  register: (app, { config, database, now, limiter }) => registerSessionKeyRoutes(app, { config, database, now, limiter }),
};
