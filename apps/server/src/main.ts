/**
 * Starts the product: configuration, database, migrations, HTTP. Run with
 * `npm start` (root) or `npm run start -w apps/server` (cwd apps/server); relative paths
 * in the environment are resolved against the repository root either way (see paths.ts).
 */
import { APP_IDS, appOrigin } from '@chi/contract';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { createDatabase } from './db/database';
import type { Database } from './db/database';
import { MigrationError, migrateToLatest } from './db/migrate';
import { createMailer } from './mail/mailer';
import type { Mailer } from './mail/mailer';
import { ensureAdminAccount } from './modules/account/admin-bootstrap';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readyLines(config: Config, port: number, database: Database, mailer: Mailer): string[] {
  return [
    `CHI research framework ready on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    ...APP_IDS.map((app) => `  ${app.padEnd(12)}  ${appOrigin(app, config.publicDomain, port)}`),
    `  mail          ${mailer.description}`,
    `  database      ${database.description}`,
  ];
}

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // A configuration mistake is the operator's to fix: the message names the variable, a stack adds nothing.
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const database = createDatabase(config, {
    onConnectionError: (error) => process.stderr.write(`database connection error: ${error.message}\n`),
    checkpointInBackground: true,
    onCheckpointProblem: (message) => process.stderr.write(`database checkpoint: ${message}\n`),
  });
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.destroy().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    fail(error instanceof MigrationError ? reason : `Cannot open the database (${database.description}): ${reason}`);
  }
  // After migrating, before serving: the first administrator can log in as soon as we listen.
  const admin = await ensureAdminAccount(database, config);
  if (admin === 'created' || admin === 'updated') process.stdout.write(`Administrator account ${config.admin?.email ?? ''} ${admin}\n`);

  const mailer = createMailer(config);
  const app = buildApp({ config, database, mailer, warmUpWordLinks: true });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.destroy().catch(() => undefined);
    fail(`Cannot listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  process.stdout.write(`${readyLines(config, port, database, mailer).join('\n')}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // A second signal means "now": do not wait for slow connections to drain.
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => database.destroy())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

start().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
