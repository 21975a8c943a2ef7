/**
 * When and in what pieces the live page starts (ADR 061, superseding 040's "only on intent"):
 * once the prerendered text is painted and the main thread is idle, or at once when the person
 * reaches for the page first; either way each step runs in a task of its own, with a yield to
 * the browser in between, so input and paint get their turn between steps (Total Blocking Time
 * stays near 0) and a tap made meanwhile is handled before the next step.
 *
 * The browser's own calls are passed in (`BootEnvironment`), so the order of events can be
 * tested without a browser.
 */

/** What the schedule needs from the browser. */
export interface BootEnvironment {
  /** Resolves in a new task, after pending input and rendering. */
  yieldNow(): Promise<void>;
  /** Calls `then` when the main thread is next idle, at the latest after `timeoutMs`. */
  whenIdle(then: () => void, timeoutMs: number): void;
}

interface SchedulerGlobal {
  scheduler?: { yield?: () => Promise<void> };
  navigator?: { scheduling?: { isInputPending?: () => boolean } };
  requestIdleCallback?: (then: () => void, options?: { timeout: number }) => number;
  MessageChannel?: typeof MessageChannel;
}

/**
 * A new task for what follows: `scheduler.yield()` where the browser has it (Chromium: the rest
 * runs before other queued tasks of lower priority, so the boot is not starved), else a
 * MessageChannel message (a task with no 4 ms timer clamp), else a timer.
 */
export function yieldToBrowser(global: SchedulerGlobal = globalThis as SchedulerGlobal): Promise<void> {
  const scheduler = global.scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield.call(scheduler);
  const Channel = global.MessageChannel;
  if (typeof Channel === 'function') {
    return new Promise((resolve) => {
      const channel = new Channel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Whether the person has input waiting (Chromium's isInputPending; false where it is missing). */
export function inputPending(global: SchedulerGlobal = globalThis as SchedulerGlobal): boolean {
  try {
    return global.navigator?.scheduling?.isInputPending?.() ?? false;
  } catch {
    return false;
  }
}

/** `requestIdleCallback`, or a timer where it is missing (Safari). */
export function whenIdle(then: () => void, timeoutMs: number, global: SchedulerGlobal = globalThis as SchedulerGlobal): void {
  if (typeof global.requestIdleCallback === 'function') global.requestIdleCallback(then, { timeout: timeoutMs });
  else setTimeout(then, Math.min(200, timeoutMs));
}

export const BROWSER: BootEnvironment = {
  yieldNow: () => yieldToBrowser(),
  whenIdle: (then, timeoutMs) => whenIdle(then, timeoutMs),
};

/** Runs the steps in order, each in a task of its own. */
export async function runInSlices(steps: readonly (() => unknown)[], env: BootEnvironment = BROWSER): Promise<void> {
  for (const step of steps) {
    await env.yieldNow();
    await step();
  }
}

/** How long an idle main thread is waited for after the paint before the boot starts anyway. */
export const IDLE_TIMEOUT_MS = 2000;

export interface BootSchedule {
  /** Starts the boot now (the person reached for the page), unless it has started already. */
  now(): void;
  /** Whether the boot has started. */
  readonly started: boolean;
}

/**
 * Starts `boot` once: when the main thread is idle after `painted` has called back, or at the
 * first `now()`, whichever comes first.
 */
export function scheduleBoot(painted: (then: () => void) => void, boot: () => void, env: BootEnvironment = BROWSER): BootSchedule {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    boot();
  };
  painted(() => env.whenIdle(start, IDLE_TIMEOUT_MS));
  return {
    now: start,
    get started() {
      return started;
    },
  };
}
