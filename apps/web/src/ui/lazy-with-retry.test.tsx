import { describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { chunk, lazyOrLoaded } from './lazy-with-retry';

const fallbacks: string[] = [];
function Fallback() {
  fallbacks.push('shown');
  return <p>Loading</p>;
}

function Form() {
  return <input aria-label="E-mail" />;
}

describe('a lazy chunk loaded ahead (ADR 061)', () => {
  it('renders in the same commit once loaded ahead: no fallback is ever shown', async () => {
    const source = chunk(() => Promise.resolve({ Form }));
    const Lazy = lazyOrLoaded(() => source.load().then((m) => ({ default: m.Form })), () => source.loaded()?.Form);
    await source.load();
    fallbacks.length = 0;
    render(
      <Suspense fallback={<Fallback />}>
        <Lazy />
      </Suspense>,
    );
    // Synchronously after render: no await, no act flush.
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeTruthy();
    expect(fallbacks).toEqual([]);
  });

  it('shows the fallback, then the component, when it was not loaded ahead', async () => {
    const source = chunk(() => Promise.resolve({ Form }));
    const Lazy = lazyOrLoaded(() => source.load().then((m) => ({ default: m.Form })), () => source.loaded()?.Form);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toBeTruthy();
  });

  it('loads a chunk once however often it is asked, and again after a failure', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const source = chunk(() => {
        calls += 1;
        return calls <= 2 ? Promise.reject(new Error('offline')) : Promise.resolve('module');
      });
      // The first load tries twice (retryOnce) and fails.
      const first = source.load();
      const failed = first.catch((error: unknown) => error);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(await failed).toBeInstanceOf(Error);
      expect(source.loaded()).toBeUndefined();
      // A later ask starts again and succeeds; asks meanwhile share it.
      const [a, b] = [source.load(), source.load()];
      expect(await a).toBe('module');
      expect(await b).toBe('module');
      expect(calls).toBe(3);
      expect(source.loaded()).toBe('module');
    } finally {
      vi.useRealTimers();
    }
  });
});
