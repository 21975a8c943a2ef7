/**
 * A server that can be stopped and started again on the same port and DATA_DIR, for the
 * outage test (the shared `startServer` removes its DATA_DIR on stop and picks a new port).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'server');
const READY = /CHI research framework ready on/;

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

function launch(port: number, dataDir: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_DOMAIN: 'chi.localhost',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chi-e2e-restart-'));
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port, dataDir, env);
  return {
    port,
    dataDir,
    url: (app, path = '/') => `http://${app ? `${app}.` : ''}chi.localhost:${port}${path}`,
    async stop() {
      await stopProcess(child);
      child = undefined;
    },
    async restart() {
      await stopProcess(child);
      child = await launch(port, dataDir, env);
    },
    async dispose() {
      await stopProcess(child);
      child = undefined;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
