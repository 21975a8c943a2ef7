/**
 * Builds the Fastify instance: HTTP policy first (logs, headers, CSRF guard, errors, static
 * client), then each area's routes, jobs and person data (areas/server-areas.ts). It never
 * listens; main.ts does, tests use app.inject().
 */
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Config, TrustProxy } from './config';
import type { Database } from './db/database';
import { registerCompression } from './http/compression';
import { handleFrameworkError, registerErrorHandling } from './http/error-handler';
import { registerJsonBodyParser } from './http/json-body';
import { loggerOptions, registerRequestLog } from './http/logging';
import type { LoggerOverrides } from './http/logging';
import { missingHandlers } from './http/registrar';
import { decorateRequestUser } from './http/request-user';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers';
import { registerStaticClient } from './http/static-client';
import { registerUnreadBodyClose } from './http/unread-body';
import { registerXhrGuard } from './http/xhr-guard';
import { defineCleanUp } from './jobs/clean-up';
import { JobWorker } from './jobs/job-worker';
import { createMailer } from './mail/mailer';
import type { Mailer } from './mail/mailer';
import { UserDataRegistry } from './modules/account/user-data-registry';
import { AssetUsersRegistry } from './modules/account/asset-users-registry';
import { registerSessionUser } from './modules/session/session-user';
import type { ImageFetchDeps } from './modules/image-proxy/fetch-image';
import type { AreaDeps } from './areas/server-area';
import { SERVER_AREAS } from './areas/server-areas';
import { readVersion } from './paths';
import { RateLimiter } from './security/rate-limiter';
import type { FileStorage } from './storage/file-storage';
import { LocalFileStorage } from './storage/local-file-storage';

export interface BuildAppOptions {
  readonly config: Config;
  readonly database: Database;
  readonly logger?: LoggerOverrides;
  /** Defaults to the package version; tests may pin it. */
  readonly version?: string;
  /** Defaults to SMTP or the outbox as the config says; closed with the app. */
  readonly mailer?: Mailer;
  /** Modules that keep personal data hook into "forget about me" and "download my data" here. */
  readonly userData?: UserDataRegistry;
  /** The clock for sessions and tokens; tests may move it. */
  readonly now?: () => Date;
  /** Defaults to files under DATA_DIR (shared by every process when DATA_DIR is a shared volume). */
  readonly storage?: FileStorage;
  /** How often an idle job worker looks for jobs other processes enqueued (default 1 s). */
  readonly jobPollMs?: number;
  /** Load the Word Links vectors when ready instead of on the first call (the real server; ADR 017). */
  readonly warmUpWordLinks?: boolean;
  /** How the image proxy resolves and connects (ADR 058); tests reach a local server with it. */
  readonly imageFetch?: ImageFetchDeps;
}

/** Fastify's own typing has no hop count, so a count becomes the function it stands for. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

/** JSON bodies above this are refused with 413; file uploads get their own limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export function buildApp({
  config,
  database,
  logger,
  version = readVersion(),
  mailer = createMailer(config),
  userData = new UserDataRegistry(),
  now = () => new Date(),
  storage = new LocalFileStorage(config.dataDir),
  jobPollMs = 1_000,
  warmUpWordLinks = false,
  imageFetch,
}: BuildAppOptions): FastifyInstance {
  const setSecurityHeaders = securityHeaders({ studyParentOrigins: config.studyParentOrigins });
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logger),
    // registerRequestLog writes one safe line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A stalled or trickled request cannot hold a connection for ever (issue 24); live-update streams lift the idle limit.
    requestTimeout: config.limits.requestTimeoutMs,
    connectionTimeout: config.limits.idleTimeoutMs,
    // Node checks both time-outs on this interval, and only when the headers' limit is within the request's.
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.limits.requestTimeoutMs / 4)),
      headersTimeout: Math.min(60_000, config.limits.requestTimeoutMs),
    },
    // Behind a load balancer, request.ip (rate limits, logs) is the client it names, if trusted.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Errors before routing (a malformed URL) skip the hooks, so headers are set here too.
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request, reply);
      handleFrameworkError(error, request, reply);
    },
  });

  decorateRequestUser(app);
  registerJsonBodyParser(app);
  registerRequestLog(app);
  registerSecurityHeaders(app, setSecurityHeaders);
  registerUnreadBodyClose(app);
  registerXhrGuard(app);
  registerCompression(app);
  registerErrorHandling(app, registerStaticClient(app, config.webDistDir, config.publicDomain));

  registerSessionUser(app, { config, database, now });

  // Counters and jobs live in the database, so several processes on one database share them (ADR 007).
  const limiter = new RateLimiter(database.db, () => now().getTime());
  const jobs = new JobWorker({
    db: database.db,
    postgres: database.dialect === 'postgres',
    log: app.log,
    now,
    leaseMs: config.jobLeaseMs,
    pollMs: jobPollMs,
  });
  defineCleanUp(jobs, database.db, now);
  app.decorate('jobs', jobs);
  // Each area registers its routes, jobs and person data (areas/server-areas.ts, ADR 066).
  const assetUsers = new AssetUsersRegistry();
  const deps: AreaDeps = { config, assetUsers, database, now, version, mailer, limiter, userData, jobs, storage, warmUpWordLinks, ...(imageFetch ? { imageFetch } : {}) };
  for (const area of SERVER_AREAS) area.register(app, deps);
  app.addHook('onClose', async () => mailer.close());
  // Jobs start once every kind is defined and the app is ready; closing hands a running job back.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.close());

  app.addHook('onReady', async () => {
    // A descriptor in the contract without a handler would answer 404 to the web client;
    // say so loudly at start-up (a test fails on it too).
    const missing = missingHandlers(app).map((d) => `${d.method} ${d.path}`);
    if (missing.length > 0) app.log.warn({ missing }, 'contract descriptors without a server handler');
  });

  return app;
}
