import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore, sessionStore } from './safe-storage';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('safe storage', () => {
  it('uses the browser storage when allowed', () => {
    localStore().setItem('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
  });

  it('falls back to memory when the browser denies storage (a third-party iframe)', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    const store = sessionStore();
    store.setItem('participant', 'P1');
    expect(sessionStore().getItem('participant')).toBe('P1');
    store.removeItem('participant');
    expect(sessionStore().getItem('participant')).toBeNull();
  });
});
