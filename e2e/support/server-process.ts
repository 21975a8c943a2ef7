/**
 * The one way our tools start the real server: the compiled bundle `apps/server/dist/main.js`
 * under plain `node`, as `npm start` runs it (ADR 009), resolved once its ready line names the
 * port. e2e's `startServer`, the restartable server of the outage test and the benchmark all
 * build on this; `npm run build` (or the e2e global setup) makes the bundle.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'server');
const SERVER_ENTRY = join(SERVER_DIR, 'dist', 'main.js');
const READY = /CHI research framework ready on http:\/\/[^:]+:(\d+)/;
const START_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  readonly pid: number;
  /** The port the server listens on (the real one when started with port 0). */
  readonly port: number;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>;
}

export interface LaunchOptions {
  /** 0 (the default) lets the server pick a free port. */
  port?: number;
  /** Environment on top of ours; DATA_DIR belongs here. */
  env?: Record<string, string>;
  /** Options for node itself before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

export async function launchServerProcess({ port = 0, env = {}, nodeArgs = [] }: LaunchOptions = {}): Promise<ServerProcess> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build -w apps/server\` first`);
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, SERVER_ENTRY], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      PUBLIC_DOMAIN: 'chi.localhost',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const readyPort = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Never left running unseen: the caller gets no handle to stop it.
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 60 s:\n${output}`));
    }, START_TIMEOUT_MS);
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
  if (child.pid === undefined) throw new Error('server has no pid');
  let stopped: Promise<void> | undefined;
  return {
    pid: child.pid,
    port: readyPort,
    output: () => output,
    stop: () => (stopped ??= stopProcess(child)),
  };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
