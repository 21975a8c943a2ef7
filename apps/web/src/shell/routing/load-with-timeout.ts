/** A chunk that has not arrived after the time-out (SPEC §2: 120 s) counts as failed. */
export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`The chunk did not load within ${ms} ms.`);
    this.name = 'ChunkTimeoutError';
  }
}

export function loadWithTimeout<T>(load: () => Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
