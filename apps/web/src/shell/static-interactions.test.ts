import { afterEach, describe, expect, it } from 'vitest';
import { holdStaticInteractions } from './static-interactions';

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

describe('what a person does on the static page, carried over to the live one (ADR 040)', () => {
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
});
