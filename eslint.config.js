// Lint rules, including the import boundaries of DESIGN §3:
// contract imports nothing of ours; web and server import contract, never each other;
// a sub-app never imports another sub-app, a game never another game, ui/ never shell/
// (shared things live in shell/ or ui/), and a server module imports another only along a
// declared edge. The zones are generated from the folders (ADR 066): a new app, game or
// module gets its boundary without an edit here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** The sub-folders of `dir` (relative to the repository root), sorted. */
function foldersOf(dir) {
  const root = new URL(`./${dir}/`, import.meta.url);
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const WEB_APPS = foldersOf('apps/web/src/apps');
// games/i18n/ holds the texts every game shares, as files directly in games/ hold shared code.
const DELPHI_GAMES = foldersOf('apps/web/src/apps/delphi/games').filter((folder) => folder !== 'i18n');
const SERVER_MODULES = foldersOf('apps/server/src/modules');

/**
 * The server modules each module may import (module → module): each module declares its own in
 * apps/server/src/modules/<module>/module-edges.json, a list of module names (ADR 065). Every
 * module has the file, its edges name existing modules and form no cycle
 * (tests/architecture/server-modules.test.ts); without the file a module may import no other.
 * A module that needs another's work asks for an edge there, in review.
 */
function edgesOf(module) {
  const file = new URL(`./apps/server/src/modules/${module}/module-edges.json`, import.meta.url);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
}
const SERVER_MODULE_EDGES = Object.fromEntries(SERVER_MODULES.map((module) => [module, edgesOf(module)]));

/**
 * What ui/ may still import from shell/ (paths relative to shell/): the shell's language-aware
 * date format and the documents' translations, until they move into ui/.
 */
const UI_FROM_SHELL_EXCEPTIONS = ['./i18n/format-date.ts', './documents/i18n'];

/** One zone per folder: it may import its own folder and the `allowed` siblings, no other. */
function siblingZones(parent, folders, message, allowed = () => []) {
  return folders.map((folder) => ({
    target: `./${parent}/${folder}`,
    from: `./${parent}`,
    except: [`./${folder}`, ...allowed(folder).map((other) => `./${other}`)],
    message: typeof message === 'function' ? message(folder) : message,
  }));
}

/**
 * Games never import each other (issue 28 item 1, ADR 062): what they share is in the game kit
 * (apps/web/src/game-kit/), which imports no app. Every delphi game folder is a game (generated;
 * games/i18n/ holds their shared texts), and so are the showcase's two games.
 */
const GAME_FOLDERS = [
  ...DELPHI_GAMES.map((game) => `apps/web/src/apps/delphi/games/${game}`),
  'apps/web/src/apps/showcase/play',
  'apps/web/src/apps/showcase/quiz',
];

function gameZones() {
  return [
    ...GAME_FOLDERS.map((game) => ({
      target: `./${game}`,
      from: GAME_FOLDERS.filter((other) => other !== game).map((other) => `./${other}`),
      message: 'A game never imports another game: move what they share to the game kit (apps/web/src/game-kit/).',
    })),
    { target: './apps/web/src/game-kit', from: './apps/web/src/apps', message: 'The game kit serves every game and imports no app.' },
  ];
}

/** Every generated zone. */
const GENERATED_ZONES = [
  ...siblingZones('apps/web/src/apps', WEB_APPS, 'A sub-app never imports another sub-app: move what they share to shell/ or ui/.'),
  ...gameZones(),
  {
    target: './apps/web/src/ui',
    from: './apps/web/src/shell',
    except: UI_FROM_SHELL_EXCEPTIONS,
    message: 'ui/ never imports shell/: ui/ holds small components the shell and the apps build on.',
  },
  ...siblingZones(
    'apps/server/src/modules',
    SERVER_MODULES,
    (module) => {
      const edges = SERVER_MODULE_EDGES[module];
      return `A server module imports another only along a declared edge (apps/server/src/modules/${module}/module-edges.json): ${module} may import ${edges.length ? edges.join(', ') : 'no other module'}.`;
    },
    (module) => SERVER_MODULE_EDGES[module],
  ),
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
            ...GENERATED_ZONES,
          ],
        },
      ],
    },
  },
  {
    // A migration never changes after it ships (issue 28): it imports nothing outside its own
    // folder (packages and Node only), since a change of module code would change what it does.
    // Every shipped migration is frozen so (ADR 065, 069). The folders' index.ts lists are not migrations.
    files: ['apps/server/src/db/migrations/0*.ts', 'apps/server/src/modules/*/migrations/0*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*', '../**'], message: 'A migration never imports module code (issue 28): write its SQL and data out in the migration.' }] },
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
