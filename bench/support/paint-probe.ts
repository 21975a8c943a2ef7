/**
 * Times a real touch from its event `timeStamp` to the frame that paints what it caused
 * (issue 23). A script installed before the page's own (`context.addInitScript`) notes the
 * `timeStamp` of the tap's first `pointerdown`/`touchstart` and keeps the page's Event Timing
 * entries; `tapUntilPainted` then taps with `page.touchscreen` (CDP `Input.dispatchTouchEvent`,
 * the touch a phone sends) and waits, in the page, for the first animation frame in which each
 * expected result is on screen; the result counts as painted when that frame is presented: a
 * one-character marker with an `elementtiming` attribute is added in that frame's
 * `requestAnimationFrame`, so it is painted in the same frame, and its Element Timing entry's
 * `presentationTime` is when the frame reached the screen (ADR 060 amended: checked against
 * Chrome traces' `AnimationFrame::Presentation` within 2 ms). The first ruler, the first task
 * posted from that frame that runs, is still reported (`taskAfterMs`): it runs after every task
 * queued before it (a starting page's boot steps, its modules' compiles), so it was up to
 * 90 ms late in a trace; under a lighter queue it can also run just before the presentation.
 *
 * The check runs in `requestAnimationFrame`: what it finds there is in the frame about to paint,
 * and a page whose main thread is busy paints no frame and is not checked. It runs in the first
 * frame after the tap and then only in frames after the DOM changed (a MutationObserver marks
 * them), so it adds no layout to the frames of a page that is only animating. A result made in
 * a later callback of the same frame is seen one frame (16 ms) late.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';

/** Something the tap should bring on screen (or take off it, `absent`), found by selector. */
export interface PaintCondition {
  selector: string;
  /** The element's whole text, trimmed, must be this. */
  text?: string;
  /** The element's whole text, trimmed, must not be this (e.g. a fixation cross). */
  notText?: string;
  /** The condition holds once no shown element matches (a card that the tap removes). */
  absent?: boolean;
}

export interface TapTiming {
  /** `timeStamp` of the tap's first pointerdown/touchstart (the page's clock, ms). */
  tapAt: number;
  /** Per condition, tap → the presentation of the frame that painted it (Element Timing on the probe's marker), ms. */
  paintedMs: number[];
  /** Per condition, tap → the first task posted from that frame ran (the earlier ruler, ADR 060): after whatever was queued before it, sometimes before the presentation. */
  taskAfterMs: number[];
  /**
   * The longest Event Timing duration among the tap's events (pointerdown, pointerup, click…):
   * what INP would count for this interaction, i.e. until the next paint after its handlers,
   * not until its result. null when every event took under 16 ms (the API's floor).
   */
  eventMs: number | null;
}

interface ProbeResult {
  tapAt: number;
  paintedAt: number[];
  taskAfterAt: number[];
}

interface ProbeState {
  armedAt: number;
  tapAt: number | null;
  events: { name: string; startTime: number; duration: number; interactionId: number }[];
  result: ProbeResult | null;
}

interface Probe {
  state: ProbeState;
  watch(conditions: PaintCondition[]): void;
}

type ProbeWindow = Window & { __chiProbe?: Probe };

/** Runs in the page before any of its scripts (serialised by Playwright: self-contained). */
function installProbe(): void {
  const w = window as ProbeWindow;
  if (w.__chiProbe) return;
  const state: ProbeState = { armedAt: Number.POSITIVE_INFINITY, tapAt: null, events: [], result: null };
  const onTap = (event: Event) => {
    if (state.tapAt === null && event.timeStamp >= state.armedAt) state.tapAt = event.timeStamp;
  };
  for (const type of ['pointerdown', 'touchstart']) window.addEventListener(type, onTap, { capture: true, passive: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
        state.events.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration, interactionId: entry.interactionId ?? 0 });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  } catch {
    // No Event Timing in this browser: eventMs stays null.
  }
  const shown = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const check = (element as Element & { checkVisibility?: (options: object) => boolean }).checkVisibility;
    return check ? check.call(element, { visibilityProperty: true }) : true;
  };
  const holds = (condition: PaintCondition): boolean => {
    const found = Array.from(document.querySelectorAll(condition.selector)).some((element) => {
      const text = (element.textContent ?? '').trim();
      if (condition.text !== undefined && text !== condition.text) return false;
      if (condition.notText !== undefined && text === condition.notText) return false;
      return shown(element);
    });
    return condition.absent ? !found : found;
  };
  let watching = 0;
  /** Markers painted so far, and what each one's presentation settles. */
  let markers = 0;
  const presented = new Map<string, (at: number) => void>();
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number; presentationTime?: number })[]) {
        const then = presented.get(entry.identifier);
        if (!then) continue;
        presented.delete(entry.identifier);
        // presentationTime where the browser gives it (the frame on screen), else renderTime.
        then(entry.presentationTime || entry.renderTime);
      }
    }).observe({ type: 'element', buffered: false });
  } catch {
    // No Element Timing: no result (the bench runs in Chromium, which has it).
  }
  /** Whether the DOM changed since the last check (or no check was made yet). */
  let changed = true;
  new MutationObserver(() => {
    changed = true;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  w.__chiProbe = {
    state,
    watch(conditions) {
      // A watch left by a timed-out tap stops when the next one starts.
      const own = ++watching;
      state.armedAt = performance.now();
      state.tapAt = null;
      state.result = null;
      changed = true;
      const paintedAt: (number | null)[] = conditions.map(() => null);
      const taskAfter: (number | null)[] = conditions.map(() => null);
      const seenBefore = conditions.map(() => false);
      const frame = () => {
        if (state.tapAt !== null && changed) {
          changed = false;
          const seen = conditions.map((condition, i) => !seenBefore[i] && holds(condition));
          if (seen.some(Boolean)) {
            seen.forEach((s, i) => {
              if (s) seenBefore[i] = true;
            });
            const settle = (at: number, into: (number | null)[]) => {
              seen.forEach((s, i) => {
                // The first frame that had it; a later frame's answer comes after.
                if (s && into[i] === null) into[i] = at;
              });
            };
            // This frame's presentation: a marker painted in it reports when (Element Timing).
            const id = `chi-probe-${++markers}`;
            const marker = document.createElement('span');
            marker.setAttribute('elementtiming', id);
            marker.setAttribute('aria-hidden', 'true');
            marker.textContent = '.';
            marker.style.cssText = 'position:fixed;left:0;bottom:0;font-size:2px;line-height:2px;pointer-events:none;z-index:2147483647';
            const done = () => {
              if (own === watching && paintedAt.every((p) => p !== null) && taskAfter.every((p) => p !== null) && state.tapAt !== null) {
                state.result = { tapAt: state.tapAt, paintedAt: paintedAt as number[], taskAfterAt: taskAfter as number[] };
              }
            };
            presented.set(id, (at) => {
              marker.remove();
              settle(at, paintedAt);
              done();
            });
            (document.body ?? document.documentElement).append(marker);
            // The earlier ruler: the first task posted from this frame that runs (after tasks queued before it).
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              settle(performance.now(), taskAfter);
              done();
            };
            channel.port2.postMessage(null);
          }
        }
        if (state.result === null && own === watching) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
  };
}

/** Installs the probe in every page of the context (before the page's own scripts). */
export async function addPaintProbe(context: BrowserContext): Promise<void> {
  // As source text: under tsx, esbuild's keepNames wraps the probe's inner functions in a
  // `__name(…)` helper that exists only in Node, so the page gets an identity one.
  await context.addInitScript({ content: `(() => { const __name = (f) => f; (${installProbe.toString()})(); })();` });
}

/**
 * Taps the centre of `target` with a real touch and resolves once every condition has been
 * painted; throws after `timeoutMs`. `target` must be on screen (its box is read first).
 */
export async function tapUntilPainted(page: Page, target: Locator, conditions: PaintCondition[], timeoutMs = 30_000): Promise<TapTiming> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the control to tap has no box');
  await page.evaluate((c) => (window as ProbeWindow).__chiProbe?.watch(c), conditions);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => Boolean((window as ProbeWindow).__chiProbe?.state.result), undefined, { timeout: timeoutMs, polling: 200 });
  // Event Timing entries are delivered after the frame that ends them: give them a moment.
  await page.waitForTimeout(150);
  return page.evaluate(() => {
    const state = (window as ProbeWindow).__chiProbe?.state;
    const result = state?.result;
    if (!state || !result) throw new Error('no probe result');
    const own = state.events.filter((e) => e.interactionId > 0 && e.startTime >= result.tapAt - 1 && e.startTime <= result.tapAt + 1_000);
    return {
      tapAt: result.tapAt,
      paintedMs: result.paintedAt.map((at) => at - result.tapAt),
      taskAfterMs: result.taskAfterAt.map((at) => at - result.tapAt),
      eventMs: own.length > 0 ? Math.max(...own.map((e) => e.duration)) : null,
    };
  });
}
