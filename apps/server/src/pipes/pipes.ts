/**
 * The pipes of this app (ADR 020): one hub per process, the SSE route, and an hourly clean-up
 * of old events. Modules publish with `app.pipes.publish(pipe, event)`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobWorker } from '../jobs/job-worker';
import { PipeHub } from './pipe-hub';
import { registerPipeRoutes } from './pipe.routes';

export const PIPES_CLEAN_UP_KIND = 'pipes-clean-up';

export function registerPipes(app: FastifyInstance, deps: { config: Config; database: Database; now: () => Date; jobs: JobWorker }): PipeHub {
  const { config, database } = deps;
  const hub = new PipeHub({
    db: database.db,
    ...(config.database.dialect === 'postgres' ? { postgres: { url: config.database.url, schema: config.databaseSchema } } : {}),
    log: app.log,
    now: deps.now,
    // PostgreSQL readers are woken by NOTIFY, so polling is only their safety net.
    pollMs: config.database.dialect === 'postgres' ? 2_000 : 250,
  });
  app.decorate('pipes', hub);
  registerPipeRoutes(app, hub, config.limits.pipeStreamsPerUser);
  deps.jobs.define({ kind: PIPES_CLEAN_UP_KIND, payload: z.object({}), run: async () => void (await hub.cleanUp()) });
  deps.jobs.schedule(PIPES_CLEAN_UP_KIND, 60 * 60 * 1000);
  app.addHook('onClose', () => hub.close());
  return hub;
}

declare module 'fastify' {
  interface FastifyInstance {
    pipes?: PipeHub;
  }
}
