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

async function boundaryErrors(probePath: string, importPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import * as probe from '${importPath}';\nexport const used = probe;\n`, {
    filePath: join(ROOT, probePath),
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
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
