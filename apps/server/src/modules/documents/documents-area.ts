/** The documents area: generic documents of every app and their proxies. */
import type { ServerArea } from '../../areas/server-area';
import { registerDocumentRoutes } from './documents.routes';

export const documentsArea: ServerArea = {
  name: 'documents',
  tables: ['documents', 'document_proxies'],
  migrations: {},
  register: (app, { database, now, userData, limiter }) => registerDocumentRoutes(app, { database, now, userData, limiter }),
};
