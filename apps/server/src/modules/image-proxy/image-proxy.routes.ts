/**
 * `GET /api/v1/image-proxy?url=…` (ADR 058): shows a user-given external image from our own
 * origin, so the CSP's `img-src` need not allow every `https:` host. The answer is an image
 * only, with a policy that forbids everything else and a day's caching.
 */
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../security/rate-limiter';
import { fetchImage, parseImageUrl, REAL_IMAGE_FETCH, type ImageFetchDeps } from './fetch-image';

export const IMAGE_PROXY_PATH = '/api/v1/image-proxy';

/** A page of profile images or visions loads dozens; a flood from one address is stopped. */
const PER_ADDRESS = { max: 600, windowMs: 15 * 60_000 };

export interface ImageProxyDeps {
  readonly limiter: RateLimiter;
  readonly imageFetch?: ImageFetchDeps;
}

export function registerImageProxyRoutes(app: FastifyInstance, deps: ImageProxyDeps): void {
  const imageFetch = deps.imageFetch ?? REAL_IMAGE_FETCH;
  app.get(IMAGE_PROXY_PATH, async (request, reply) => {
    const url = parseImageUrl((request.query as Record<string, unknown>).url);
    await deps.limiter.hit([{ key: `image-proxy:ip:${request.ip}`, limit: PER_ADDRESS }]);
    const image = await fetchImage(url, imageFetch);
    return reply
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'same-origin')
      .type(image.type.contentType)
      .send(image.body);
  });
}
