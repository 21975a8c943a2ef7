/**
 * The DESIGN §3 import rules are lint errors: these lint real probe files (never written to
 * disk) at the places the rules guard, so a weakened ESLint config fails here.
 */
import { ESLint } from 'eslint';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function ruleErrors(ruleId: string, probePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(ROOT, probePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

function boundaryErrors(probePath: string, importPath: string): Promise<string[]> {
  return ruleErrors('import-x/no-restricted-paths', probePath, `import * as probe from '${importPath}';\nexport const used = probe;\n`);
}

/** Lints `source` as if it were the file at `probePath` (an existing file, so others import it). */
function cycleErrors(probePath: string, source: string): Promise<string[]> {
  return ruleErrors('import-x/no-cycle', probePath, source);
}

describe('import boundaries (DESIGN §3)', () => {
  it('a sub-app importing another sub-app fails lint', async () => {
    const errors = await boundaryErrors('apps/web/src/apps/delphi/probe.ts', '../showcase/routes');
    expect(errors).toEqual([expect.stringContaining('A sub-app never imports another sub-app')]);
  });

  it('a sub-app may import the shell and its own files', async () => {
    expect(await boundaryErrors('apps/web/src/apps/delphi/probe.ts', '../../shell/api/api')).toEqual([]);
    expect(await boundaryErrors('apps/web/src/apps/delphi/probe.ts', './routes')).toEqual([]);
  });

  it('the server never imports the web client, nor the web client the server', async () => {
    expect(await boundaryErrors('apps/server/src/probe.ts', '../../web/src/shell/api/api')).toEqual([
      expect.stringContaining('The server never imports the web client'),
    ]);
    expect(await boundaryErrors('apps/web/src/shell/probe.ts', '../../../server/src/app')).toEqual([
      expect.stringContaining('The web client never imports the server'),
    ]);
  });

  it('the contract imports nothing of ours', async () => {
    expect(await boundaryErrors('packages/contract/src/probe.ts', '../../../apps/server/src/app')).toEqual([
      expect.stringContaining('The contract imports nothing of ours'),
    ]);
  });
});

describe('games import the game kit, never each other (issue 28, ADR 062)', () => {
  it('a delphi game importing another game fails lint', async () => {
    expect(await boundaryErrors('apps/web/src/apps/delphi/games/mime-mix/probe.ts', '../flash-match/flash-stimuli')).toEqual([
      expect.stringContaining('A game never imports another game'),
    ]);
  });

  it('a showcase game importing another showcase game fails lint', async () => {
    expect(await boundaryErrors('apps/web/src/apps/showcase/quiz/probe.ts', '../play/simple-games')).toEqual([
      expect.stringContaining('A game never imports another game'),
    ]);
  });

  it('a game may import the game kit, its app and its own files', async () => {
    expect(await boundaryErrors('apps/web/src/apps/delphi/games/mime-mix/probe.ts', '../../../../game-kit/random/seeded-random')).toEqual([]);
    expect(await boundaryErrors('apps/web/src/apps/delphi/games/mime-mix/probe.ts', '../../suite/game-run')).toEqual([]);
    expect(await boundaryErrors('apps/web/src/apps/delphi/games/mime-mix/probe.ts', './mime-trials')).toEqual([]);
    expect(await boundaryErrors('apps/web/src/apps/showcase/quiz/probe.ts', '../shared/play-log')).toEqual([]);
  });

  it('the game kit imports no app', async () => {
    expect(await boundaryErrors('apps/web/src/game-kit/timing/probe.ts', '../../apps/delphi/suite/game-run')).toEqual([
      expect.stringContaining('The game kit serves every game and imports no app'),
    ]);
  });
});

describe('no import cycles (issue 10)', () => {
  // The contract's index re-exports errors.ts, so errors.ts importing the index closes a cycle.
  const INDEX_IMPORTED_BY_ERRORS = "import * as contract from './index';\nexport const used = contract;\n";

  it('a module importing back a module that imports it fails lint', async () => {
    expect(await cycleErrors('packages/contract/src/errors.ts', INDEX_IMPORTED_BY_ERRORS)).toEqual([
      expect.stringContaining('Dependency cycle'),
    ]);
  });

  it('a longer cycle through a lazy import() fails lint too', async () => {
    // apps.ts is re-exported by the index; a lazy import of the index from it is still a cycle.
    const lazyBack = "export const load = () => import('./index');\n";
    expect(await cycleErrors('packages/contract/src/apps.ts', lazyBack)).toEqual([expect.stringContaining('Dependency cycle')]);
  });

  it('the same import from a module the index does not import is fine', async () => {
    expect(await cycleErrors('packages/contract/src/probe.ts', INDEX_IMPORTED_BY_ERRORS)).toEqual([]);
  });
});
