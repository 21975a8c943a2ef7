/** The static login dialog's carry-over to the live one (ADR 075). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carryOver, staticLogin } from './static-login';

const FORM = `<form data-chi-login-form>
  <input type="email" autocomplete="username">
  <div><input type="password" autocomplete="current-password"></div>
  <button type="button">Forgot password</button>
  <div class="mantine-Group-root"><button type="button">Back</button><button type="submit" disabled data-disabled="true">Log in</button></div>
</form>`;

function form(html = FORM): HTMLFormElement {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = html;
  document.body.append(wrapper);
  return wrapper.querySelector('form') as HTMLFormElement;
}

const field = (f: HTMLFormElement, type: string) => f.querySelector(`input[type="${type}"]`) as HTMLInputElement;

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('carryOver', () => {
  it('sets each value on the live field of the same type and hint, once, with the input event React hears', () => {
    const from = form();
    const to = form();
    field(from, 'email').value = 'ada@example.org';
    field(from, 'password').value = 's3cret';
    const inputs: string[] = [];
    to.addEventListener('input', (event) => inputs.push((event.target as HTMLInputElement).type));
    carryOver(from, to, null);
    expect(field(to, 'email').value).toBe('ada@example.org');
    expect(field(to, 'password').value).toBe('s3cret');
    expect(inputs).toEqual(['email', 'password']);
    // Already equal: no second event, nothing doubled.
    carryOver(from, to, null);
    expect(inputs).toHaveLength(2);
  });

  it('moves the focus to the twin of the focused field, with its caret and selection', () => {
    const from = form();
    const to = form();
    const password = field(from, 'password');
    password.value = 'abcdef';
    password.focus();
    password.setSelectionRange(2, 4, 'backward');
    const target = carryOver(from, to, password);
    const live = field(to, 'password');
    expect(target).toBe(live);
    expect(document.activeElement).toBe(live);
    expect([live.selectionStart, live.selectionEnd, live.selectionDirection]).toEqual([2, 4, 'backward']);
  });

  it('leaves the focus alone when no static field had it, and skips fields the live form lacks', () => {
    const from = form('<form><input type="text" name="extra" autocomplete="nickname"><input type="email" autocomplete="username"></form>');
    const to = form();
    (from.querySelector('input[name="extra"]') as HTMLInputElement).value = 'x';
    field(from, 'email').value = 'a@b.dk';
    const before = document.activeElement;
    expect(carryOver(from, to, null)).toBeNull();
    expect(document.activeElement).toBe(before);
    expect(field(to, 'email').value).toBe('a@b.dk');
    expect(to.querySelectorAll('input')[0]?.value).toBe('a@b.dk');
  });
});

describe('staticLogin', () => {
  let dialog: HTMLDialogElement;

  beforeEach(() => {
    document.body.innerHTML = `<div id="root"><div data-chi-width="0"><button type="button" data-chi-static-answer="login">Log in</button></div></div>
      <dialog data-chi-static-dialog="login"><div class="mantine-Modal-overlay"></div>${FORM}</dialog>`;
    dialog = document.querySelector('dialog') as HTMLDialogElement;
    // jsdom has no modal dialogs: the open attribute stands for them.
    dialog.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    dialog.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });

  const staticForm = () => dialog.querySelector('form') as HTMLFormElement;
  const submit = () => staticForm().querySelector('button[type="submit"]') as HTMLButtonElement;
  const type = (input: HTMLInputElement, value: string) => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };

  it('opens on the static Log in, focused on the e-mail field, and answers only that control', () => {
    const login = staticLogin();
    const button = document.querySelector('[data-chi-static-answer]') as HTMLButtonElement;
    expect(login?.answers(button)).toBe(true);
    expect(login?.answers(submit())).toBe(false);
    button.click();
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(field(staticForm(), 'email'));
  });

  it('enables Log in as the live form does, and queues a submission with its fields kept as sent', () => {
    staticLogin();
    const f = staticForm();
    type(field(f, 'email'), 'not-an-email');
    type(field(f, 'password'), 'pw');
    expect(submit().disabled).toBe(true);
    type(field(f, 'email'), 'ada@example.org');
    expect(submit().disabled).toBe(false);
    const sent = vi.fn();
    f.addEventListener('submit', (event) => sent(event.defaultPrevented));
    submit().click();
    // Held for the live page (not a page load), the form busy, its fields read-only.
    expect(sent).toHaveBeenCalledWith(true);
    expect(f.getAttribute('aria-busy')).toBe('true');
    expect(field(f, 'email').readOnly).toBe(true);
  });

  it('closes on Back and on the overlay; a closed dialog is removed at the hand-over and the live page opens nothing', () => {
    const login = staticLogin();
    const button = document.querySelector('[data-chi-static-answer]') as HTMLButtonElement;
    button.click();
    (Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Back') as HTMLButtonElement).click();
    expect(dialog.open).toBe(false);
    button.click();
    (dialog.querySelector('.mantine-Modal-overlay') as HTMLElement).click();
    expect(dialog.open).toBe(false);
    // The live page's Log in: not clicked.
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<button type="button" data-chi-static-answer="login">Log in</button>';
    const liveClick = vi.fn();
    root.querySelector('button')?.addEventListener('click', liveClick);
    login?.handOver(root);
    expect(liveClick).not.toHaveBeenCalled();
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('closed after the live render replaced the static Log in, the focus goes to the live Log in at the hand-over', () => {
    const login = staticLogin();
    (document.querySelector('[data-chi-static-answer]') as HTMLButtonElement).click();
    const root = document.getElementById('root') as HTMLElement;
    // The live page renders while the dialog is open; then Escape closes the static one, whose
    // opener is gone: the focus falls to the body.
    root.innerHTML = '<button type="button">Menu</button><button type="button" data-chi-static-answer="login">Log in</button>';
    dialog.close();
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    login?.handOver(root);
    expect(document.activeElement).toBe(root.querySelector('[data-chi-static-answer]'));
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('a dialog never opened leaves the focus where it is at the hand-over', () => {
    const login = staticLogin();
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<button type="button" data-chi-static-answer="login">Log in</button>';
    login?.handOver(root);
    expect(document.activeElement).toBe(document.body);
  });

  it('an open dialog makes the live page open its own', () => {
    const login = staticLogin();
    (document.querySelector('[data-chi-static-answer]') as HTMLButtonElement).click();
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<button type="button" data-chi-static-answer="login">Log in</button>';
    const liveClick = vi.fn();
    root.querySelector('button')?.addEventListener('click', liveClick);
    login?.handOver(root);
    expect(liveClick).toHaveBeenCalledTimes(1);
  });

  /** Runs the animation frames the hand-over asked for, as the browser would, a few at a time. */
  function frames(): { run(count?: number): void } {
    let queue: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => queue.push(callback));
    return {
      run(count = 3) {
        for (let i = 0; i < count; i++) {
          const due = queue;
          queue = [];
          for (const callback of due) callback(performance.now());
        }
      },
    };
  }

  const liveDialog = (form: string, closed: () => void) => {
    const section = document.createElement('section');
    section.setAttribute('role', 'dialog');
    section.innerHTML = `<button type="button" class="mantine-Modal-close">×</button>${form}`;
    section.querySelector('.mantine-Modal-close')?.addEventListener('click', () => {
      closed();
      section.remove();
    });
    document.body.append(section);
    return section;
  };

  /** The static dialog opened, the live page in (`liveHtml`), the hand-over started, then the static dialog closed (Escape). */
  function closedDuringHandOver(liveHtml: string) {
    const raf = frames();
    const login = staticLogin();
    (document.querySelector('[data-chi-static-answer]') as HTMLButtonElement).click();
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = liveHtml;
    login?.handOver(root);
    dialog.close();
    return { raf, root };
  }

  it('closed while the live dialog is on its way, a Register opened meanwhile stays open and the live login, if it comes, closes', () => {
    const { raf } = closedDuringHandOver('<button type="button" data-chi-static-answer="login">Log in</button><button type="button">Request an account</button>');
    // The person goes on at once: Request an account opens Register before the live login is there.
    const registerClosed = vi.fn();
    liveDialog('<form><input type="text" autocomplete="given-name"></form>', registerClosed);
    raf.run();
    expect(registerClosed).not.toHaveBeenCalled();
    const loginClosed = vi.fn();
    liveDialog(FORM, loginClosed);
    raf.run();
    expect(loginClosed).toHaveBeenCalledTimes(1);
    expect(registerClosed).not.toHaveBeenCalled();
  });

  it('closed, then Log in pressed again on the live page: the live dialog that comes is the person\'s and stays', () => {
    const { raf, root } = closedDuringHandOver('<button type="button" data-chi-static-answer="login">Log in</button>');
    (root.querySelector('button') as HTMLButtonElement).click();
    const loginClosed = vi.fn();
    liveDialog(FORM, loginClosed);
    raf.run();
    expect(loginClosed).not.toHaveBeenCalled();
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('while the live dialog is on its way, the static one still closes on its Back and overlay', () => {
    const login = staticLogin();
    (document.querySelector('[data-chi-static-answer]') as HTMLButtonElement).click();
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<button type="button" data-chi-static-answer="login">Log in</button>';
    login?.handOver(root);
    // A tap on the static dialog before the live one has replaced it is not lost.
    (dialog.querySelector('.mantine-Modal-overlay') as HTMLElement).click();
    expect(dialog.open).toBe(false);
  });
});
