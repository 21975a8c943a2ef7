/** Health, public client configuration and the OpenAPI document. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ALL_DESCRIPTORS, ERRORS, buildOpenApi, system } from '@chi/contract';
import type { OpenApiDocument } from '@chi/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { registerHandler } from '../../http/registrar';

export interface SystemDeps {
  readonly config: Config;
  readonly database: Database;
  readonly version: string;
}

export function registerSystemRoutes(app: FastifyInstance, { config, database, version }: SystemDeps): void {
  registerHandler(app, system.health, async (_input, { request }) => {
    try {
      await sql`select 1`.execute(database.db);
    } catch (error) {
      // A load balancer polls this: answer 503 so it routes elsewhere, and say why in the log.
      request.log.warn({ err: error }, 'health check: database unavailable');
      throw new AppError(ERRORS.unavailable, { cause: error });
    }
    return { status: 'ok', database: database.dialect, version };
  });

  registerHandler(app, system.config, async () => ({
    version,
    publicDomain: config.publicDomain,
    gameTimeScale: config.gameTimeScale,
  }));

  // Built on first request, when every module has loaded its descriptors, then reused.
  let openApi: OpenApiDocument | undefined;
  registerHandler(app, system.openApi, async () => (openApi ??= buildOpenApi(ALL_DESCRIPTORS, version)));
}
