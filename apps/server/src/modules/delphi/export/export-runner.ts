/**
 * Runs exports in the background, one at a time, outside any request: `File generate`
 * only queues. Progress is written to the record after each batch so `File list` shows
 * it. A file is written as `<id>.<ext>.part` and renamed when complete, so a download never
 * sees half a file. Closing the app aborts the export in flight and marks it failed.
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { clampProgress } from '@chi/contract';
import type { Db } from '../delphi-db';
import { exportFileName, failUnfinishedExports, findExport, updateExport } from './export.repo';
import { writeExport } from './export-writer';

export interface ExportRunnerDeps {
  readonly db: Db;
  readonly dataDir: string;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  readonly batchSize?: number;
}

export function exportsDir(dataDir: string): string {
  return join(dataDir, 'exports');
}

export class ExportRunner {
  private readonly queue: string[] = [];
  private running: Promise<void> | undefined;
  private readonly aborter = new AbortController();

  constructor(private readonly deps: ExportRunnerDeps) {}

  /** Marks exports a previous process left unfinished as failed; call before serving. */
  async recover(): Promise<void> {
    const failed = await failUnfinishedExports(this.deps.db, this.deps.now());
    if (failed > 0) this.deps.log.warn({ failed }, 'exports interrupted by the last shutdown were marked failed');
  }

  enqueue(id: string): void {
    this.queue.push(id);
    this.drain();
  }

  /** Resolves when the queue is empty (tests and the benchmark wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.queue.length = 0;
    this.aborter.abort(new Error('The server shut down during the export. Generate it again.'));
    await this.idle();
  }

  private drain(): void {
    if (this.running || this.aborter.signal.aborted) return;
    this.running = (async () => {
      for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) await this.run(id);
    })().finally(() => {
      this.running = undefined;
      // An id queued while the loop was finishing would otherwise wait for the next enqueue.
      if (this.queue.length > 0) this.drain();
    });
  }

  private async run(id: string): Promise<void> {
    const { db, dataDir, now, log } = this.deps;
    const record = await findExport(db, id);
    if (!record || record.status !== 'queued') return;
    const dir = exportsDir(dataDir);
    const file = join(dir, exportFileName(record));
    const part = `${file}.part`;
    try {
      await mkdir(dir, { recursive: true });
      await updateExport(db, id, { status: 'running', started_at: now().toISOString() });
      let lastProgress = -1;
      const { rows } = await writeExport(db, {
        file: part,
        format: record.format,
        signal: this.aborter.signal,
        ...(this.deps.batchSize ? { batchSize: this.deps.batchSize } : {}),
        onProgress: async (p) => {
          // 99 at most until the file is renamed: "100" means downloadable.
          const progress = Math.min(99, Math.floor(clampProgress(p.total === 0 ? 100 : (p.rows / p.total) * 100)));
          if (progress === lastProgress && p.rows < p.total) return;
          lastProgress = progress;
          await updateExport(db, id, { progress, rows: p.rows });
        },
      });
      await rename(part, file);
      await updateExport(db, id, { status: 'done', progress: 100, rows, finished_at: now().toISOString() });
    } catch (error) {
      log.error({ err: error, exportId: id }, 'export failed');
      await rm(part, { force: true }).catch(() => undefined);
      const reason = this.aborter.signal.aborted ? String((this.aborter.signal.reason as Error).message) : 'The export failed; see the server log.';
      await updateExport(db, id, { status: 'failed', error: reason, finished_at: now().toISOString() }).catch(() => undefined);
    }
  }
}
