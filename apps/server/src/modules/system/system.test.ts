import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DESCRIPTORS, API_BASE, ERRORS, errorBody, system } from '@chi/contract';
import { missingHandlers } from '../../http/registrar';
import { readVersion } from '../../paths';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

describe.each(TEST_DIALECTS)('system routes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PUBLIC_DOMAIN: 'research.example.org', GAME_TIME_SCALE: '0.05' } });
  });
  afterAll(() => t.close());

  it('GET /api/v1/health answers ok with the dialect and the version', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/health` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok', database: dialect, version: readVersion() });
  });

  it('GET /api/v1/config answers the public client settings', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/config` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: readVersion(), publicDomain: 'research.example.org', gameTimeScale: 0.05 });
  });

  it('GET /api/v1/openapi.json lists every descriptor with its path and method', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` });
    expect(response.statusCode).toBe(200);
    const document = system.openApiDocumentSchema.parse(response.json());
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(readVersion());
    for (const descriptor of ALL_DESCRIPTORS) {
      const path = API_BASE + descriptor.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(document.paths[path]?.[descriptor.method.toLowerCase()], `${descriptor.method} ${path}`).toBeDefined();
    }
  });

  it('has a handler for every descriptor of the contract', async () => {
    await t.app.ready();
    expect(missingHandlers(t.app).map((d) => `${d.method} ${d.path}`)).toEqual([]);
  });
});

describe.each(TEST_DIALECTS)('health without a database (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers 503 with the unavailable error when the database does not answer', async () => {
    await t.database.destroy();
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/health` });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(errorBody(ERRORS.unavailable));
  });
});
