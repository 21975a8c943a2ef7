/**
 * Where a worker thread's code is (ADR 041, 070, 078): the compiled server (dist/main.js) has each
 * worker's own bundle beside it; the TypeScript sources run the worker's entry through tsx, by a
 * tiny script that registers tsx in the thread first. One rule for every worker the server starts.
 */

export interface WorkerScript {
  /** What `new Worker` takes: the compiled file, or the boot script's text. */
  readonly script: URL | string;
  /** Whether `script` is code (the tsx boot), for `new Worker`'s `eval` option. */
  readonly eval: boolean;
}

/**
 * `callerUrl`: the caller's `import.meta.url` (in the bundle, dist/main.js's); `source`: the
 * worker's entry relative to the caller's source file; `compiled`: its bundle's name in dist/.
 */
export function workerScript(callerUrl: string, source: string, compiled: string): WorkerScript {
  if (!callerUrl.endsWith('.ts')) return { script: new URL(`./${compiled}`, callerUrl), eval: false };
  const entry = new URL(source, callerUrl).href;
  return { script: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, eval: true };
}
