/** Starts the real entry point as `npm start` would and reads what it prints. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_IDS } from '@chi/contract';
import { SERVER_ROOT } from './paths';

const dataDir = mkdtempSync(join(tmpdir(), 'chi-main-test-'));
const children: ChildProcess[] = [];
afterAll(() => {
  // A failed assertion must not leave a server running.
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** Resolves with stdout once the last ready line (the database line) has been printed. */
function readyOutput(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/\n {2}database {6}.*\n/.test(out)) resolve(out);
    });
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('main', () => {
  it('starts on a free port, prints every app URL, serves the API and stops on SIGTERM', async () => {
    const child = startServer({ PORT: '0', DATA_DIR: dataDir, PUBLIC_DOMAIN: 'chi.localhost' });
    const output = await readyOutput(child);
    const port = /^CHI research framework ready on http:\/\/127\.0\.0\.1:(\d+)$/m.exec(output)?.[1];
    expect(port).toBeDefined();
    expect(Number(port)).toBeGreaterThan(0);
    for (const app of APP_IDS) {
      expect(output).toContain(`  ${app.padEnd(12)}  http://${app}.chi.localhost:${port}\n`);
    }
    expect(output).toContain(`  database      ${join(dataDir, 'chi.sqlite')}\n`);

    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite' });

    const stopped = exited(child);
    child.kill('SIGTERM');
    expect((await stopped).code).toBe(0);
  });

  it('refuses a bad variable with its name, without a stack, and exits 1', async () => {
    const { code, stderr } = await exited(startServer({ PORT: 'eighty', DATA_DIR: dataDir }));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Invalid configuration: PORT must be an integer between 0 and 65535');
  });
});
