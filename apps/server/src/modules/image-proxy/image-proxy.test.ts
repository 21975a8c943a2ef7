import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import type { ImageFetchDeps } from './fetch-image';
import { IMAGE_PROXY_PATH } from './image-proxy.routes';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4830000000049454e44ae426082', 'hex');

/** A local server stands in for the internet: the machine running the tests has none. */
function startImageHost(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/pixel.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
    else if (req.url === '/logo.svg') res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    else if (req.url === '/moved') res.writeHead(302, { location: 'https://127.0.0.1/pixel.png' }).end();
    else res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.each(TEST_DIALECTS)('image proxy (%s)', (dialect) => {
  let t: TestApp;
  let imageHost: Server;
  const connectedTo: string[] = [];

  beforeAll(async () => {
    imageHost = await startImageHost();
    const port = (imageHost.address() as AddressInfo).port;
    const imageFetch: ImageFetchDeps = {
      // The made-up host resolves to a public address; every other name to loopback.
      resolve: async (host) => (host === 'images.example.com' ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]),
      request: (options, onResponse) => {
        options.lookup?.('images.example.com', {}, (_error: unknown, address: unknown) => connectedTo.push(String(address)));
        return httpRequest({ ...options, host: '127.0.0.1', port, lookup: undefined }, onResponse);
      },
    };
    t = await createTestApp(dialect, { build: { imageFetch } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => imageHost.close(resolve));
  });

  const proxy = (url: string) => t.app.inject({ method: 'GET', url: `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(url)}`, remoteAddress: '203.0.113.9' });

  it('answers a public https image with its type, a closed policy and a cache header', async () => {
    const res = await proxy('https://images.example.com/pixel.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(connectedTo).toContain('93.184.216.34');
  });

  it.each([
    ['https://127.0.0.1/pixel.png', 'Images on local or private network addresses are not shown.'],
    ['https://[::1]/pixel.png', 'Images on local or private network addresses are not shown.'],
    ['https://10.1.2.3/pixel.png', 'Images on local or private network addresses are not shown.'],
    ['https://169.254.169.254/latest/meta-data', 'Images on local or private network addresses are not shown.'],
    ['https://intranet.example.org/pixel.png', 'Images on local or private network addresses are not shown.'],
    ['http://images.example.com/pixel.png', 'Only https: image addresses are shown.'],
    ['not a url', 'The image address is not a valid URL.'],
    ['https://images.example.com/page.html', 'The address does not answer with a PNG, JPEG, GIF or WebP image.'],
    ['https://images.example.com/logo.svg', 'The address does not answer with a PNG, JPEG, GIF or WebP image.'],
    ['https://images.example.com/moved', 'The image address redirects elsewhere; give the final address.'],
  ])('refuses %s with 400', async (url, message) => {
    const res = await proxy(url);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).not.toMatch(/^image\//);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('refuses a request without an address', async () => {
    const res = await t.app.inject({ method: 'GET', url: IMAGE_PROXY_PATH });
    expect(res.statusCode).toBe(400);
  });
});
