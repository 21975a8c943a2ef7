/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (hashed assets and
 * index.html), at maximum quality, once per build. The server picks one by the request's
 * Accept-Encoding (apps/server/src/http/static-client.ts), so no byte of the client is
 * compressed per request and none is sent raw to a browser that accepts brotli or gzip.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats only: images and fonts are already compressed. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Compresses one file; a variant that would not be smaller is not written (the server then sends the original). */
export async function precompressFile(file: string): Promise<{ raw: number; br?: number; gz?: number }> {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const sizes: { raw: number; br?: number; gz?: number } = { raw: raw.length };
  if (br.length < raw.length) {
    await writeFile(`${file}.br`, br);
    sizes.br = br.length;
  }
  if (gz.length < raw.length) {
    await writeFile(`${file}.gz`, gz);
    sizes.gz = gz.length;
  }
  return sizes;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'chi:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // After every file is on disk (writeBundle runs per output; index.html is written with it).
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      const sizes = await Promise.all(files.map(precompressFile));
      const raw = sizes.reduce((sum, s) => sum + s.raw, 0);
      const br = sizes.reduce((sum, s) => sum + (s.br ?? s.raw), 0);
      this.info?.(`precompressed ${files.length} files: ${Math.round(raw / 1024)} KB raw, ${Math.round(br / 1024)} KB brotli`);
    },
  };
}
