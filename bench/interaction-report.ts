/**
 * The interaction bench's report (issue 23, bench/interaction.ts measures): the tables printed
 * beside Lighthouse's, each figure with its target, and `bench/results/interaction.json`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { INTERACTION_TARGETS, type Figures, type InteractionResults } from './interaction';
import type { Throttle } from './support/phone';

const ms = (f: Figures | undefined, key: keyof Figures) => (f ? f[key] : '–');

function verdict(throttle: Throttle, f: Figures | undefined): string {
  if (!f) return 'NO DATA';
  if (throttle === 'phone') return f.medianMs <= INTERACTION_TARGETS.phone.medianMs && f.worstMs <= INTERACTION_TARGETS.phone.worstMs ? 'met' : 'MISSED';
  return f.medianMs <= INTERACTION_TARGETS.none.medianMs ? 'met' : 'MISSED';
}

function printTraces(traces: InteractionResults['traces']): void {
  console.log('\nTraced taps: main-thread work from the tap\'s dispatch to its result\'s frame (ms, throttled wall time)');
  for (const { label, paintedMs, summary } of traces) {
    if (!summary) {
      console.log(`${label}: painted ${paintedMs}; no tap found in the trace`);
      continue;
    }
    console.log(`${label}: painted ${paintedMs}, main thread busy ${summary.busyMs}; ${summary.byKind.map(([k, v]) => `${k} ${v}`).join(', ')}`);
    for (const task of summary.tasks) console.log(`    task at ${task.atMs} for ${task.durMs}: ${task.parts.map(([k, v]) => `${k} ${v}`).join(', ')}`);
  }
}

export function printInteraction(results: InteractionResults): void {
  const { conditions } = results;
  if (results.traces.length > 0) printTraces(results.traces);
  const { throttling, cpuCalibration: c } = conditions;
  const cpu = c ? `${throttling.cpuSlowdown}× CPU calibrated: host index ${c.hostIndex} → ${c.phoneIndex}, Lighthouse's reference phone ${c.targetIndex}` : `${throttling.cpuSlowdown}× CPU`;
  // A run without the throttled phone (`--throttle=none`) names no phone conditions it did not use.
  const throttles = [
    conditions.throttles.includes('phone') ? `phone = ${cpu}, ${throttling.latencyMs} ms RTT, ${throttling.downloadKbps / 1024} Mbit/s down, ${throttling.uploadKbps} kbit/s up` : null,
    conditions.throttles.includes('none') ? 'none = unthrottled' : null,
  ].filter((part) => part !== null);
  console.log(
    `\nFirst tap on a phone (${[`${conditions.screen.width}×${conditions.screen.height} touch`, ...throttles].join('; ')}): ` +
      `tap's timeStamp → the presentation of the frame that painted its result, ms, ${conditions.runs} runs; load ${conditions.loadAverage.map((l) => l.toFixed(1)).join('→')}`,
  );
  console.table(
    results.taps.map((r) => {
      const f = r.medianMs === undefined ? undefined : { medianMs: r.medianMs, worstMs: r.worstMs ?? NaN };
      const events = r.eventMs.filter((e): e is number => e !== null);
      return {
        page: r.page,
        tap: r.tap,
        throttle: r.throttle,
        'read s': r.readingMs / 1000,
        visit: r.visit,
        median: ms(f, 'medianMs'),
        worst: ms(f, 'worstMs'),
        'INP-style worst': events.length > 0 ? Math.max(...events) : '<16',
        failed: r.failures,
        target: verdict(r.throttle, f),
      };
    }),
  );
  console.log(
    `targets: phone ≤ ${INTERACTION_TARGETS.phone.medianMs} ms median and ≤ ${INTERACTION_TARGETS.phone.worstMs} ms worst; ` +
      `unthrottled ≤ ${INTERACTION_TARGETS.none.medianMs} ms median. INP-style: Event Timing's duration of the tap (to the first paint after its handlers, not its result)`,
  );
  if (results.games.length === 0) return;
  console.log(`\nInside a game: response tap → blank painted, and → next screen painted less the game's own blank, ms (${conditions.runs} runs)`);
  console.table(
    results.games.map((g) => ({
      game: g.game,
      throttle: g.throttle,
      responses: g.nextMs.length,
      'blank ms': g.blankMs,
      'blank painted median': ms(g.ack, 'medianMs'),
      'blank painted worst': ms(g.ack, 'worstMs'),
      'next screen median': ms(g.next, 'medianMs'),
      'next screen worst': ms(g.next, 'worstMs'),
      failed: g.failures,
      target: g.throttle === 'phone' ? (g.next ? (g.next.medianMs <= INTERACTION_TARGETS.phone.gameNextMs ? 'met' : 'MISSED') : 'NO DATA') : '',
    })),
  );
  console.log(`target: next screen ≤ ${INTERACTION_TARGETS.phone.gameNextMs} ms on the throttled phone, the blank not counted`);
}

export async function writeInteraction(resultsDir: string, results: InteractionResults): Promise<void> {
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, 'interaction.json');
  await writeFile(file, JSON.stringify(results, null, 2) + '\n');
  console.log(`written ${file}`);
}
