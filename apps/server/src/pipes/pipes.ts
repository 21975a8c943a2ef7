/**
 * The pipes of this app (ADR 020): one hub per process, the SSE route, and an hourly clean-up
 * of old events. Modules publish with `app.pipes.publish(pipe, event)`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobWorker } from '../jobs/job-worker';
import type { UserDataRegistry } from '../modules/account/user-data-registry';
import { PipeHub } from './pipe-hub';
import { registerPipeRoutes } from './pipe.routes';

export const PIPES_CLEAN_UP_KIND = 'pipes-clean-up';

export function registerPipes(
  app: FastifyInstance,
  deps: { config: Config; database: Database; now: () => Date; jobs: JobWorker; userData: UserDataRegistry },
): PipeHub {
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
  // A pipe carries a person's answers while they stream (ADR 055): it goes with them.
  deps.userData.register({
    name: 'pipes',
    columns: ['pipes.owner_id'],
    forget: async (accountId, trx) => {
      const owned = trx.selectFrom('pipes').select('name').where('owner_id', '=', accountId);
      await trx.deleteFrom('pipe_events').where('pipe', 'in', owned).execute();
      await trx.deleteFrom('pipes').where('owner_id', '=', accountId).execute();
    },
    export: async (accountId, db) => {
      const pipes = await db.selectFrom('pipes').select(['name', 'created_at']).where('owner_id', '=', accountId).orderBy('created_at').execute();
      return pipes.length === 0 ? undefined : pipes.map((p) => ({ name: p.name, createdAt: p.created_at }));
    },
  });
  return hub;
}

declare module 'fastify' {
  interface FastifyInstance {
    pipes?: PipeHub;
  }
}
