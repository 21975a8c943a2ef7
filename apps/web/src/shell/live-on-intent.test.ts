import { afterEach, describe, expect, it, vi } from 'vitest';
import { GESTURE_WAIT_MS, afterNextPaint, holdStaticInteractions, onFirstIntent, onMoreNearView, tabHoldsState, waitsForData } from './live-on-intent';

/** A home's markup: the header's Log in, a link, and a form with a field (the same for the static and the live page). */
const HOME = `
  <header><button type="button" aria-label="Open menu"></button><button type="button">Log in</button></header>
  <main>
    <a href="/about">About</a>
    <form><label>Event key <input name="key" /></label><input type="checkbox" name="agree" /><button type="submit">Join</button></form>
    <select name="language"><option value="en">English</option><option value="dk">Dansk</option></select>
  </main>`;

function staticPage(): HTMLElement {
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById('root') as HTMLElement;
  root.innerHTML = HOME;
  return root;
}

/** What React's commit does: the static children go, the live ones (same markup, with listeners) come. */
function goLive(root: HTMLElement, html = HOME) {
  root.innerHTML = html;
  const seen: string[] = [];
  for (const button of root.querySelectorAll('button[type="button"]')) {
    button.addEventListener('click', () => seen.push(`click ${button.getAttribute('aria-label') ?? button.textContent}`));
  }
  root.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    seen.push(`submit ${(root.querySelector('input[name="key"]') as HTMLInputElement).value}`);
  });
  root.querySelector('input[name="key"]')?.addEventListener('input', (event) => seen.push(`input ${(event.target as HTMLInputElement).value}`));
  root.querySelector('select')?.addEventListener('change', (event) => seen.push(`change ${(event.target as HTMLSelectElement).value}`));
  return seen;
}

function type(field: HTMLInputElement | HTMLSelectElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** A mouse's pointer event (jsdom has no PointerEvent): the left button unless `props` says otherwise. */
function pointer(target: Element, type: string, props: { button?: number; pointerType?: string } = {}) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, button: props.button ?? 0 });
  Object.defineProperty(event, 'pointerType', { value: props.pointerType ?? 'mouse' });
  target.dispatchEvent(event);
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

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

  it('replays the tap on a button made while the page was static on the same button of the live page, once', () => {
    const root = staticPage();
    const held = holdStaticInteractions(root);
    (root.querySelector('button[aria-label="Open menu"]') as HTMLButtonElement).click();
    const seen = goLive(root);
    held.replay();
    expect(seen).toEqual(['click Open menu']);
    // Replay is over: a later tap is the live page's alone.
    (root.querySelector('button[aria-label="Open menu"]') as HTMLButtonElement).click();
    held.replay();
    expect(seen).toEqual(['click Open menu', 'click Open menu']);
  });

  it('keeps what was typed and chosen, with the events the live page listens to, and the focus', () => {
    const root = staticPage();
    const held = holdStaticInteractions(root);
    const key = root.querySelector('input[name="key"]') as HTMLInputElement;
    key.focus();
    type(key, 'future-city');
    (root.querySelector('input[name="agree"]') as HTMLInputElement).click();
    type(root.querySelector('select') as HTMLSelectElement, 'dk');
    const seen = goLive(root);
    held.replay();
    expect(seen).toEqual(['input future-city', 'change dk']);
    expect((root.querySelector('input[name="key"]') as HTMLInputElement).value).toBe('future-city');
    expect((root.querySelector('input[name="agree"]') as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(root.querySelector('input[name="key"]'));
  });

  it('loses no key pressed between the live render and the replay: the focus is on the live field from the render on', () => {
    const root = staticPage();
    const held = holdStaticInteractions(root);
    const key = root.querySelector('input[name="key"]') as HTMLInputElement;
    key.focus();
    type(key, 'futur');
    const seen = goLive(root);
    // The render's own task: the static field is gone, and with it the focus.
    held.committed();
    const live = root.querySelector('input[name="key"]') as HTMLInputElement;
    expect(document.activeElement).toBe(live);
    // The next key lands before the replay's task, in the live field.
    type(live, 'e');
    held.replay();
    expect(live.value).toBe('future');
    expect(seen).toEqual(['input e', 'input future']);
    expect(document.activeElement).toBe(live);
  });

  it('leaves a focus the person moved elsewhere where it is', () => {
    const root = staticPage();
    const held = holdStaticInteractions(root);
    const key = root.querySelector('input[name="key"]') as HTMLInputElement;
    key.focus();
    type(key, 'futur');
    goLive(root);
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    held.committed();
    expect(document.activeElement).toBe(outside);
    held.replay();
    expect((root.querySelector('input[name="key"]') as HTMLInputElement).value).toBe('futur');

  });

  it('holds a form submission (no page load with the fields in the address) and submits it on the live page', () => {
    const root = staticPage();
    const held = holdStaticInteractions(root);
    type(root.querySelector('input[name="key"]') as HTMLInputElement, 'future-city');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    root.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    const seen = goLive(root);
    held.replay();
    expect(seen).toEqual(['input future-city', 'submit future-city']);
  });

  it('leaves links to the browser, and drops a replay whose element is not the same on the live page', () => {
    const root = staticPage();
    const held = holdStaticInteractions(root);
    const link = root.querySelector('a') as HTMLAnchorElement;
    const follow = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(follow);
    expect(follow.defaultPrevented).toBe(false);
    (root.querySelector('header button:nth-child(2)') as HTMLButtonElement).click();
    // The live header says something else in that place: nothing is clicked.
    const seen = goLive(root, HOME.replace('Log in</button>', 'Ada Lovelace</button>'));
    held.replay();
    expect(seen).toEqual([]);
  });

  it('finds the element in the width variant on screen: the live page has that variant’s markup without its wrapper', () => {
    const root = staticPage();
    root.innerHTML = `<div data-chi-width="0"><p>phone</p>${HOME}</div><div data-chi-width="1">${HOME}</div>`;
    const held = holdStaticInteractions(root);
    (root.querySelector('[data-chi-width="1"] button[aria-label="Open menu"]') as HTMLButtonElement).click();
    const seen = goLive(root);
    held.replay();
    expect(seen).toEqual(['click Open menu']);
  });

  it('makes the click a mouse press begun on the static page and released on the live one does not get, once', async () => {
    const root = staticPage();
    const held = holdStaticInteractions(root);
    pointer(root.querySelector('button[aria-label="Open menu"]') as Element, 'pointerdown');
    const seen = goLive(root);
    held.committed();
    held.replay();
    expect(seen).toEqual([]);
    const live = root.querySelector('button[aria-label="Open menu"]') as HTMLButtonElement;
    pointer(live, 'pointerup');
    // The browser sends the click of a press and a release on two elements to an ancestor of both.
    root.click();
    await nextTask();
    expect(seen).toEqual(['click Open menu']);
    // The next press and release are the live page's alone.
    pointer(live, 'pointerdown');
    pointer(live, 'pointerup');
    live.click();
    await nextTask();
    expect(seen).toEqual(['click Open menu', 'click Open menu']);
  });

  it('follows a link pressed on the static page and released on the live one', async () => {
    const root = staticPage();
    const held = holdStaticInteractions(root);
    pointer(root.querySelector('a') as Element, 'pointerdown');
    goLive(root);
    held.committed();
    const link = root.querySelector('a') as HTMLAnchorElement;
    const followed: string[] = [];
    link.addEventListener('click', (event) => {
      event.preventDefault();
      followed.push(link.getAttribute('href') ?? '');
    });
    pointer(link, 'pointerup');
    await nextTask();
    expect(followed).toEqual(['/about']);
  });

  it('clicks nothing for a press released elsewhere, cancelled, not a left mouse button\'s, or clicked by the browser itself', async () => {
    const cases: ((live: HTMLButtonElement, root: HTMLElement) => void)[] = [
      (_live, root) => pointer(root.querySelector('main') as Element, 'pointerup'),
      (live) => {
        pointer(live, 'pointercancel');
        pointer(live, 'pointerup');
      },
      (live) => {
        pointer(live, 'pointerup');
        live.click();
      },
    ];
    for (const release of cases) {
      const root = staticPage();
      const held = holdStaticInteractions(root);
      pointer(root.querySelector('button[aria-label="Open menu"]') as Element, 'pointerdown');
      const seen = goLive(root);
      held.committed();
      const live = root.querySelector('button[aria-label="Open menu"]') as HTMLButtonElement;
      release(live, root);
      await nextTask();
      expect(seen.length).toBeLessThanOrEqual(1);
      // Only the browser's own click of the third case.
      expect(seen).toEqual(release === cases[2] ? ['click Open menu'] : []);
    }
    // A right button, or a touch (its gesture starts the live page only once it ended).
    for (const props of [{ button: 2 }, { pointerType: 'touch' }]) {
      const root = staticPage();
      const held = holdStaticInteractions(root);
      pointer(root.querySelector('button[aria-label="Open menu"]') as Element, 'pointerdown', props);
      const seen = goLive(root);
      held.committed();
      pointer(root.querySelector('button[aria-label="Open menu"]') as Element, 'pointerup', props);
      await nextTask();
      expect(seen).toEqual([]);
    }
  });

  it('makes the click of a Space pressed on a static button and released on the live one, where the focus went', async () => {
    const root = staticPage();
    const held = holdStaticInteractions(root);
    const menu = root.querySelector('button[aria-label="Open menu"]') as HTMLButtonElement;
    menu.focus();
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    const seen = goLive(root);
    held.committed();
    const live = root.querySelector('button[aria-label="Open menu"]') as HTMLButtonElement;
    expect(document.activeElement).toBe(live);
    live.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', repeat: true, bubbles: true }));
    live.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true }));
    await nextTask();
    expect(seen).toEqual(['click Open menu']);
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
