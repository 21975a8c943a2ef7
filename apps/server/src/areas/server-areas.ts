/**
 * Every server area, in the order app.ts registers them (ADR 066). This list is the one place a
 * new area is added: app.ts registers each area's routes, jobs and person data from it, and the
 * migration list (db/migrations/index.ts) merges each area's migrations by name.
 * Order matters only for person data (forgotten in this order) and pipes before assistants.
 */
import { accountArea } from '../modules/account/account-area';
import { assistantsArea } from '../modules/assistants/assistants-area';
import { ccfArea } from '../modules/ccf/ccf-area';
import { creavisionsArea } from '../modules/creavisions/creavisions-area';
import { delphiArea } from '../modules/delphi/delphi-area';
import { documentsArea } from '../modules/documents/documents-area';
import { keyedSessionArea } from '../modules/keyed-session/keyed-session-area';
import { imageProxyArea } from '../modules/image-proxy/image-proxy-area';
import { sessionArea } from '../modules/session/session-area';
import { shortLinksArea } from '../modules/short-links/short-links-area';
import { systemArea } from '../modules/system/system-area';
import { uploadsArea } from '../modules/uploads/uploads-area';
import { pipesArea } from '../pipes/pipes-area';
import type { ServerArea } from './server-area';

export const SERVER_AREAS: readonly ServerArea[] = [
  systemArea,
  accountArea,
  sessionArea,
  keyedSessionArea,
  delphiArea,
  documentsArea,
  shortLinksArea,
  uploadsArea,
  imageProxyArea,
  ccfArea,
  pipesArea,
  assistantsArea,
  creavisionsArea,
];
