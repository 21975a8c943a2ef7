/**
 * Prerendered pages whose markup depends on the host they are served on (ADR 023). The build
 * renders a page as if it were at `http://<app>.chi-prerender.invalid` (apps/web/src/prerender.tsx);
 * a page that links to the other apps from the host it is on (the showcase) then holds origins
 * like `http://delphi.chi-prerender.invalid`. Here each becomes the request's own protocol,
 * domain and port, exactly as the client's first render computes them from `window.location`,
 * and the result is compressed once per host and kept (a few hosts serve a deployment).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppId } from '@chi/contract';

export const PRERENDER_DOMAIN = 'chi-prerender.invalid';
const PLACEHOLDER_ORIGIN = /http:\/\/([a-z]+)\.chi-prerender\.invalid/g;
/** A host name we are willing to write into a page: letters, digits, dots, dashes, a port. */
const SAFE_HOST = /^[a-z0-9.-]+(?::\d{1,5})?$/;
const MAX_CACHED = 32;

type Encoding = 'br' | 'gzip' | 'identity';

/** The best of brotli, gzip and none the request accepts (q-values honoured, brotli first at equal weight). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** The request's origin for app `app`: `<protocol>://<app>.<base domain>[:port]`, as the client computes it. */
export function originFor(app: string, protocol: string, host: string): string {
  const [hostname = '', port] = host.split(':');
  const labels = hostname.split('.');
  const domain = labels.length > 1 && isAppId(labels[0] ?? '') ? labels.slice(1).join('.') : hostname;
  const defaultPort = !port || (protocol === 'http' && port === '80') || (protocol === 'https' && port === '443');
  return `${protocol}://${app}.${domain}${defaultPort ? '' : `:${port}`}`;
}

export class HostPages {
  private readonly texts = new Map<string, string | null>();
  private readonly cache = new Map<string, Record<Encoding, Buffer>>();

  constructor(private readonly distDir: string) {}

  private text(file: string): string | null {
    if (!this.texts.has(file)) {
      let text: string;
      try {
        text = readFileSync(join(this.distDir, file), 'utf8');
      } catch {
        // Gone while the build rewrites dist/: the caller's sendFile falls back to the plain page.
        return null;
      }
      this.texts.set(file, text.includes(PRERENDER_DOMAIN) ? text : null);
    }
    return this.texts.get(file) ?? null;
  }

  isHostDependent(file: string): boolean {
    return this.text(file) !== null;
  }

  private bodies(file: string, protocol: string, host: string): Record<Encoding, Buffer> {
    const key = `${file} ${protocol}://${host}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const html = (this.text(file) ?? '').replace(PLACEHOLDER_ORIGIN, (_match, app: string) => originFor(app, protocol, host));
    const raw = Buffer.from(html);
    const bodies = {
      identity: raw,
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gzip: gzipSync(raw, { level: 9 }),
    };
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value ?? '');
    this.cache.set(key, bodies);
    return bodies;
  }

  /** Sends the page for this request's host; a host we would not write into HTML gets a 400, never the page. */
  send(file: string, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const host = request.host.toLowerCase();
    reply.header('vary', 'Accept-Encoding, Cookie');
    if (!SAFE_HOST.test(host)) return reply.code(400).type('text/plain; charset=utf-8').send('Bad host\n');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const body = this.bodies(file, request.protocol, host)[encoding];
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').header('content-length', body.length).send(body);
  }
}
