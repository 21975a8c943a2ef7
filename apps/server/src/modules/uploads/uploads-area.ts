/** The uploads area: files users upload to an app. */
import type { ServerArea } from '../../areas/server-area';
import { registerUploadRoutes } from './uploads.routes';

export const uploadsArea: ServerArea = {
  name: 'uploads',
  tables: ['uploads'],
  migrations: {},
  register: (app, { config, database, now, userData, storage }) => registerUploadRoutes(app, { config, database, now, userData, storage }),
};
