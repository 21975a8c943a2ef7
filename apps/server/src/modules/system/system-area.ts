/** The system area: health, config and the OpenAPI document; no tables of its own. */
import type { ServerArea } from '../../areas/server-area';
import { registerSystemRoutes } from './system.routes';

export const systemArea: ServerArea = {
  name: 'system',
  tables: [],
  migrations: {},
  register: (app, { config, database, version }) => registerSystemRoutes(app, { config, database, version }),
};
