/** The image-proxy area (ADR 058): no tables of its own. */
import type { ServerArea } from '../../areas/server-area';
import { registerImageProxyRoutes } from './image-proxy.routes';

export const imageProxyArea: ServerArea = {
  name: 'image-proxy',
  tables: [],
  migrations: {},
  register: (app, { limiter, imageFetch }) => registerImageProxyRoutes(app, { limiter, ...(imageFetch ? { imageFetch } : {}) }),
};
