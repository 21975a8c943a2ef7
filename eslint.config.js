// Lint rules, including the import boundaries of DESIGN §3:
// contract imports nothing of ours; web and server import contract, never each other;
// a sub-app never imports another sub-app (shared things live in shell/ or ui/).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const SUB_APPS = ['app', 'api', 'assistants', 'ccf', 'creavisions', 'delphi', 'showcase'];

const subAppZones = SUB_APPS.map((app) => ({
  target: `./apps/web/src/apps/${app}`,
  from: './apps/web/src/apps',
  except: [`./${app}`],
  message: 'A sub-app never imports another sub-app: move what they share to shell/ or ui/.',
}));

// Games never import each other (issue 28 item 1, ADR 062): what they share is in the game kit
// (apps/web/src/game-kit/), which imports no app. One folder per game; a new game adds a line.
const GAME_FOLDERS = [
  'apps/web/src/apps/delphi/games/color-catch',
  'apps/web/src/apps/delphi/games/flash-match',
  'apps/web/src/apps/delphi/games/mime-mix',
  'apps/web/src/apps/delphi/games/morning-memo',
  'apps/web/src/apps/delphi/games/quiz-time',
  'apps/web/src/apps/delphi/games/word-links',
  'apps/web/src/apps/showcase/play',
  'apps/web/src/apps/showcase/quiz',
];

const gameZones = [
  ...GAME_FOLDERS.map((game) => ({
    target: `./${game}`,
    from: GAME_FOLDERS.filter((other) => other !== game).map((other) => `./${other}`),
    message: 'A game never imports another game: move what they share to the game kit (apps/web/src/game-kit/).',
  })),
  { target: './apps/web/src/game-kit', from: './apps/web/src/apps', message: 'The game kit serves every game and imports no app.' },
];

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
            ...gameZones,
          ],
        },
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
