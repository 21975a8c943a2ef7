import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, documents } from '@chi/contract';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { docCall, makeUsers } from './documents-kit';
import type { Users } from './documents-kit';

const ITEM = { appId: 'showcase', dataType: 'Item' };
const ident = (id: string, scope = ITEM) => ({ _appId: scope.appId, _dataType: scope.dataType, _id: id });

describe.each(TEST_DIALECTS)('document proxies (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    u = await makeUsers(t);
    for (const id of ['private', 'public', 'gone', 'shared']) {
      await docCall(t, documents.create, ITEM, { ...ident(id), text: `the ${id} one` }, u.owner.session);
    }
    await docCall(t, documents.publish, ITEM, { filter: ident('public') }, u.owner.session);
  });
  afterAll(() => t.close());

  const proxyOf = async (id: string, session?: string) => {
    const res = await docCall(t, documents.proxy, ITEM, { filter: ident(id) }, session);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { proxyId: string }).proxyId;
  };
  const getThrough = (proxyId: string, session?: string) => docCall(t, documents.get, ITEM, { proxyId }, session);
  const storedProxies = async (id: string) =>
    (await t.database.db.selectFrom('document_proxies').select('id').where('document_id', '=', id).execute()).map((r) => r.id);

  it('is given only to someone who may manage the document', async () => {
    const anonymous = await docCall(t, documents.proxy, ITEM, { filter: ident('public') });
    expect(anonymous.statusCode).toBe(401);
    // Another user: like patch, a document they can see is 403, one they cannot see is 404.
    expect((await docCall(t, documents.proxy, ITEM, { filter: ident('public') }, u.other.session)).statusCode).toBe(403);
    const hidden = await docCall(t, documents.proxy, ITEM, { filter: ident('private') }, u.other.session);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ Error: { message: documents.DOCUMENT_ERRORS.notFound.message } });
    expect((await docCall(t, documents.proxy, ITEM, { filter: ident('missing') }, u.owner.session)).statusCode).toBe(404);
    expect(await storedProxies('public')).toEqual([]);
    expect(await storedProxies('private')).toEqual([]);
  });

  it('answers the SPEC §8 loader messages', async () => {
    const message = async (payload: unknown) => {
      const res = await docCall(t, documents.proxy, ITEM, payload, u.owner.session);
      expect(res.statusCode).toBe(400);
      return (res.json() as { Error: { message: string } }).Error.message;
    };
    expect(await message({})).toBe(ERRORS.filterRequired.message);
    expect(await message({ filter: { _appId: 'showcase', _id: 'private' } })).toBe(ERRORS.dataTypeRequired.message);
    expect(await message({ filter: { _appId: 'showcase', _dataType: 'Item' } })).toBe(ERRORS.idRequired.message);
    expect(await message({ filter: [] })).toBe(ERRORS.malformedFilter.message);
    expect(await message({ filter: { ...ident('private'), _dataType: 'Other' } })).toBe('filter._dataType: does not match the data type of the path');
  });

  it('lets anyone holding it read exactly that document, and is the same id for every manager', async () => {
    const proxyId = await proxyOf('private', u.owner.session);
    expect(await proxyOf('private', u.owner.session)).toBe(proxyId);
    expect(await proxyOf('private', u.admin.session)).toBe(proxyId);
    expect(await proxyOf('private', u.devOp.session)).toBe(proxyId);
    expect(await storedProxies('private')).toEqual([proxyId]);

    for (const session of [u.other.session, undefined]) {
      expect((await docCall(t, documents.get, ITEM, { filter: ident('private') }, session)).statusCode).toBe(404);
      const got = await getThrough(proxyId, session);
      expect(got.statusCode).toBe(200);
      expect(got.json()).toMatchObject({ _id: 'private', text: 'the private one', _published: false });
      const listed = await docCall(t, documents.list, ITEM, { proxyId }, session);
      expect(listed.json()).toMatchObject({ total: 1, documents: [{ _id: 'private' }] });
    }
    // Read only: holding the proxy changes nothing about who may change the document.
    const patch = await docCall(t, documents.patch, ITEM, { filter: ident('private'), update: { text: 'mine now' }, proxyId }, u.other.session);
    expect(patch.statusCode).toBe(404);
    expect((await getThrough(proxyId)).json()).toMatchObject({ text: 'the private one' });
  });

  it('is revoked by a retract; asking again answers a new id', async () => {
    await docCall(t, documents.publish, ITEM, { filter: ident('shared') }, u.owner.session);
    const first = await proxyOf('shared', u.owner.session);
    expect((await getThrough(first, u.other.session)).statusCode).toBe(200);

    expect((await docCall(t, documents.retract, ITEM, { filter: ident('shared') }, u.owner.session)).statusCode).toBe(200);
    expect((await getThrough(first, u.other.session)).statusCode).toBe(404);
    expect((await getThrough(first)).statusCode).toBe(404);
    expect(await storedProxies('shared')).toEqual([]);

    const second = await proxyOf('shared', u.owner.session);
    expect(second).not.toBe(first);
    expect((await getThrough(second)).json()).toMatchObject({ _id: 'shared', _published: false });
    // Publishing keeps the proxy: only retract and delete revoke.
    await docCall(t, documents.publish, ITEM, { filter: ident('shared') }, u.owner.session);
    expect(await storedProxies('shared')).toEqual([second]);
  });

  it('is revoked when the document is deleted', async () => {
    const proxyId = await proxyOf('gone', u.owner.session);
    expect((await docCall(t, documents.remove, ITEM, { filter: ident('gone') }, u.owner.session)).statusCode).toBe(200);
    expect((await getThrough(proxyId)).statusCode).toBe(404);
    expect(await storedProxies('gone')).toEqual([]);
  });

  it('is refused for immutable data types, which could never revoke it', async () => {
    const LOG = { appId: 'creavisions', dataType: '_Entry' };
    await docCall(t, documents.log, LOG, { _id: 'e1', value: 1 }, u.owner.session);
    const PERSON = { appId: 'app', dataType: '_Person' };
    await docCall(t, documents.create, PERSON, { ...ident(u.owner.userId, PERSON), name: 'Ada', email: 'ada@example.org' }, u.owner.session);
    for (const [scope, id] of [[LOG, 'e1'], [PERSON, u.owner.userId]] as const) {
      const res = await docCall(t, documents.proxy, scope, { filter: ident(id, scope) }, u.devOp.session);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Error: { message: ERRORS.immutableDocument.message } });
    }
    expect(await t.database.db.selectFrom('document_proxies').select('id').where('data_type', 'in', ['_Entry', '_Person']).execute()).toEqual([]);
  });
});
