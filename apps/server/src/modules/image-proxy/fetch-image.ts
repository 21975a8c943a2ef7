/**
 * Fetches one external image for the proxy (ADR 058): `https:` only, every resolved address
 * public, the connection made to the address that was checked (no second look-up a DNS
 * rebinding could change), no redirects, at most MAX_BYTES, within TIMEOUT_MS, and only
 * bytes that are a PNG, JPEG, GIF or WebP (never SVG, which can carry script).
 */
import { lookup } from 'node:dns/promises';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { RequestOptions } from 'node:https';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { AppError } from '../../http/app-error';
import { detectImageType, type ImageType } from '../uploads/image-type';
import { isPublicAddress } from './public-address';

export const MAX_BYTES = 5 * 1024 * 1024;
export const TIMEOUT_MS = 5_000;

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

export interface ImageFetchDeps {
  /** Every address of a host name; tests point a made-up host at a public-looking address. */
  readonly resolve: (host: string) => Promise<readonly ResolvedAddress[]>;
  /** Opens the connection; tests reach a local server with it, the server uses https. */
  readonly request: (options: RequestOptions, onResponse: (response: IncomingMessage) => void) => ClientRequest;
}

export const REAL_IMAGE_FETCH: ImageFetchDeps = {
  resolve: async (host) => lookup(host, { all: true, verbatim: true }),
  request: (options, onResponse) => httpsRequest(options, onResponse),
};

export interface FetchedImage {
  readonly type: ImageType;
  readonly body: Buffer;
}

function refused(message: string): AppError {
  return new AppError({ name: 'Bad Request', message, code: 400 });
}

/** A look-up that hangs (no network) ends within the time limit too. */
function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('look-up timed out')), TIMEOUT_MS);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

async function checkedAddress(host: string, deps: ImageFetchDeps): Promise<ResolvedAddress> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = isIP(bare) === 0 ? await withTimeout(deps.resolve(bare)) : [{ address: bare, family: isIP(bare) }];
  } catch {
    throw refused(`The image host ${bare} could not be found.`);
  }
  if (addresses.length === 0) throw refused(`The image host ${bare} could not be found.`);
  if (!addresses.every((a) => isPublicAddress(a.address))) {
    throw refused('Images on local or private network addresses are not shown.');
  }
  return addresses[0]!;
}

export function parseImageUrl(raw: unknown): URL {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) throw refused('Give the image address as `url` (at most 2048 characters).');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('The image address is not a valid URL.');
  }
  if (url.protocol !== 'https:') throw refused('Only https: image addresses are shown.');
  if (url.username !== '' || url.password !== '') throw refused('Image addresses with a user name or password are not shown.');
  return url;
}

export async function fetchImage(url: URL, deps: ImageFetchDeps): Promise<FetchedImage> {
  const target = await checkedAddress(url.hostname, deps);
  const body = await new Promise<Buffer>((resolve, reject) => {
    const req = deps.request(
      {
        method: 'GET',
        host: url.hostname.replace(/^\[|\]$/g, ''),
        servername: isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0 ? url.hostname : undefined,
        port: url.port === '' ? 443 : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers: { accept: 'image/png,image/jpeg,image/gif,image/webp', 'user-agent': 'CHI image proxy' },
        // Node asks for every address when it tries several families (autoSelectFamily).
        lookup: (_host, options, callback) =>
          options.all === true
            ? (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [target])
            : callback(null, target.address, target.family),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          response.resume();
          reject(refused(status >= 300 && status < 400 ? 'The image address redirects elsewhere; give the final address.' : `The image could not be loaded (status ${status}).`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) {
            req.destroy();
            reject(refused('The image is larger than 5 MB.'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', () => reject(refused('The image could not be loaded.')));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(refused('The image took too long to load.'));
    }, TIMEOUT_MS);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy());
    req.on('error', () => reject(refused('The image could not be loaded.')));
    req.end();
  });
  const type = detectImageType(body);
  if (type === undefined) throw refused('The address does not answer with a PNG, JPEG, GIF or WebP image.');
  return { type, body };
}
