import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLocalStoreDurable, localStore, sessionStore, storageKeys } from './safe-storage';

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

  it('tells whether local records survive a reload, and lists the keys either way', () => {
    localStorage.clear();
    localStore().setItem('a', '1');
    expect(isLocalStoreDurable()).toBe(true);
    expect(storageKeys(localStore())).toEqual(['a']);
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(isLocalStoreDurable()).toBe(false);
    localStore().setItem('b', '2');
    localStore().setItem('c', '3');
    expect(storageKeys(localStore())).toEqual(['b', 'c']);
  });
});
