/**
 * Compression of API answers on the fly (issue 10): JSON and other text above a small size, with
 * brotli or gzip as the request's Accept-Encoding prefers. The web client's files are not
 * compressed here: the build wrote `.br`/`.gz` beside each one and static-client.ts sends those.
 * Event streams are never compressed: a compressor buffers, and an SSE event must reach the
 * browser the moment it is written.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@chi/contract';

/** Smaller answers cost more in CPU and headers than compression saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Brotli at quality 4: most of its gain over gzip at a fraction of quality 11's CPU. */
const BROTLI_QUALITY = 4;

function compressibleType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/event-stream') return false;
  return type.startsWith('text/') || type === 'application/json' || type.endsWith('+json') || type === 'application/xml' || type.endsWith('+xml');
}

/** Answers per content-type header seen: our routes send a handful of them, asked on every answer. */
const compressibleByType = new Map<string, boolean>();
/** Past this many distinct headers the memo starts over (a route echoing odd types cannot grow it). */
const MEMO_LIMIT = 64;

/** Text formats worth compressing; never `text/event-stream`. */
export function isCompressibleType(contentType: string): boolean {
  let answer = compressibleByType.get(contentType);
  if (answer === undefined) {
    answer = compressibleType(contentType);
    if (compressibleByType.size >= MEMO_LIMIT) compressibleByType.clear();
    compressibleByType.set(contentType, answer);
  }
  return answer;
}

export function registerCompression(app: FastifyInstance): void {
  // Runs for every route added after this call (before @fastify/compress's own onRoute hook):
  // only API routes get the on-the-fly compressor; the static client's routes opt out.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !route.url.startsWith(`${API_BASE}/`)) route.compress = false;
  });
  // Called now rather than queued with app.register(): buildApp adds the module routes
  // synchronously, and Fastify runs onRoute hooks as each route is added, so a queued plugin
  // would load after them and compress nothing. The plugin is a fastify-plugin (it decorates
  // the root either way) whose body only adds a reply decorator and this onRoute hook.
  fastifyCompress(
    app,
    {
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
      customTypes: isCompressibleType,
      // Request bodies stay as sent: nothing of ours sends compressed bodies, and inflating
      // them would let a small request grow past what the body limit means to allow.
      globalDecompression: false,
    },
    (error) => {
      if (error) throw error;
    },
  );
}
