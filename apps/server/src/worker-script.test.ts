/** Where each worker thread's code is found: beside the bundle when compiled, through tsx from the sources. */
import { describe, expect, it } from 'vitest';
import { workerScript } from './worker-script';

describe('workerScript', () => {
  it('names the compiled worker beside dist/main.js, run as a file', () => {
    const script = workerScript('file:///srv/chi/apps/server/dist/main.js', './export-worker.ts', 'export-worker.js');
    expect(script).toEqual({ script: new URL('file:///srv/chi/apps/server/dist/export-worker.js'), eval: false });
  });

  it("boots the TypeScript entry beside the caller's source through tsx", () => {
    const script = workerScript('file:///repo/apps/server/src/db/sqlite-checkpointer.ts', './sqlite-checkpoint-worker.ts', 'sqlite-checkpoint-worker.js');
    expect(script.eval).toBe(true);
    expect(script.script).toBe(
      `import('tsx/esm/api').then(({ register }) => { register(); return import("file:///repo/apps/server/src/db/sqlite-checkpoint-worker.ts"); });`,
    );
  });
});
