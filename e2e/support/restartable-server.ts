/**
 * A server that can be stopped and started again on the same port and DATA_DIR, for the
 * outage test (the shared `startServer` removes its DATA_DIR on stop and picks a new port).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { appUrl } from './server';
import { launchServerProcess, type ServerProcess } from './server-process';

export interface RestartableServer {
  port: number;
  dataDir: string;
  url(app: string | null, path?: string): string;
  /** Stops the process; the data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port and DATA_DIR. */
  restart(): Promise<void>;
  /** Stops it and removes the data. */
  dispose(): Promise<void>;
}

/** A port that was free a moment ago: the restart must reuse it, so port 0 will not do. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chi-e2e-restart-'));
  const port = await freePort();
  const launch = () => launchServerProcess({ port, env: { DATA_DIR: dataDir, ...env } });
  let server: ServerProcess | undefined = await launch();
  return {
    port,
    dataDir,
    url: (app, path) => appUrl(port, app, path),
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async restart() {
      await server?.stop();
      server = await launch();
    },
    async dispose() {
      await server?.stop();
      server = undefined;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A spec file's restartable server and browser: started together before its tests, closed after
 * (the outage specs' counterpart of `useServerAndBrowser` in fixture.ts).
 */
export function useRestartableServerAndBrowser(env: Record<string, string>): { readonly server: RestartableServer; readonly browser: Browser } {
  let server: RestartableServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startRestartableServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.dispose()]);
  });
  return {
    get server() {
      if (!server) throw new Error('the restartable server starts in beforeAll');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
  };
}
