/**
 * Server modules are peers (issue 28, ADR 065): a module imports another only along an edge it
 * declares in its own apps/server/src/modules/<module>/module-edges.json (read by
 * eslint.config.js). These lint probe files (never written to disk) inside modules, so a dropped
 * zone or an undeclared edge fails here.
 */
import { ESLint } from 'eslint';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MODULES = join(ROOT, 'apps', 'server', 'src', 'modules');
const eslint = new ESLint({ cwd: ROOT });
const FOLDERS = readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const edgesFile = (module: string) => join(MODULES, module, 'module-edges.json');
/** Each module's declared edges; a module without the file has none here (and fails below). */
const edges: Record<string, readonly string[]> = Object.fromEntries(
  FOLDERS.map((module) => [module, existsSync(edgesFile(module)) ? (JSON.parse(readFileSync(edgesFile(module), 'utf8')) as string[]) : []]),
);

async function boundaryErrors(probePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(ROOT, probePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('server modules import each other only along declared edges', () => {
  it('an undeclared edge fails lint: creavisions importing ccf', async () => {
    const planted = "import { takeKeyUse } from '../ccf/ccf.repo';\nexport const used = takeKeyUse;\n";
    expect(await boundaryErrors('apps/server/src/modules/creavisions/probe.ts', planted)).toEqual([
      expect.stringContaining('A server module imports another only along a declared edge'),
    ]);
  });

  it('a type-only import over an undeclared edge fails too: session importing account', async () => {
    const planted = "import type { UserDataRegistry } from '../account/user-data-registry';\nexport type Used = UserDataRegistry;\n";
    expect(await boundaryErrors('apps/server/src/modules/session/probe.ts', planted)).toEqual([
      expect.stringContaining('session may import no other module'),
    ]);
  });

  it('a declared edge and the module’s own files pass', async () => {
    const declared = "import { searchChunks } from '../retrieval/retrieval';\nimport { presentEntry } from './creavisions.repo';\nexport const used = [searchChunks, presentEntry];\n";
    expect(await boundaryErrors('apps/server/src/modules/creavisions/probe.ts', declared)).toEqual([]);
  });

  it('every module folder declares its edges, only to other existing modules, with no cycle between modules', () => {
    expect(FOLDERS.filter((module) => !existsSync(edgesFile(module)))).toEqual([]);
    for (const [module, targets] of Object.entries(edges)) {
      expect(Array.isArray(targets) && targets.every((target) => typeof target === 'string')).toBe(true);
      for (const target of targets) expect(FOLDERS.filter((other) => other !== module)).toContain(target);
    }
    // Depth-first: a module reached again while still on the path closes a cycle.
    const onPath = new Set<string>();
    const done = new Set<string>();
    const visit = (module: string): string | null => {
      if (onPath.has(module)) return module;
      if (done.has(module)) return null;
      onPath.add(module);
      for (const next of edges[module] ?? []) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
      onPath.delete(module);
      done.add(module);
      return null;
    };
    expect(FOLDERS.map(visit).filter((m) => m !== null)).toEqual([]);
  });
});

describe('a shipped migration imports no module code (issue 28)', () => {
  it('a module import planted in a frozen migration fails lint, type-only too', async () => {
    const lint = async (source: string) => {
      const [result] = await eslint.lintText(source, { filePath: join(ROOT, 'apps/server/src/modules/delphi/migrations/0024-delphi-plot-cells.ts') });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    };
    expect(await lint("import { cellTriggers } from '../plots/plot-cells';\nexport const used = cellTriggers;\n")).toEqual([
      expect.stringContaining('A migration never imports module code'),
    ]);
    expect(await lint("import type { Dialect } from '../plots/plot-cells';\nexport type Used = Dialect;\n")).toHaveLength(1);
    expect(await lint("import { sql } from 'kysely';\nexport const used = sql;\n")).toEqual([]);
  });
});
