import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { POLL_SECONDS, usePolling } from './use-polling';

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('/Data polling (issue 17 part 3)', () => {
  it('loads now and every POLL_SECONDS while visible, not while hidden, and at once when visible again', () => {
    vi.useFakeTimers();
    const load = vi.fn();
    const { unmount } = renderHook(() => usePolling(load, ['a']));
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(POLL_SECONDS * 1000);
    expect(load).toHaveBeenCalledTimes(2);
    setVisibility('hidden');
    vi.advanceTimersByTime(POLL_SECONDS * 3000);
    expect(load).toHaveBeenCalledTimes(2);
    setVisibility('visible');
    expect(load).toHaveBeenCalledTimes(3);
    unmount();
    vi.advanceTimersByTime(POLL_SECONDS * 3000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('drops an answer that arrives after its inputs changed, and does not load while disabled', () => {
    vi.useFakeTimers();
    const seen: (() => boolean)[] = [];
    const { rerender } = renderHook(({ key, enabled }) => usePolling((isActive) => seen.push(isActive), [key], enabled), {
      initialProps: { key: 'a', enabled: true },
    });
    rerender({ key: 'b', enabled: true });
    expect(seen.map((isActive) => isActive())).toEqual([false, true]);
    rerender({ key: 'b', enabled: false });
    vi.advanceTimersByTime(POLL_SECONDS * 3000);
    expect(seen).toHaveLength(2);
  });
});
