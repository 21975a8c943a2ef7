/**
 * Compiles the server for production (ADR 009): one ESM bundle, `dist/main.js` (and the workers',
 * `dist/ingest-worker.js`, `dist/export-worker.js` and `dist/sqlite-checkpoint-worker.js`), that plain
 * `node` runs. The contract is TypeScript source, so it is bundled in; every npm package stays
 * an import resolved from node_modules at run time (native ones like better-sqlite3 and argon2
 * cannot be bundled, and the others need not be). Run with `npm run build -w apps/server`.
 */
import { build, type Plugin } from 'esbuild';
import { contractFingerprint } from '@chi/contract';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = dirname(fileURLToPath(import.meta.url));

/** Our workspace packages (`@chi/…`) are bundled; every other bare import stays external. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@chi/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer(): Promise<string> {
  const outfile = join(SERVER_DIR, 'dist', 'main.js');
  const result = await build({
    // The parse worker (ADR 041) and the export worker are their own entries, loaded by the server from beside main.js.
    entryPoints: { main: join(SERVER_DIR, 'src', 'main.ts'), 'ingest-worker': join(SERVER_DIR, 'src', 'modules', 'assistants', 'ingest', 'parse-worker.ts'),
      // The export worker (ADR 070): reads and formats an export in its own thread.
      'export-worker': join(SERVER_DIR, 'src', 'modules', 'delphi', 'export', 'export-worker.ts'),
      // SQLite's WAL checkpoints (ADR 078): the server's process checkpoints in a thread of its own.
      'sqlite-checkpoint-worker': join(SERVER_DIR, 'src', 'db', 'sqlite-checkpoint-worker.ts'),
    },
    outdir: dirname(outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // Names in stack traces and logs stay the source's.
    keepNames: true,
    plugins: [npmPackagesExternal],
    // The contract's fingerprint, sent with every answer (ADR 080): computed here once, not at each start.
    define: { __CHI_CONTRACT_FINGERPRINT__: JSON.stringify(contractFingerprint()) },
    logLevel: 'warning',
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs).length;
  process.stdout.write(`server built: ${inputs} modules -> ${outfile}\n`);
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
