/**
 * `virtual:chi-openapi`: the API reference as the contract describes it, built once at build
 * time (the same `buildOpenApi(ALL_DESCRIPTORS, version)` the server answers `openapi.json`
 * with) and shipped as JSON in the API pages' chunk only. The page draws it at once, so its
 * prerendered first screen needs no data and no loader (ADR 040). Importing the descriptors
 * themselves instead would pull every app's actions into that chunk and re-split the others.
 */
import { readFileSync } from 'node:fs';
import type * as Contract from '@chi/contract';
import { runnerImport, type Plugin } from 'vite';

export const OPENAPI_MODULE = 'virtual:chi-openapi';
const RESOLVED = `\0${OPENAPI_MODULE}`;

/** The version the server reports: its package's. */
function serverVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../server/package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

let loaded: Promise<typeof Contract> | undefined;

/**
 * The contract as the build's Node sees it, loaded once per build. The contract is TypeScript
 * source, which the Node running this config cannot import: Vite's module runner loads it,
 * without this config (`configFile: false`).
 */
export function contractModule(): Promise<typeof Contract> {
  loaded ??= runnerImport<typeof Contract>('@chi/contract', { configFile: false, logLevel: 'warn' }).then(({ module }) => module);
  return loaded;
}

/**
 * The module's source: `JSON.parse` of a string literal parses faster than the same object as
 * code.
 */
export async function openApiModuleSource(version = serverVersion()): Promise<string> {
  const module = await contractModule();
  const json = JSON.stringify(module.buildOpenApi(module.ALL_DESCRIPTORS, version));
  return `export default JSON.parse(${JSON.stringify(json)});\n`;
}

export function openApiDocument(): Plugin {
  let source: Promise<string> | undefined;
  return {
    name: 'chi:openapi-document',
    resolveId: (id) => (id === OPENAPI_MODULE ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      source ??= openApiModuleSource();
      return source;
    },
  };
}
