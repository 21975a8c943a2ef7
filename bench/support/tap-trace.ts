/**
 * What the main thread did between a tap and the frame that painted its result (issue 23 item d):
 * a Chrome trace recorded around the tap (`Browser.startTracing`, CDP Tracing) read back as the
 * renderer main thread's tasks from the tap's first pointerdown/touchstart dispatch until the
 * result's frame, each with the work inside it summed by kind (event listeners, timers, frames,
 * script, style, layout, paint, GC). Durations are the throttled thread's wall time. Figures for
 * finding where the time goes; nothing passes or fails.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string; url?: string; functionName?: string; elementCount?: number } };
}

export interface TaskSummary {
  /** Start, ms after the tap's dispatch. */
  atMs: number;
  durMs: number;
  /** Inclusive time by kind inside the task, ms, largest first (e.g. `EventDispatch pointerdown`, `UpdateLayoutTree`). */
  parts: [string, number][];
}

export interface TapTraceSummary {
  /** The window read: tap dispatch → tap dispatch + `windowMs`. */
  windowMs: number;
  /** Main-thread busy time inside the window, ms. */
  busyMs: number;
  /** Time by kind over the whole window, ms, largest first. */
  byKind: [string, number][];
  /** Tasks of 4 ms or more, in order. */
  tasks: TaskSummary[];
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'loading',
].join(',');

/** Kinds worth naming: what a task spends its time on. */
const KINDS = new Set([
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'HitTest',
]);

function kindOf(event: TraceEvent): string | null {
  if (!KINDS.has(event.name)) return null;
  const data = event.args?.data;
  if (event.name === 'EventDispatch' && data?.type) return `EventDispatch ${data.type}`;
  if (event.name === 'FunctionCall' && data?.url) return `FunctionCall ${(data.url.split('/').pop() ?? '').split('?')[0]}:${data.functionName || '(anon)'}`;
  return event.name;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Reads `events` (a trace's traceEvents) around the tap. */
export function summariseTapTrace(events: TraceEvent[], windowMs: number): TapTraceSummary | null {
  const mainThreads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tap = events.find(
    (e) => e.name === 'EventDispatch' && (e.args?.data?.type === 'pointerdown' || e.args?.data?.type === 'touchstart') && mainThreads.some((m) => m.pid === e.pid && m.tid === e.tid),
  );
  if (!tap) return null;
  const start = tap.ts;
  const end = start + windowMs * 1000;
  const thread = events.filter((e) => e.pid === tap.pid && e.tid === tap.tid && e.ph === 'X' && typeof e.dur === 'number');
  const tasks = thread.filter((e) => e.name === 'RunTask' && e.ts + (e.dur ?? 0) >= start && e.ts <= end).sort((a, b) => a.ts - b.ts);
  const byKind = new Map<string, number>();
  const summaries: TaskSummary[] = [];
  let busy = 0;
  for (const task of tasks) {
    const taskEnd = task.ts + (task.dur ?? 0);
    busy += Math.min(taskEnd, end) - Math.max(task.ts, start);
    const parts = new Map<string, number>();
    // Inclusive time per kind, counting the outermost event of each kind only (no double count of nesting).
    const inside = thread.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= taskEnd).sort((a, b) => a.ts - b.ts);
    const openUntil = new Map<string, number>();
    for (const e of inside) {
      const kind = kindOf(e);
      if (!kind) continue;
      if ((openUntil.get(kind) ?? -1) > e.ts) continue;
      openUntil.set(kind, e.ts + (e.dur ?? 0));
      parts.set(kind, (parts.get(kind) ?? 0) + (e.dur ?? 0) / 1000);
    }
    for (const [k, v] of parts) byKind.set(k, (byKind.get(k) ?? 0) + v);
    if ((task.dur ?? 0) >= 4000) {
      summaries.push({
        atMs: round((task.ts - start) / 1000),
        durMs: round((task.dur ?? 0) / 1000),
        parts: [...parts].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => [k, round(v)]),
      });
    }
  }
  return {
    windowMs: round(windowMs),
    busyMs: round(busy / 1000),
    byKind: [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => [k, round(v)]),
    tasks: summaries,
  };
}

/** Records a trace of `page` while `act` runs; writes it to `file` (opens in DevTools' Performance panel) and returns its events. */
export async function traceAround<T>(page: Page, file: string, act: () => Promise<T>): Promise<{ result: T; events: TraceEvent[] }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('tracing needs a launched browser');
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
  let result: T;
  let buffer: Buffer;
  try {
    result = await act();
  } finally {
    buffer = await browser.stopTracing();
    await writeFile(file, buffer);
  }
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  return { result, events };
}
