/** Starts the real server (`apps/server/src/main.ts`) on a free port with a temporary DATA_DIR. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_DIR = join(REPO_ROOT, 'apps', 'server');
const READY = /CHI research framework ready on http:\/\/[^:]+:(\d+)/;

export interface RunningServer {
  port: number;
  dataDir: string;
  /** `http://<app>.chi.localhost:<port><path>`: Chromium resolves every *.localhost to loopback. */
  url(app: string | null, path?: string): string;
  output(): string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chi-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: '0',
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
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
  let stopped: Promise<void> | undefined;
  return {
    port,
    dataDir,
    url: (app, path = '/') => `http://${app ? `${app}.` : ''}chi.localhost:${port}${path}`,
    output: () => output,
    stop: () => {
      stopped ??= stopProcess(child).then(() => rm(dataDir, { recursive: true, force: true }));
      return stopped;
    },
  };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
