import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DESCRIPTORS, ERRORS, documents } from '@chi/contract';
import type { AppId } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { dedicatedScopes } from './document-access';
import { docCall, makeUsers } from './documents-kit';
import type { Users } from './documents-kit';

/** A small seeded generator, so a failure names a payload that can be replayed. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const scalars: unknown[] = [null, 0, -1, 1.5, 1e300, '', 'x', "'; drop table documents; --", '_Thing', 'Thing', 'ccf', true, false, 'a'.repeat(70)];
  const keys = ['_id', '_appId', '_dataType', '_ownerId', '_published', 'field', 'operator', 'value', 'type', 'filters', 'filter', 'update', 'proxyId', 'offset', 'limit', 'sorting', 'name', 'direction', '__proto__x', 'a.b'];
  const value = (depth: number): unknown => {
    const roll = next();
    if (depth <= 0 || roll < 0.45) return pick(scalars);
    if (roll < 0.6) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth - 1));
    const object: Record<string, unknown> = {};
    for (let i = Math.floor(next() * 5); i > 0; i -= 1) object[pick(keys)] = value(depth - 1);
    return object;
  };
  return { value, pick, next };
}

describe.each(TEST_DIALECTS)('documents under random payloads (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    u = await makeUsers(t);
    await docCall(t, documents.create, { appId: 'ccf', dataType: 'Thing' }, { _appId: 'ccf', _dataType: 'Thing', _id: 'x', n: 1 }, u.owner.session);
  });
  afterAll(() => t.close());

  it('answers every random payload on every endpoint without a server error', async () => {
    const random = generator(20_261_122);
    const scopes = [
      { appId: 'ccf', dataType: 'Thing' },
      { appId: 'ccf', dataType: '_Thing' },
      { appId: 'app', dataType: '_Person' },
    ];
    for (let i = 0; i < 1_500; i += 1) {
      const descriptor = random.pick(documents.DOCUMENT_DESCRIPTORS);
      const scope = random.pick(scopes);
      const payload = random.value(4) ?? {};
      const session = random.pick([undefined, u.owner.session, u.other.session, u.devOp.session]);
      const res = await docCall(t, descriptor, scope, payload, session);
      expect(res.statusCode, `${descriptor.name} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
    }
  });

  it('leaves every app/DataType pair of a dedicated call to that call: 404 on the generic routes', async () => {
    const owned = [...dedicatedScopes(ALL_DESCRIPTORS)].map((pair) => pair.split('/') as [string, string]);
    expect(owned.map((pair) => pair.join('/'))).toEqual(expect.arrayContaining(['app/Account', 'app/SessionKey', 'app/Upload', 'delphi/Game', 'delphi/File']));
    // Where a dedicated route has the very same method and path (app/ShortLink create), it answers instead.
    const dedicatedRoute = (method: string, path: string) => ALL_DESCRIPTORS.some((d) => d.method === method && d.path === path);
    let checked = 0;
    for (const [appId, dataType] of owned) {
      for (const descriptor of documents.DOCUMENT_DESCRIPTORS) {
        if (dedicatedRoute(descriptor.method, documents.documentPath(descriptor, appId as AppId, dataType))) continue;
        checked += 1;
        for (const session of [undefined, u.devOp.session]) {
          const res = await docCall(t, descriptor, { appId, dataType }, { _appId: appId, _dataType: dataType, _id: 'x' }, session);
          expect(res.statusCode, `${descriptor.name} ${appId}/${dataType}`).toBe(404);
          expect(res.json()).toEqual({ Error: ERRORS.notFound });
        }
      }
    }
    expect(checked).toBeGreaterThan(owned.length * 7);
    // Nothing was stored under a dedicated name.
    const stored = await t.database.db.selectFrom('documents').select(['app_id', 'data_type']).execute();
    expect(stored.filter((row) => owned.some(([a, d]) => row.app_id === a && row.data_type === d))).toEqual([]);
  });

  it('still answers a dedicated call whose path matches a generic one', async () => {
    // LIST_UPLOADS is POST /actions/app/Upload/action/list: the same shape as a generic list.
    const res = await docCall(t, documents.list, { appId: 'app', dataType: 'Upload' }, {}, u.owner.session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _images: [] });
    expect((await docCall(t, documents.list, { appId: 'app', dataType: 'Upload' }, {})).statusCode).toBe(401);
    // A data type that only shares a prefix with a dedicated one is an ordinary document type.
    expect((await docCall(t, documents.list, { appId: 'delphi', dataType: 'GameNote' }, {})).json()).toEqual({ documents: [], total: 0 });
  });
});
