import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdStaticInteractions, onFirstIntent, onMoreNearView, tabHoldsState, waitsForData } from './live-on-intent';

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

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

describe('a prerendered home that goes live on intent (ADR 040)', () => {
  it('starts once, at the first pointer, key or focus, and not before', () => {
    for (const event of [new Event('pointerdown'), new KeyboardEvent('keydown'), new FocusEvent('focusin'), new MouseEvent('click'), new Event('change')]) {
      const then = vi.fn();
      onFirstIntent(then);
      expect(then).not.toHaveBeenCalled();
      window.dispatchEvent(event);
      window.dispatchEvent(new Event('pointerdown'));
      expect(then).toHaveBeenCalledTimes(1);
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
