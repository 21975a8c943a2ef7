/**
 * Debian's headless Chromium with a DevTools port, for Lighthouse (which drives the browser
 * itself over that port). Same flags as the end-to-end suite (DESIGN §8); nothing is downloaded.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';

const LISTENING = /DevTools listening on ws:\/\/[^:]+:(\d+)\//;
const START_TIMEOUT_MS = 30_000;

export interface DebuggingChromium {
  readonly port: number;
  close(): Promise<void>;
}

export async function launchDebuggingChromium(): Promise<DebuggingChromium> {
  const profile = await mkdtemp(join(tmpdir(), 'chi-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port in 30 s:\n${output}`)), START_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}:\n${output}`));
    });
  });
  return {
    port,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}
