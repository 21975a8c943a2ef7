/**
 * Hostile assistant files against the built server (issue 24, ADR 041): start it, upload the
 * files that froze it (40,000 unclosed `<h1>`; small DOCX files that explode when parsed: one
 * paragraph repeated, elements nested 20,000 deep, a zip bomb), poll /api/v1/health every
 * 50 ms until every file is ready or failed, and report the worst /health latency, the
 * server's peak resident memory (worker threads included) and each file's outcome.
 * Figures only, written to bench/results/ingest.json. Alone: `npm run bench -- --ingest-only`
 * (after `npm run build`), or `node --import tsx bench/ingest.ts`.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, PASSWORD_SALT, XHR_HEADER, XHR_HEADER_VALUE, account, assistants, resolvePath } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { multipart } from '../apps/server/src/modules/assistants/assistants-kit';
import { deeplyNestedDocx, manyHeadingsHtml, repeatedParagraphsDocx, zipBombDocx } from '../apps/server/src/test/hostile-files';
import { launchServerProcess } from '../e2e/support/server-process';
import { memoryOf } from './support/process-memory';

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results', 'ingest.json');
const ADMIN = { email: 'bench-ingest@example.org', password: 'bench ingest password' };
const HEALTH_TARGET_MS = 250;

export interface IngestFigures {
  files: { name: string; bytes: number; state: string; error: string | null }[];
  healthPolls: number;
  worstHealthMs: number;
  p95HealthMs: number;
  healthTargetMs: number;
  ingestSeconds: number;
  serverPeakRssMb: number;
  serverPeakRssBeforeMb: number;
}

export async function runIngestBench(): Promise<IngestFigures> {
  const files = [
    { name: 'headings.html', content: manyHeadingsHtml() },
    { name: 'repeated-small.docx', content: repeatedParagraphsDocx(100_000) },
    { name: 'repeated.docx', content: repeatedParagraphsDocx() },
    { name: 'nested.docx', content: deeplyNestedDocx(20_000) },
    { name: 'bomb.docx', content: zipBombDocx() },
  ];
  const dataDir = await mkdtemp(join(tmpdir(), 'chi-bench-ingest-'));
  const server = await launchServerProcess({ env: { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent' } });
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    const headers: Record<string, string> = { [XHR_HEADER]: XHR_HEADER_VALUE, host: `assistants.chi.localhost:${server.port}` };
    const call = async <T>(descriptor: ApiDescriptor, body: unknown, id?: string): Promise<{ body: T; response: Response }> => {
      const response = await fetch(origin + API_BASE + resolvePath(descriptor, id), {
        method: descriptor.method,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(descriptor.method === 'GET' ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${descriptor.name}: ${response.status} ${await response.text()}`);
      return { body: (await response.json()) as T, response };
    };
    const password = createHash('sha256').update(PASSWORD_SALT + ADMIN.password).digest('hex');
    const login = await call(account.login, { _email: ADMIN.email, password });
    const cookie = /chi_session=[^;]+/.exec(login.response.headers.get('set-cookie') ?? '')?.[0];
    if (!cookie) throw new Error('login set no session cookie');
    headers.cookie = cookie;
    const assistant = (await call<assistants.Assistant>(assistants.createAssistant, { name: 'Ingest bench' })).body;

    const before = await memoryOf(server.pid);
    const latencies: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const started = performance.now();
        const health = await fetch(`${origin}${API_BASE}/health`);
        await health.arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const started = performance.now();
    const body = multipart(files);
    const uploaded = await fetch(origin + API_BASE + assistants.uploadFilesPath(assistant._id, 'pipe-ingest-bench', 'upload'), {
      method: 'POST',
      headers: { ...headers, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    let outcome: assistants.AssistantFile[] = [];
    while (outcome.length < files.length || outcome.some((f) => f.state !== 'ready' && f.state !== 'failed')) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      outcome = (await call<{ files: assistants.AssistantFile[] }>(assistants.listUploadedFiles, {}, assistant._id)).body.files;
    }
    const ingestSeconds = (performance.now() - started) / 1000;
    polling = false;
    await poller;
    const after = await memoryOf(server.pid);
    const sorted = [...latencies].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      files: files.map((file) => {
        const found = outcome.find((f) => f.name === file.name);
        return { name: file.name, bytes: file.content.length, state: found?.state ?? 'missing', error: found?.error ?? null };
      }),
      healthPolls: sorted.length,
      worstHealthMs: round(sorted.at(-1) ?? 0),
      p95HealthMs: round(sorted[Math.floor(sorted.length * 0.95)] ?? 0),
      healthTargetMs: HEALTH_TARGET_MS,
      ingestSeconds: Math.round(ingestSeconds * 10) / 10,
      serverPeakRssMb: after.peakRssMb,
      serverPeakRssBeforeMb: before.peakRssMb,
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function ingestOnly(): Promise<void> {
  const figures = await runIngestBench();
  console.table(figures.files.map((f) => ({ file: f.name, KB: Math.round(f.bytes / 1024), state: f.state, reason: f.error ?? '' })));
  console.log(
    `/health: worst ${figures.worstHealthMs} ms, p95 ${figures.p95HealthMs} ms over ${figures.healthPolls} polls (target < ${figures.healthTargetMs} ms); ` +
      `ingestion ${figures.ingestSeconds} s; server peak RSS ${figures.serverPeakRssMb} MB (${figures.serverPeakRssBeforeMb} MB before the upload)`,
  );
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...figures }, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ingestOnly();
