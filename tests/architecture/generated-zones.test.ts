/**
 * The boundaries generated from the folders (ADR 066) fire for every folder there is today and
 * for one added tomorrow: each test plants an import at every folder the zone is made from.
 */
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: ROOT });

function foldersOf(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The boundary messages of linting `import * as probe from importPath` as the file at probePath. */
async function boundaryErrors(probePath: string, importPath: string): Promise<string[]> {
  const source = `import * as probe from '${importPath}';\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(source, { filePath: join(ROOT, probePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

/** A file the folder really has, so the import resolves as a real one would. */
function someFileOf(dir: string): string {
  const entries = readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true });
  const file = entries.find((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'));
  if (!file) throw new Error(`no source file under ${dir}`);
  const path = join(file.parentPath, file.name).slice(join(ROOT, dir).length + 1);
  return path.replace(/\.tsx?$/, '');
}

const APPS = foldersOf('apps/web/src/apps');
// games/i18n/ is the games' shared texts, not a game.
const GAMES = foldersOf('apps/web/src/apps/delphi/games').filter((folder) => folder !== 'i18n');
const MODULES = foldersOf('apps/server/src/modules');

describe('generated zones: apps', () => {
  it.each(APPS)('%s may not import another app', async (app) => {
    const other = APPS.find((candidate) => candidate !== app) as string;
    const errors = await boundaryErrors(`apps/web/src/apps/${app}/probe.ts`, `../${other}/${someFileOf(`apps/web/src/apps/${other}`)}`);
    expect(errors).toEqual([expect.stringContaining('A sub-app never imports another sub-app')]);
  });
});

describe('generated zones: delphi games', () => {
  it.each(GAMES)('%s may not import another game', async (game) => {
    const other = GAMES.find((candidate) => candidate !== game) as string;
    const errors = await boundaryErrors(`apps/web/src/apps/delphi/games/${game}/probe.ts`, `../${other}/${someFileOf(`apps/web/src/apps/delphi/games/${other}`)}`);
    expect(errors).toEqual([expect.stringContaining('A game never imports another game')]);
  });

  it('a game may import what the games share and the rest of delphi', async () => {
    expect(await boundaryErrors('apps/web/src/apps/delphi/games/mime-mix/probe.ts', '../seeded-random')).toEqual([]);
    expect(await boundaryErrors('apps/web/src/apps/delphi/games/mime-mix/probe.ts', '../i18n/games-namespace')).toEqual([]);
    expect(await boundaryErrors('apps/web/src/apps/delphi/games/mime-mix/probe.ts', '../../timing/timing')).toEqual([]);
  });
});

describe('generated zones: ui/ and shell/', () => {
  it('ui/ may not import shell/', async () => {
    expect(await boundaryErrors('apps/web/src/ui/probe.ts', '../shell/api/api')).toEqual([
      expect.stringContaining('ui/ never imports shell/'),
    ]);
  });

  it('shell/ may import ui/', async () => {
    expect(await boundaryErrors('apps/web/src/shell/probe.ts', '../ui/lazy-page')).toEqual([]);
  });
});

describe('generated zones: server modules', () => {
  it.each(MODULES)('%s may not import a module it has no declared edge to', async (module) => {
    // system imports no other module and no module declares an edge to it.
    const other = module === 'system' ? 'delphi' : 'system';
    const errors = await boundaryErrors(`apps/server/src/modules/${module}/probe.ts`, `../${other}/${someFileOf(`apps/server/src/modules/${other}`)}`);
    expect(errors).toEqual([expect.stringContaining('A server module imports another only along a declared edge')]);
  });

  it('a declared edge is allowed', async () => {
    expect(await boundaryErrors('apps/server/src/modules/delphi/probe.ts', '../account/user-data-registry')).toEqual([]);
  });

  it('a type-only import across an undeclared edge fails too', async () => {
    const source = "import type { ShortLinksTable } from '../short-links/short-links-tables';\nexport type Used = ShortLinksTable;\n";
    const [result] = await eslint.lintText(source, { filePath: join(ROOT, 'apps/server/src/modules/delphi/probe.ts') });
    const errors = (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
    expect(errors).toEqual([expect.stringContaining('A server module imports another only along a declared edge')]);
  });
});
