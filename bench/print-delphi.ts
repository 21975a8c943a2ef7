/** Prints the issue 4 figures beside their targets. */
import type { ExportFigures } from './export-million';
import type { LogRecordsFigures, LogResponseFigures, Throughput } from './log-response';

export const DELPHI_TARGETS = {
  logResponsePerSecond: 2_000,
  logResponseP99Ms: 50,
  exportSeconds: 30,
  exportPeakRssMb: 300,
} as const;

/** Issue 27 item 3: logResponse beside /health on the same server, and the export of 10⁶ responses per format. */
export const STUDY_DAY_TARGETS = {
  logResponseHealthRatio: 0.4,
  logResponseP99Ms: 30,
  exportSeconds: { csv: 5, json: 8, psychds: 10 },
  exportPeakRssMb: 250,
} as const;

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function printDelphi(health: Throughput, log: LogResponseFigures, exports: readonly ExportFigures[]): void {
  console.log('\nPOST logResponse beside GET /api/v1/health, same server (SQLite), autocannon, 50 connections, 10 s');
  console.table([
    { call: 'GET /api/v1/health', 'req/s': health.requestsPerSecond, 'p50 ms': health.latencyP50Ms, 'p99 ms': health.latencyP99Ms, non2xx: health.non2xx, errors: health.errors },
    { call: 'POST logResponse', 'req/s': log.requestsPerSecond, 'p50 ms': log.latencyP50Ms, 'p99 ms': log.latencyP99Ms, non2xx: log.non2xx, errors: log.errors },
  ]);
  const target = log.requestsPerSecond >= DELPHI_TARGETS.logResponsePerSecond && log.latencyP99Ms < DELPHI_TARGETS.logResponseP99Ms;
  // Requests still in flight when autocannon stops are stored but not counted: at most one per connection.
  const consistent = log.stored >= log.ok2xx && log.stored <= log.ok2xx + log.connections;
  const ratio = health.requestsPerSecond > 0 ? log.requestsPerSecond / health.requestsPerSecond : 0;
  const study = ratio >= STUDY_DAY_TARGETS.logResponseHealthRatio && log.latencyP99Ms < STUDY_DAY_TARGETS.logResponseP99Ms;
  console.log(
    `logResponse: ${log.ok2xx} acknowledged, ${log.stored} stored (${consistent ? 'none lost or doubled' : 'MISMATCH'}); ` +
      `target ≥ 2,000/s at p99 < 50 ms: ${verdict(target)}; ${ratio.toFixed(2)} × /health ` +
      `(issue 27: ≥ 0.40 × /health at p99 < 30 ms: ${verdict(study)})`,
  );
  if (exports.length > 0) printExports(exports);
}

/** The batch form beside /health: records per second, each batch as large as the outbox makes one. */
export function printLogRecords(health: Throughput, log: LogRecordsFigures): void {
  console.log(`\nPOST logRecords (batches of ${log.batchSize} responses, as the outbox plans them), same server, 50 connections, 10 s`);
  console.table([
    { call: 'POST logRecords', 'records/s': log.requestsPerSecond, 'batches/s': log.batchesPerSecond, 'p50 ms': log.latencyP50Ms, 'p99 ms': log.latencyP99Ms, non2xx: log.non2xx, errors: log.errors },
  ]);
  // Batches still in flight when autocannon stops are stored but not counted: at most one per connection.
  const consistent = log.duplicates === 0 && log.stored >= log.acknowledged && log.stored <= log.acknowledged + log.connections * log.batchSize;
  const ratio = health.requestsPerSecond > 0 ? log.requestsPerSecond / health.requestsPerSecond : 0;
  console.log(
    `logRecords: ${log.acknowledged} records acknowledged, ${log.duplicates} as duplicates, ${log.refused} refused, ${log.stored} stored ` +
      `(${consistent ? 'none lost or doubled' : 'MISMATCH'}); ${ratio.toFixed(2)} records/s × /health req/s ` +
      `(issue 27: ≥ 0.40: ${verdict(ratio >= STUDY_DAY_TARGETS.logResponseHealthRatio)})`,
  );
}

export function printExports(exports: readonly ExportFigures[]): void {
  console.log('\nExport of one million responses (real server; peak = VmHWM of the server process)');
  console.table(
    exports.map((e) => {
      const seconds = STUDY_DAY_TARGETS.exportSeconds[e.format];
      return {
        dialect: e.dialect,
        format: e.format,
        seconds: e.exportSeconds,
        'file MB': e.fileMb,
        'peak RSS MB': e.serverPeakRssMb,
        'peak before MB': e.serverPeakRssBeforeMb,
        [`issue 27 target`]: `≤ ${seconds} s, ≤ ${STUDY_DAY_TARGETS.exportPeakRssMb} MB: ${verdict(e.exportSeconds <= seconds && e.serverPeakRssMb <= STUDY_DAY_TARGETS.exportPeakRssMb)}`,
      };
    }),
  );
}
