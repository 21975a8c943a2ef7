import { afterEach, describe, expect, it, vi } from 'vitest';
import { GESTURE_WAIT_MS, afterNextPaint, onFirstIntent, onMoreNearView, tabHoldsState, waitsForData } from './live-on-intent';

/** A prerendered page's root with a heading in it. */
function staticPage(): HTMLElement {
  document.body.innerHTML = '<div id="root"><main><h1>Home</h1></main></div>';
  return document.getElementById('root') as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

describe('a prerendered home that goes live on intent (ADR 040)', () => {
  it('starts once, at the first key, focus, mouse hover, click or change, and not before', () => {
    const pointerover = Object.assign(new Event('pointerover'), { pointerType: 'mouse' });
    for (const event of [pointerover, new KeyboardEvent('keydown'), new FocusEvent('focusin'), new MouseEvent('click'), new Event('change')]) {
      const then = vi.fn();
      onFirstIntent(then);
      expect(then).not.toHaveBeenCalled();
      window.dispatchEvent(event);
      window.dispatchEvent(new KeyboardEvent('keydown'));
      expect(then).toHaveBeenCalledTimes(1);
    }
  });

  /** A phone's tap as the browser dispatches it: the touch's pointer events, its focus, then its click. */
  const TAP = () => [
    Object.assign(new Event('pointerover'), { pointerType: 'touch' }),
    new Event('pointerdown'),
    new Event('touchstart'),
    new FocusEvent('focusin'),
    new Event('pointerup'),
    new Event('touchend'),
  ];

  it('starts on a tap only once its click is answered and that frame painted, and once', () => {
    const then = vi.fn();
    const painted: (() => void)[] = [];
    onFirstIntent(then, window, (next) => painted.push(next));
    for (const event of TAP()) window.dispatchEvent(event);
    expect(then).not.toHaveBeenCalled();
    window.dispatchEvent(new MouseEvent('click'));
    // The click's own task ends without the live page: the frame answering the tap is drawn first.
    expect(then).not.toHaveBeenCalled();
    expect(painted).toHaveLength(1);
    painted[0]?.();
    expect(then).toHaveBeenCalledTimes(1);
    for (const event of [...TAP(), new MouseEvent('click'), new KeyboardEvent('keydown')]) window.dispatchEvent(event);
    expect(painted).toHaveLength(1);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('starts after a touch that ends in no click (a scroll), after a key typed meanwhile, or after a press held too long', () => {
    vi.useFakeTimers();
    try {
      const scrolled = vi.fn();
      const painted: (() => void)[] = [];
      onFirstIntent(scrolled, window, (next) => painted.push(next));
      window.dispatchEvent(new Event('touchstart'));
      window.dispatchEvent(new Event('pointercancel'));
      painted[0]?.();
      expect(scrolled).toHaveBeenCalledTimes(1);

      const typed = vi.fn();
      onFirstIntent(typed, window, () => undefined);
      window.dispatchEvent(new Event('pointerdown'));
      window.dispatchEvent(new Event('input'));
      expect(typed).toHaveBeenCalledTimes(1);

      const held = vi.fn();
      onFirstIntent(held, window, () => undefined);
      window.dispatchEvent(new Event('pointerdown'));
      vi.advanceTimersByTime(GESTURE_WAIT_MS - 1);
      expect(held).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(held).toHaveBeenCalledTimes(1);
      window.dispatchEvent(new MouseEvent('click'));
      expect(held).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('calls back after the next frame is painted: from a task posted in the frame, not in the frame itself', async () => {
    const order: string[] = [];
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      const done = new Promise<void>((resolve) => afterNextPaint(() => (order.push('after paint'), resolve())));
      expect(frames).toHaveLength(1);
      expect(order).toEqual([]);
      frames[0]?.(0);
      order.push('frame');
      await done;
      expect(order).toEqual(['frame', 'after paint']);
    } finally {
      raf.mockRestore();
    }
  });

  it('knows a static page that shows something loading (it needs the live page\'s data)', () => {
    const root = staticPage();
    expect(waitsForData(root)).toBe(false);
    root.insertAdjacentHTML('beforeend', '<div role="status"><span class="mantine-Loader-root"></span>Loading the API reference</div>');
    expect(waitsForData(root)).toBe(true);
  });

  it('knows a tab that holds a participant’s state (its home differs from a visitor’s)', () => {
    expect(tabHoldsState()).toBe(false);
    sessionStorage.setItem('other', '1');
    expect(tabHoldsState()).toBe(false);
    sessionStorage.setItem('chi.delphi.session', '{"participantId":"P1","suiteId":"s"}');
    expect(tabHoldsState()).toBe(true);
  });

  it('starts when a list shown in part nears the screen, once; a page without such a list is left static (ADR 050)', () => {
    const observers: { callback: IntersectionObserverCallback; observed: Element[]; options?: IntersectionObserverInit; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: (typeof observers)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.entry = { callback, observed: [], options, disconnected: false };
          observers.push(this.entry);
        }
        observe(element: Element) {
          this.entry.observed.push(element);
        }
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    const root = staticPage();
    const plain = vi.fn();
    onMoreNearView(root, plain);
    expect(observers).toHaveLength(0);

    root.insertAdjacentHTML('beforeend', '<p data-chi-more="">120 more calls are being added below…</p>');
    const then = vi.fn();
    onMoreNearView(root, then);
    const [observer] = observers;
    expect(observer?.observed.map((element) => element.textContent)).toEqual(['120 more calls are being added below…']);
    expect(observer?.options?.rootMargin).toBe('0px 0px 50% 0px');
    const entry = (isIntersecting: boolean) => [{ isIntersecting, target: observer?.observed[0] }] as unknown as IntersectionObserverEntry[];
    observer?.callback(entry(false), {} as IntersectionObserver);
    expect(then).not.toHaveBeenCalled();
    observer?.callback(entry(true), {} as IntersectionObserver);
    expect(then).toHaveBeenCalledTimes(1);
    expect(observer?.disconnected).toBe(true);
    expect(plain).not.toHaveBeenCalled();
  });
});
