/**
 * Time and peak memory to export a million responses (issue 4 benchmark), measured on the
 * real server: seed a temporary SQLite database, start the server on it, log in as the
 * administrator, `File generate`, poll `File list` until done, and read the server's peak
 * resident memory (VmHWM) from /proc. The baseline is the server's peak before the export.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, PASSWORD_SALT, XHR_HEADER, XHR_HEADER_VALUE, account, delphi, resolvePath } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { seedResponses } from './seed-responses';
import { dropSchema, seedResponsesPg } from './seed-responses-pg';
import { launchServerProcess } from '../e2e/support/server-process';
import { memoryOf } from './support/process-memory';

export interface ExportFigures {
  dialect: 'sqlite' | 'postgres';
  format: delphi.ExportFormat;
  responses: number;
  seedSeconds: number;
  exportSeconds: number;
  fileMb: number;
  serverPeakRssMb: number;
  serverPeakRssBeforeMb: number;
  serverRssAfterMb: number;
}

const ADMIN = { email: 'bench-admin@example.org', password: 'bench admin password' };

export interface MillionExportOptions {
  readonly responses?: number;
  readonly formats?: delphi.ExportFormat[];
  /** A PostgreSQL URL: seeds and exports in a fresh schema of it (dropped at the end); SQLite when absent. */
  readonly databaseUrl?: string;
  /** Extra node options for the server (e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile the export). */
  readonly nodeArgs?: string[];
}

export async function measureMillionExport(options: MillionExportOptions = {}): Promise<ExportFigures[]> {
  const { responses = 1_000_000, formats = ['csv', 'json', 'psychds'], databaseUrl } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'chi-bench-export-'));
  const schema = `bench_export_${process.pid}`;
  try {
    const seeded = databaseUrl ? await seedResponsesPg(databaseUrl, schema, responses) : await seedResponses(dataDir, responses);
    const database: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {};
    const server = await launchServerProcess({
      env: {
        DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...database,
      },
      ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    });
    try {
      const origin = `http://127.0.0.1:${server.port}`;
      const headers: Record<string, string> = { 'content-type': 'application/json', [XHR_HEADER]: XHR_HEADER_VALUE };
      const post = async <T>(descriptor: ApiDescriptor, body: unknown): Promise<{ body: T; response: Response }> => {
        const response = await fetch(origin + API_BASE + resolvePath(descriptor), { method: 'POST', headers, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`${descriptor.name}: ${response.status} ${await response.text()}`);
        return { body: (await response.json()) as T, response };
      };
      const password = createHash('sha256').update(PASSWORD_SALT + ADMIN.password).digest('hex');
      const login = await post(account.login, { _email: ADMIN.email, password });
      const cookie = /chi_session=[^;]+/.exec(login.response.headers.get('set-cookie') ?? '')?.[0];
      if (!cookie) throw new Error('login set no session cookie');
      headers.cookie = cookie;

      const figures: ExportFigures[] = [];
      for (const format of formats) {
        const before = await memoryOf(server.pid);
        const started = performance.now();
        const { file } = (await post<{ file: delphi.ExportFile }>(delphi.generateFile, { format })).body;
        let done: delphi.ExportFile | undefined;
        while (!done) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const { files } = (await post<{ files: delphi.ExportFile[] }>(delphi.listFiles, {})).body;
          const current = files.find((f) => f._id === file._id);
          if (current?.status === 'failed') throw new Error(`export failed: ${current.error ?? ''}`);
          if (current?.status === 'done') done = current;
        }
        const exportSeconds = (performance.now() - started) / 1000;
        const after = await memoryOf(server.pid);
        if (done.rows !== responses) throw new Error(`exported ${done.rows} rows, expected ${responses}`);
        const size = (await stat(join(dataDir, 'exports', `${file._id}.${format === 'psychds' ? 'zip' : format}`))).size;
        figures.push({
          dialect: databaseUrl ? 'postgres' : 'sqlite',
          format,
          responses,
          seedSeconds: Math.round(seeded.seconds * 10) / 10,
          exportSeconds: Math.round(exportSeconds * 10) / 10,
          fileMb: Math.round(size / 1024 / 1024),
          serverPeakRssMb: after.peakRssMb,
          serverPeakRssBeforeMb: before.peakRssMb,
          serverRssAfterMb: after.rssMb,
        });
      }
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    if (databaseUrl) await dropSchema(databaseUrl, schema);
    await rm(dataDir, { recursive: true, force: true });
  }
}
