/** Where the server lives on disk, found from this module's location rather than the cwd. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server, whatever directory the process was started from. */
export const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function readPackageJson(dir: string): Record<string, unknown> | undefined {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * The repository root: the nearest ancestor whose package.json declares workspaces.
 * `npm run start -w apps/server` runs with cwd apps/server while `npm start` users think in
 * terms of the repository, so relative paths (DATA_DIR, WEB_DIST_DIR, a SQLite path) are
 * resolved against this directory, never against the cwd. Falls back to the cwd when the
 * server is deployed on its own, outside the workspace.
 */
function findRepositoryRoot(): string {
  let dir = SERVER_ROOT;
  for (;;) {
    if (readPackageJson(dir)?.workspaces !== undefined) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const REPOSITORY_ROOT = findRepositoryRoot();

/**
 * The product version: the root package.json's `version`, or the server package's when the
 * root declares none (a private workspace root usually has no version).
 */
export function readVersion(): string {
  for (const dir of [REPOSITORY_ROOT, SERVER_ROOT]) {
    const version = readPackageJson(dir)?.version;
    if (typeof version === 'string' && version !== '') return version;
  }
  return '0.0.0';
}
