/**
 * No import cycle in our three source trees, type imports included (issue 28): the lint's
 * import-x/no-cycle skips type-only imports, so madge (which reads them) walks each tree with
 * its tsconfig. `npm run cycles` runs the same check from the command line (part of `npm run lint`).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MADGE = join(ROOT, 'node_modules', 'madge', 'bin', 'cli.js');

/** The cycles madge finds under `src`, each a list of files. */
async function cycles(src: string, tsConfig: string): Promise<string[][]> {
  const args = [MADGE, '--circular', '--json', '--no-spinner', '--extensions', 'ts,tsx', '--ts-config', tsConfig, src];
  // madge exits 1 when it finds a cycle; its JSON is on stdout either way.
  const stdout = await promisify(execFile)(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }).then(
    (done) => done.stdout,
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  return JSON.parse(stdout) as string[][];
}

describe('no import cycles, type imports included (madge)', () => {
  const planted = mkdtempSync(join(tmpdir(), 'madge-probe-'));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));

  it('madge finds a cycle closed by a type-only import', async () => {
    writeFileSync(join(planted, 'routes.ts'), "import { files } from './files';\nexport interface Deps { readonly n: number }\nexport const routes = files;\n");
    writeFileSync(join(planted, 'files.ts'), "import type { Deps } from './routes';\nexport const files = (deps: Deps) => deps.n;\n");
    writeFileSync(join(planted, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }));
    expect(await cycles(planted, join(planted, 'tsconfig.json'))).toEqual([['files.ts', 'routes.ts']]);
  });

  it.each(['packages/contract', 'apps/server', 'apps/web'])('%s has none', async (tree) => {
    expect(await cycles(`${tree}/src`, `${tree}/tsconfig.json`)).toEqual([]);
  });
});
