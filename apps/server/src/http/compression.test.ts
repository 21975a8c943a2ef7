import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@chi/contract';
import { TEST_DIALECTS, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { COMPRESS_THRESHOLD_BYTES, isCompressibleType } from './compression';

const EVENTS = `${API_BASE}/test-only/events`;
// An SSE body well above the threshold: compressible text, and still never compressed.
const EVENT_BODY = Array.from({ length: 200 }, (_, i) => `data: {"tick":${i}}\n\n`).join('');

describe('isCompressibleType', () => {
  it.each(['application/json; charset=utf-8', 'text/csv', 'text/plain', 'application/problem+json', 'image/svg+xml'])('compresses %s', (type) => {
    expect(isCompressibleType(type)).toBe(true);
  });
  it.each(['text/event-stream', 'Text/Event-Stream; charset=utf-8', 'image/png', 'application/zip', 'application/octet-stream'])('never compresses %s', (type) => {
    expect(isCompressibleType(type)).toBe(false);
  });
  it('answers the same when asked again, also after more distinct types than it remembers', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(isCompressibleType(`text/x-${i}`)).toBe(true);
      expect(isCompressibleType(`image/x-${i}`)).toBe(false);
      expect(isCompressibleType('application/json; charset=utf-8')).toBe(true);
      expect(isCompressibleType('text/event-stream')).toBe(false);
    }
  });
});

describe.each(TEST_DIALECTS)('API response compression (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    t.app.get(EVENTS, async (_request, reply) => reply.type('text/event-stream').header('cache-control', 'no-store').send(EVENT_BODY));
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a large JSON answer with brotli when the browser accepts it, never with the raw Content-Length', async () => {
    const plain = await get(`${API_BASE}/openapi.json`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const response = await get(`${API_BASE}/openapi.json`, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    // Big answers are compressed as a stream and go out chunked; a length, when sent, is the compressed one.
    const length = response.headers['content-length'];
    expect(length === undefined || Number(length) === response.rawPayload.length).toBe(true);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
  });

  it('falls back to gzip, and follows q-values', async () => {
    const gzipOnly = await get(`${API_BASE}/openapi.json`, 'gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipOnly.rawPayload).toString())).toHaveProperty('openapi');

    const gzipPreferred = await get(`${API_BASE}/openapi.json`, 'br;q=0.4, gzip;q=0.9');
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');

    const noneAcceptable = await get(`${API_BASE}/openapi.json`, 'br;q=0, gzip;q=0');
    expect(noneAcceptable.headers['content-encoding']).toBeUndefined();
    expect(noneAcceptable.json()).toHaveProperty('openapi');
  });

  it('leaves a small JSON answer as it is', async () => {
    const response = await get(`${API_BASE}/health`, 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('status');
  });

  it('never compresses an event stream', async () => {
    const response = await get(EVENTS, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(EVENT_BODY);
  });
});
