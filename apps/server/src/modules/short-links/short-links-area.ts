/** The short-links area. */
import type { ServerArea } from '../../areas/server-area';
import { registerShortLinkRoutes } from './short-links.routes';

export const shortLinksArea: ServerArea = {
  name: 'short-links',
  tables: ['short_links'],
  migrations: {},
  register: (app, { config, database, now, limiter, userData }) => registerShortLinkRoutes(app, { config, database, now, limiter, userData }),
};
