/** Prints the issue 4 figures beside their targets. */
import type { ExportFigures } from './export-million';
import type { LogResponseFigures, Throughput } from './log-response';

export const DELPHI_TARGETS = {
  logResponsePerSecond: 2_000,
  logResponseP99Ms: 50,
  exportSeconds: 30,
  exportPeakRssMb: 300,
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
  console.log(
    `logResponse: ${log.ok2xx} acknowledged, ${log.stored} stored (${consistent ? 'none lost or doubled' : 'MISMATCH'}); ` +
      `target ≥ 2,000/s at p99 < 50 ms: ${verdict(target)}`,
  );
  console.log('\nExport of one million responses (real server, SQLite; peak = VmHWM of the server process)');
  console.table(
    exports.map((e) => ({
      format: e.format,
      seconds: e.exportSeconds,
      'file MB': e.fileMb,
      'peak RSS MB': e.serverPeakRssMb,
      'peak before MB': e.serverPeakRssBeforeMb,
      'target < 30 s, < 300 MB': verdict(e.exportSeconds < DELPHI_TARGETS.exportSeconds && e.serverPeakRssMb < DELPHI_TARGETS.exportPeakRssMb),
    })),
  );
}
