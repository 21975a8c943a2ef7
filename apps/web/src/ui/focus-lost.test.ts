import { afterEach, describe, expect, it } from 'vitest';
import { focusIsLost } from './focus-lost';

describe('focusIsLost', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is true when nothing but the page itself has the focus', () => {
    (document.activeElement as HTMLElement | null)?.blur();
    expect(focusIsLost(document)).toBe(true);
  });

  it('is false while a control on the page has the focus, and true once that control is gone', () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    expect(focusIsLost(document)).toBe(false);
    button.remove();
    expect(focusIsLost(document)).toBe(true);
  });
});
