/**
 * CPU time and wall time of `writeExport` alone, in this process, over an already seeded
 * database (no HTTP, no file): the least noisy figure of the export on a shared machine (ADR 070).
 * The output is counted, hashed (SHA-256) and discarded, so two versions of the writer can be
 * shown to write the very same bytes for a million rows.
 *
 *   node --import tsx bench/export-writer-cpu.ts --seed --data-dir=/tmp/x            (seed 10⁶ once)
 *   node --import tsx bench/export-writer-cpu.ts --data-dir=/tmp/x [--formats=csv,json]
 *   node --import tsx bench/export-writer-cpu.ts --database-url=postgres://… --schema=s [--seed]
 *   … --worker[=MB]: through the export worker thread (as the server does; heap limit MB, default 64)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { exportScope } from '../apps/server/src/modules/delphi/studies/data-scope';
import { writeExport } from '../apps/server/src/modules/delphi/export/export-writer';
import { openExportWorker } from '../apps/server/src/modules/delphi/export/export-worker-host';
import { seedResponses } from './seed-responses';
import { seedResponsesPg } from './seed-responses-pg';

/** The process's peak resident memory (VmHWM, all threads), MB. */
const peakRss = () => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);

const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

async function main(): Promise<void> {
  const dataDir = flag('data-dir') ?? '/tmp';
  const url = flag('database-url');
  const schema = flag('schema');
  const responses = Number(flag('responses') ?? 1_000_000);
  if (process.argv.includes('--seed')) {
    const { seconds } = url ? await seedResponsesPg(url, schema ?? 'bench_cpu', responses) : await seedResponses(dataDir, responses);
    console.log(`seeded ${responses} responses in ${seconds.toFixed(1)} s`);
  }
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema ?? 'bench_cpu' } : {}) });
  const database = createDatabase(config);
  try {
    const scope = await exportScope(database.db, 'default', 'live');
    for (const format of (flag('formats') ?? 'csv,json').split(',') as ('csv' | 'json')[]) {
      const hash = createHash('sha256');
      let bytes = 0;
      const output = new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          hash.update(chunk);
          done();
        },
      });
      const cpu = process.cpuUsage();
      const started = performance.now();
      const workerFlag = process.argv.find((arg) => arg === '--worker' || arg.startsWith('--worker='));
      const worker = workerFlag ? openExportWorker(database.source, Number(workerFlag.split('=')[1] ?? 64)) : undefined;
      // As the server: read ahead on PostgreSQL in this thread only, never in the worker (ADR 070, h28).
      const { rows } = await writeExport(database.db, {
        readArrays: database.readArrays, output, format, scope,
        readAhead: database.dialect === 'postgres' && !worker, ...(worker ? { chunkSource: worker.chunks } : {}),
      });
      await worker?.close();
      const wall = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const rss = Math.round(process.memoryUsage().rss / 1024 / 1024);
      console.log(
        `${database.dialect} ${format}: ${rows} rows, ${bytes} bytes, sha256 ${hash.digest('hex').slice(0, 16)}, ` +
          `wall ${wall.toFixed(2)} s, cpu ${((used.user + used.system) / 1e6).toFixed(2)} s (user ${(used.user / 1e6).toFixed(2)}), rss now ${rss} MB, peak ${peakRss()} MB`,
      );
    }
  } finally {
    await database.destroy();
  }
}

await main();
