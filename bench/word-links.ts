/**
 * Word Links figures (issue 12, ADR 017): the lexicon's load time and resident memory and the
 * cost of one distance, in a fresh process; then `gloveSemanticDistance` under autocannon on
 * the bench's server (50 connections, 10 s). Written to bench/results/word-links.json.
 * Targets: load ≤ 0.5 s, distance ≤ 0.1 ms per pair.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { API_BASE, XHR_HEADER, XHR_HEADER_VALUE, wordLinks } from '@chi/contract';

const HERE = dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 50;
const DURATION_SECONDS = 10;

interface LoadFigures {
  words: number;
  fileMb: number;
  loadMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  pairMicroseconds: number;
}

async function measureLoad(): Promise<LoadFigures> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(HERE, 'support', 'word-links-load.ts')], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadFigures;
}

export async function benchWordLinks(port: number): Promise<void> {
  const load = await measureLoad();
  const origin = `http://127.0.0.1:${port}`;
  const headers = { 'content-type': 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE, host: `delphi.chi.localhost:${port}` };
  const pairs = [['tea', 'coffee'], ['train', 'volcano'], ['mice', 'cheese'], ['spoon', 'algebra']];
  let sequence = 0;
  const result = await autocannon({
    url: origin + API_BASE + wordLinks.gloveSemanticDistance.path,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const [word1, word2] = pairs[sequence++ % pairs.length] ?? ['tea', 'cup'];
          return { ...request, body: JSON.stringify({ word1, word2 }) };
        },
      },
    ],
  });
  const call = {
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.log('\nWord Links lexicon (fresh process) and gloveSemanticDistance (autocannon, 50 connections, 10 s)');
  console.table([
    {
      words: load.words,
      'file MB': load.fileMb.toFixed(1),
      'load ms (≤ 500)': load.loadMs.toFixed(0),
      'RSS after load MB': load.rssAfterMb.toFixed(0),
      'µs per pair (≤ 100)': load.pairMicroseconds.toFixed(2),
      'calls/s': call.requestsPerSecond,
      'p99 ms': call.latencyP99Ms,
      non2xx: call.non2xx,
    },
  ]);
  const file = join(HERE, 'results', 'word-links.json');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ measuredAt: new Date().toISOString(), load, gloveSemanticDistance: call }, null, 2) + '\n');
  console.log(`written ${file}`);
}
