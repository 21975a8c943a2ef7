/** Starts the real server on a free port with a temporary DATA_DIR, removed again on stop. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchServerProcess } from './server-process';

export interface RunningServer {
  port: number;
  /** The server process (e.g. for a benchmark reading its CPU time from /proc). */
  pid: number;
  dataDir: string;
  /** `http://<app>.chi.localhost:<port><path>`: Chromium resolves every *.localhost to loopback. */
  url(app: string | null, path?: string): string;
  output(): string;
  stop(): Promise<void>;
}

export function appUrl(port: number, app: string | null, path = '/'): string {
  return `http://${app ? `${app}.` : ''}chi.localhost:${port}${path}`;
}

/** `nodeArgs`: options for node itself (e.g. a benchmark's `--cpu-prof`). */
export async function startServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chi-e2e-'));
  const server = await launchServerProcess({ env: { DATA_DIR: dataDir, ...env }, nodeArgs });
  let stopped: Promise<void> | undefined;
  return {
    port: server.port,
    pid: server.pid,
    dataDir,
    url: (app, path) => appUrl(server.port, app, path),
    output: server.output,
    stop: () => (stopped ??= server.stop().then(() => rm(dataDir, { recursive: true, force: true }))),
  };
}
