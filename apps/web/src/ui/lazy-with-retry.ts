/**
 * Lazy chunks that try a failed download once more before giving up (issue 25 item 11: a chunk
 * that failed to load once blanked the page). A second failure is thrown to the nearest error
 * boundary (shell/routing/chunk-error-boundary.tsx), which says what failed and offers Reload.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** How long to wait before the second try: long enough for a blip in the connection to pass. */
export const CHUNK_RETRY_DELAY_MS = 800;

/** `load()`, and once more after `delayMs` if it fails; the second failure is the one thrown. */
export function retryOnce<T>(load: () => Promise<T>, delayMs = CHUNK_RETRY_DELAY_MS): Promise<T> {
  return load().catch(() => new Promise<T>((resolve, reject) => setTimeout(() => load().then(resolve, reject), delayMs)));
}

/** React.lazy over `retryOnce`, with React.lazy's own signature. */
export const lazyWithRetry: typeof lazy = (load) => lazy(() => retryOnce(load));

/**
 * A thenable that calls back at once. React.lazy reads a module handed to it this way in the same
 * render: nothing suspends, no fallback is committed (React then holds the content back for its
 * 300 ms fallback throttle, which is what made an already loaded dialog appear ~300 ms late).
 */
function settled<T>(value: T): Promise<T> {
  const thenable = {
    then(onFulfilled?: (value: T) => unknown) {
      return Promise.resolve(onFulfilled ? onFulfilled(value) : value);
    },
  };
  return thenable as unknown as Promise<T>;
}

/** React.lazy whose first render draws at once when `peek` already has the component (its chunk was loaded ahead, ADR 061). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the constraint of React.lazy itself
export function lazyOrLoaded<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, peek: () => T | undefined): LazyExoticComponent<T> {
  return lazy(() => {
    const ready = peek();
    return ready ? settled({ default: ready }) : retryOnce(load);
  });
}

export interface Chunk<M> {
  /** Loads the chunk (once; a failed load may be tried again). */
  load(): Promise<M>;
  /** The module, once loaded. */
  loaded(): M | undefined;
}

/** A lazy chunk that can be loaded ahead of its first render and read synchronously after (see lazyOrLoaded). */
export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load() {
      pending ??= retryOnce(load).then(
        (m) => (module = m),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}
