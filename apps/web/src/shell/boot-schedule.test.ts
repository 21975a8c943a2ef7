import { describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, inputPending, runInSlices, scheduleBoot, yieldToBrowser, type BootEnvironment } from './boot-schedule';

/** A browser whose idle periods and task boundaries the test hands out itself. */
function fakeBrowser() {
  const idle: { then: () => void; timeoutMs: number }[] = [];
  const yields: (() => void)[] = [];
  const env: BootEnvironment = {
    yieldNow: () => new Promise<void>((resolve) => yields.push(resolve)),
    whenIdle: (then, timeoutMs) => idle.push({ then, timeoutMs }),
  };
  return { env, idle, yields };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live page starts after the paint when idle, or at the first gesture (ADR 061)', () => {
  it('waits for the paint, then for an idle main thread, and starts once', () => {
    const { env, idle } = fakeBrowser();
    let painted: (() => void) | undefined;
    const boot = vi.fn();
    const schedule = scheduleBoot((then) => (painted = then), boot, env);
    expect(idle).toHaveLength(0);
    expect(boot).not.toHaveBeenCalled();
    painted?.();
    expect(idle).toHaveLength(1);
    expect(idle[0]?.timeoutMs).toBe(IDLE_TIMEOUT_MS);
    expect(boot).not.toHaveBeenCalled();
    idle[0]?.then();
    expect(boot).toHaveBeenCalledTimes(1);
    expect(schedule.started).toBe(true);
    schedule.now();
    expect(boot).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the person reaches for the page before the paint or the idle time, and not again later', () => {
    const { env, idle } = fakeBrowser();
    let painted: (() => void) | undefined;
    const boot = vi.fn();
    const schedule = scheduleBoot((then) => (painted = then), boot, env);
    schedule.now();
    expect(boot).toHaveBeenCalledTimes(1);
    painted?.();
    idle[0]?.then();
    expect(boot).toHaveBeenCalledTimes(1);
  });

  it('runs each step in a task of its own, in order, yielding to the browser before each', async () => {
    const { env, yields } = fakeBrowser();
    const ran: string[] = [];
    const done = runInSlices(
      [() => ran.push('react-dom'), async () => ran.push(await Promise.resolve('i18n')), () => ran.push('shell')],
      env,
    );
    await flush();
    expect(ran).toEqual([]);
    for (const expected of [['react-dom'], ['react-dom', 'i18n'], ['react-dom', 'i18n', 'shell']]) {
      expect(yields).toHaveLength(1);
      yields.shift()?.();
      await flush();
      expect(ran).toEqual(expected);
    }
    await done;
  });
});

describe('yielding to the browser', () => {
  it('uses scheduler.yield where the browser has it', async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    await yieldToBrowser({ scheduler: { yield: yieldFn } });
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it('posts a message on a MessageChannel otherwise, and resolves in a later task', async () => {
    const order: string[] = [];
    const yielded = yieldToBrowser({ MessageChannel }).then(() => order.push('after the yield'));
    order.push('same task');
    await yielded;
    expect(order).toEqual(['same task', 'after the yield']);
  });

  it('reads isInputPending where present and says false where it is missing or throws', () => {
    expect(inputPending({ navigator: { scheduling: { isInputPending: () => true } } })).toBe(true);
    expect(inputPending({ navigator: {} })).toBe(false);
    expect(
      inputPending({
        navigator: {
          scheduling: {
            isInputPending: () => {
              throw new Error('not here');
            },
          },
        },
      }),
    ).toBe(false);
  });
});
