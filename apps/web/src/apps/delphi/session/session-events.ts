/**
 * Session events (issue 17, ADR 026), all through the outbox as `logEvent` records:
 * - the session context, once per participant session (this tab's sessionStorage): app version,
 *   screen, pixel ratio, time zone, language, input type, and the display's refresh rate and
 *   frame jitter measured with the timing module's FrameMeter (the browser and OS are parsed on
 *   the server from the user agent);
 * - attention events: the page hidden and visible again, the window blurred and focused again
 *   (the return carries how long it was away), fullscreen exited, the browser's Back pressed
 *   during a game (logBack, from the game kit's history guard; issue 25);
 * - a progress-bar step entered (game-progress.tsx calls logStep).
 * Each names the game being played in this page, if any; the server joins them to trials by time.
 */
import type { delphi } from '@chi/contract';
import { sessionStore } from '../../../shell/durable-queue/safe-storage';
import { suiteStore, type SuiteSession } from '../suite/suite-store';
import { currentRun, epochNow } from '../suite/game-run';
import { getOutbox } from '../outbox/outbox-client';
import { FrameMeter, eventEpoch } from '../../../game-kit/timing';
import { currentInputType } from '../../../game-kit/input/input-hints';

/** How long the display is measured (frames), and the longest wait for them (a hidden tab has none). */
const MEASURE_FRAMES = 120;
const MEASURE_MAX_MS = 4000;

let watching: string | null = null;
const loggedSteps = new Set<string>();

function log(kind: delphi.EventKind, at: number, fields: Record<string, unknown> = {}): void {
  const session = suiteStore.get().session;
  if (!session) return;
  const run = currentRun();
  getOutbox(session.participantId, session.suiteId).enqueue('logEvent', run?.gameRef ?? '', {
    participant: session.participantId,
    suite: session.suiteId,
    kind,
    at,
    ...(run ? { gameName: run.gameName } : {}),
    ...fields,
  });
}

/** rAF deltas for up to MEASURE_FRAMES frames or MEASURE_MAX_MS, whichever comes first. */
function measureDisplay(): Promise<FrameMeter> {
  return new Promise((resolve) => {
    const meter = new FrameMeter();
    if (typeof requestAnimationFrame !== 'function') {
      resolve(meter);
      return;
    }
    let handle = 0;
    const done = () => {
      cancelAnimationFrame(handle);
      clearTimeout(timer);
      resolve(meter);
    };
    const timer = setTimeout(done, MEASURE_MAX_MS);
    const frame = (time: number) => {
      meter.frame(time);
      if (meter.frames >= MEASURE_FRAMES) done();
      else handle = requestAnimationFrame(frame);
    };
    handle = requestAnimationFrame(frame);
  });
}

function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

async function logContext(session: SuiteSession): Promise<void> {
  const key = `chi.delphi.context.${session.participantId}.${session.suiteId}`;
  const store = sessionStore();
  if (store.getItem(key) !== null) return;
  store.setItem(key, '1');
  const meter = await measureDisplay();
  const interval = meter.intervalMs();
  const context: delphi.SessionContextInput = {
    appVersion: (import.meta.env.VITE_CHI_COMMIT as string | undefined) ?? 'dev',
    screenWidth: Math.round(window.screen?.width ?? 0),
    screenHeight: Math.round(window.screen?.height ?? 0),
    devicePixelRatio: window.devicePixelRatio || 1,
    timeZone: timeZone(),
    language: navigator.language ?? '',
    inputType: currentInputType(),
    refreshHz: interval === null || interval === 0 ? null : Math.round((1000 / interval) * 10) / 10,
    frameIntervalMs: interval,
    frameJitterMs: meter.spreadMs(),
    frames: meter.frames,
  };
  log('sessionContext', epochNow(), { context });
}

/** Starts the session's events for this participant and suite (once per page). */
export function startSessionEvents(session: SuiteSession): void {
  const key = `${session.participantId}.${session.suiteId}`;
  if (watching === key) return;
  const first = watching === null;
  watching = key;
  void logContext(session);
  if (!first) return;
  let hiddenAt: number | null = document.visibilityState === 'hidden' ? epochNow() : null;
  let blurredAt: number | null = null;
  let fullscreen = document.fullscreenElement != null;
  document.addEventListener('visibilitychange', (event) => {
    const at = eventEpoch(event);
    if (document.visibilityState === 'hidden') {
      hiddenAt = at;
      log('hidden', at);
    } else {
      log('visible', at, hiddenAt === null ? {} : { durationMs: Math.max(0, at - hiddenAt) });
      hiddenAt = null;
    }
  });
  window.addEventListener('blur', (event) => {
    const at = eventEpoch(event);
    blurredAt = at;
    log('blur', at);
  });
  window.addEventListener('focus', (event) => {
    const at = eventEpoch(event);
    log('focus', at, blurredAt === null ? {} : { durationMs: Math.max(0, at - blurredAt) });
    blurredAt = null;
  });
  document.addEventListener('fullscreenchange', (event) => {
    const now = document.fullscreenElement != null;
    if (fullscreen && !now) log('fullscreenExit', eventEpoch(event));
    fullscreen = now;
  });
}

/** A progress-bar step entered (once per game and step in this page). */
export function logStep(gameName: delphi.GameName, step: number, steps: number, stepName: string): void {
  const session = suiteStore.get().session;
  if (!session) return;
  const key = `${session.suiteId}:${gameName}:${step}`;
  if (loggedSteps.has(key)) return;
  loggedSteps.add(key);
  log('step', epochNow(), { gameName, step, steps, stepName: stepName.slice(0, 200) });
}

/** The browser's Back (or Forward) pressed while a game ran (kit/history-guard.ts): an attention event. */
export function logBack(at: number): void {
  log('back', at);
}
