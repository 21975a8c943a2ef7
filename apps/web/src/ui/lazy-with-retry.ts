/**
 * Lazy chunks that try a failed download once more before giving up (issue 25 item 11: a chunk
 * that failed to load once blanked the page). A second failure is thrown to the nearest error
 * boundary (shell/routing/chunk-error-boundary.tsx), which says what failed and offers Reload.
 */
import { lazy } from 'react';

/** How long to wait before the second try: long enough for a blip in the connection to pass. */
export const CHUNK_RETRY_DELAY_MS = 800;

/** `load()`, and once more after `delayMs` if it fails; the second failure is the one thrown. */
export function retryOnce<T>(load: () => Promise<T>, delayMs = CHUNK_RETRY_DELAY_MS): Promise<T> {
  return load().catch(() => new Promise<T>((resolve, reject) => setTimeout(() => load().then(resolve, reject), delayMs)));
}

/** React.lazy over `retryOnce`, with React.lazy's own signature. */
export const lazyWithRetry: typeof lazy = (load) => lazy(() => retryOnce(load));
