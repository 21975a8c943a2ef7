/**
 * The session area: login sessions. They are read for every request by registerSessionUser,
 * which app.ts adds with the HTTP policy before any area's routes; the area has no routes of its own.
 */
import type { ServerArea } from '../../areas/server-area';

export const sessionArea: ServerArea = {
  name: 'session',
  tables: ['sessions'],
  migrations: {},
  register: () => undefined,
};
