/**
 * The pipes area (ADR 020): live streams of events. It decorates `app.pipes`, which the
 * assistants area streams its answers through, so it is listed before assistants.
 */
import type { ServerArea } from '../areas/server-area';
import { registerPipes } from './pipes';

export const pipesArea: ServerArea = {
  name: 'pipes',
  tables: ['pipes', 'pipe_events'],
  migrations: {},
  register: (app, { config, database, now, jobs, userData }) => void registerPipes(app, { config, database, now, jobs, userData }),
};
