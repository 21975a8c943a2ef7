// Lint rules, including the import boundaries of DESIGN §3:
// contract imports nothing of ours; web and server import contract, never each other;
// a sub-app never imports another sub-app (shared things live in shell/ or ui/).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readFileSync } from 'node:fs';

const SUB_APPS = ['app', 'api', 'assistants', 'ccf', 'creavisions', 'delphi', 'showcase'];

/**
 * Server modules are peers (issue 28, ADR 065): a module imports another only along an edge
 * declared in apps/server/src/modules/module-edges.json (its own files always). Every folder
 * under apps/server/src/modules is listed there and the edges form no cycle (both checked by
 * tests/architecture/server-modules.test.ts).
 */
const SERVER_MODULE_EDGES = JSON.parse(readFileSync(new URL('./apps/server/src/modules/module-edges.json', import.meta.url), 'utf8'));

const serverModuleZones = Object.entries(SERVER_MODULE_EDGES).map(([module, edges]) => ({
  target: `./apps/server/src/modules/${module}`,
  from: './apps/server/src/modules',
  except: [`./${module}`, ...edges.map((edge) => `./${edge}`)],
  message: `A server module imports another only along a declared edge (apps/server/src/modules/module-edges.json): ${module} may import ${edges.length ? edges.join(', ') : 'no other module'}.`,
}));

const subAppZones = SUB_APPS.map((app) => ({
  target: `./apps/web/src/apps/${app}`,
  from: './apps/web/src/apps',
  except: [`./${app}`],
  message: 'A sub-app never imports another sub-app: move what they share to shell/ or ui/.',
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**', '.e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no .ts/.tsx module and rules that follow imports (no-cycle)
      // silently see nothing (the same settings as import-x's own typescript preset).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['packages/contract/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'tsconfig.tools.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/contract',
              from: ['./apps', './e2e', './bench'],
              message: 'The contract imports nothing of ours.',
            },
            { target: './apps/server', from: './apps/web', message: 'The server never imports the web client.' },
            { target: './apps/web', from: './apps/server', message: 'The web client never imports the server.' },
            ...subAppZones,
            ...serverModuleZones,
          ],
        },
      ],
    },
  },
  {
    // A migration never changes after it ships (issue 28): it imports no module code, whose
    // change would change what it does. 0030 and 0033 still build their SQL from module code
    // and are listed until they are frozen as 0021 and 0024 were.
    files: ['apps/server/src/db/migrations/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/db/migrations/0030-delphi-skipped-and-practice.ts', 'apps/server/src/db/migrations/0033-assistant-danish-stemming.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'A migration never imports module code (issue 28): write its SQL and data out in the migration.' }] },
      ],
    },
  },
  {
    // No import cycles (issue 10): a cycle makes load order decide what is undefined at run time,
    // and a registry that its entries import back is not data. Type-only imports are exempt (the
    // rule skips them: they vanish at compile time). External packages are not followed, which
    // keeps the graph to our own sources and the lint fast.
    files: ['**/*.{ts,tsx}'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
