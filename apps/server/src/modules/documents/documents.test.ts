import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, documents } from '@chi/contract';
import { UserDataRegistry } from '../account/user-data-registry';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { docCall, makeUsers } from './documents-kit';
import type { Users } from './documents-kit';

const NOTE = { appId: 'assistants', dataType: 'Note' };
const LOG = { appId: 'creavisions', dataType: '_Entry' };
const PERSON = { appId: 'app', dataType: '_Person' };
const ident = (id: string, scope = NOTE) => ({ _appId: scope.appId, _dataType: scope.dataType, _id: id });

describe.each(TEST_DIALECTS)('generic documents (%s)', (dialect) => {
  let t: TestApp;
  let u: Users;
  const userData = new UserDataRegistry();

  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { userData } });
    u = await makeUsers(t);
  });
  afterAll(() => t.close());

  it('creates, gets, patches, publishes, retracts and deletes a document', async () => {
    const created = await docCall(t, documents.create, NOTE, { ...ident('n1'), title: 'Hello', n: 3 }, u.owner.session);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ _id: 'n1', _ownerId: u.owner.userId, _published: false, title: 'Hello', n: 3 });

    const got = await docCall(t, documents.get, NOTE, { filter: ident('n1') }, u.owner.session);
    expect(got.json()).toMatchObject({ _id: 'n1', title: 'Hello' });

    const patched = await docCall(t, documents.patch, NOTE, { filter: ident('n1'), update: { title: 'Bye' } }, u.owner.session);
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Bye', n: 3 });

    expect((await docCall(t, documents.publish, NOTE, { filter: ident('n1') }, u.owner.session)).json()).toMatchObject({ _published: true });
    expect((await docCall(t, documents.get, NOTE, { filter: ident('n1') })).statusCode).toBe(200);
    expect((await docCall(t, documents.retract, NOTE, { filter: ident('n1') }, u.owner.session)).json()).toMatchObject({ _published: false });
    expect((await docCall(t, documents.get, NOTE, { filter: ident('n1') })).statusCode).toBe(404);

    const deleted = await docCall(t, documents.remove, NOTE, { filter: ident('n1') }, u.owner.session);
    expect(deleted.json()).toEqual({ _id: 'n1', deleted: true });
    expect((await docCall(t, documents.get, NOTE, { filter: ident('n1') }, u.owner.session)).statusCode).toBe(404);
  });

  it('refuses a second document with the same _id and an identity that does not match the path', async () => {
    await docCall(t, documents.create, NOTE, ident('dup'), u.owner.session);
    expect((await docCall(t, documents.create, NOTE, ident('dup'), u.other.session)).statusCode).toBe(409);
    const wrongType = await docCall(t, documents.create, NOTE, { ...ident('x'), _dataType: 'Other' }, u.owner.session);
    expect(wrongType.statusCode).toBe(400);
    const wrongApp = await docCall(t, documents.create, NOTE, { ...ident('x'), _appId: 'delphi' }, u.owner.session);
    expect(wrongApp.statusCode).toBe(400);
    const badId = await docCall(t, documents.create, NOTE, { ...ident('x'), _id: '../etc' }, u.owner.session);
    expect(badId.statusCode).toBe(400);
  });

  it('answers the SPEC §8 loader messages', async () => {
    const message = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
      const r = await res;
      expect(r.statusCode).toBe(400);
      return (r.json() as { Error: { message: string } }).Error.message;
    };
    expect(await message(docCall(t, documents.get, NOTE, {}, u.owner.session))).toBe(ERRORS.filterRequired.message);
    expect(await message(docCall(t, documents.patch, NOTE, { update: {} }, u.owner.session))).toBe(ERRORS.filterRequired.message);
    expect(await message(docCall(t, documents.get, NOTE, { filter: { _id: 'a' } }, u.owner.session))).toBe(ERRORS.dataTypeRequired.message);
    expect(await message(docCall(t, documents.publish, NOTE, { filter: { _dataType: 'Note' } }, u.owner.session))).toBe(ERRORS.idRequired.message);
    expect(await message(docCall(t, documents.create, NOTE, { _appId: 'assistants', _id: 'a' }, u.owner.session))).toBe(ERRORS.dataTypeRequired.message);
    expect(await message(docCall(t, documents.create, NOTE, { _appId: 'assistants', _dataType: 'Note' }, u.owner.session))).toBe(ERRORS.idRequired.message);
    expect(await message(docCall(t, documents.get, NOTE, { filter: 'x' }, u.owner.session))).toBe(ERRORS.malformedFilter.message);
  });

  it('logs to an immutable data type once per _id and refuses to change it', async () => {
    const first = await docCall(t, documents.log, LOG, { _id: 'e1', value: 1 }, u.owner.session);
    expect(first.json()).toEqual({ _id: 'e1', duplicate: false });
    expect((await docCall(t, documents.log, LOG, { _id: 'e1', value: 2 }, u.owner.session)).json()).toEqual({ _id: 'e1', duplicate: true });
    const generated = await docCall(t, documents.log, LOG, { value: 3 }, u.owner.session);
    expect((generated.json() as { _id: string })._id).toMatch(/^[0-9a-f-]{36}$/);
    const list = await docCall(t, documents.list, LOG, { filter: { field: 'value', value: 1 } }, u.owner.session);
    expect(list.json()).toMatchObject({ total: 1 });

    for (const [descriptor, payload] of [
      [documents.patch, { filter: ident('e1', LOG), update: { value: 9 } }],
      [documents.publish, { filter: ident('e1', LOG) }],
      [documents.retract, { filter: ident('e1', LOG) }],
      [documents.remove, { filter: ident('e1', LOG) }],
    ] as const) {
      const r = await docCall(t, descriptor, LOG, payload, u.devOp.session);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ Error: { message: 'Cannot update immutable document' } });
    }
    expect((await docCall(t, documents.log, NOTE, { value: 1 }, u.owner.session)).statusCode).toBe(400);
    expect((await docCall(t, documents.log, LOG, { value: 1 })).statusCode).toBe(401);
  });

  it('checks the app and data type of the path', async () => {
    expect((await docCall(t, documents.list, { appId: 'nope', dataType: 'Note' }, {})).statusCode).toBe(400);
    expect((await docCall(t, documents.list, { appId: 'app', dataType: 'lower' }, {})).statusCode).toBe(400);
    expect((await docCall(t, documents.list, { appId: 'app', dataType: 'Bad-Name' }, {})).statusCode).toBe(400);
    expect((await docCall(t, documents.list, { appId: 'app', dataType: 'Good' }, {})).json()).toEqual({ documents: [], total: 0 });
  });

  describe('permissions', () => {
    const P = { appId: 'showcase', dataType: 'Item' };
    beforeAll(async () => {
      await docCall(t, documents.create, P, { ...ident('private', P), v: 1 }, u.owner.session);
      await docCall(t, documents.create, P, { ...ident('public', P), v: 2 }, u.owner.session);
      await docCall(t, documents.publish, P, { filter: ident('public', P) }, u.owner.session);
    });
    const ids = async (session?: string) =>
      ((await docCall(t, documents.list, P, {}, session)).json() as { documents: { _id: string }[] }).documents.map((d) => d._id).sort();

    it('lets anonymous and other users read published documents only', async () => {
      expect(await ids()).toEqual(['public']);
      expect(await ids(u.other.session)).toEqual(['public']);
      expect(await ids(u.owner.session)).toEqual(['private', 'public']);
      expect(await ids(u.admin.session)).toEqual(['private', 'public']);
      expect(await ids(u.devOp.session)).toEqual(['private', 'public']);
      expect((await docCall(t, documents.get, P, { filter: ident('private', P) }, u.other.session)).statusCode).toBe(404);
    });

    it('names the author of listed documents, without their e-mail, and a stored _ownerName cannot fake one', async () => {
      const listed = (await docCall(t, documents.list, P, {}, u.other.session)).json() as { documents: Record<string, unknown>[] };
      const doc = listed.documents.find((d) => d._id === 'public');
      expect(doc?._ownerName).toBe('Test User');
      expect(JSON.stringify(listed)).not.toContain('owner@example.org');
      const forged = await docCall(t, documents.create, P, { ...ident('forged', P), _ownerName: 'Someone Else' }, u.other.session);
      expect(forged.statusCode).toBe(200);
      expect(forged.json()).not.toHaveProperty('_ownerName', 'Someone Else');
      const mine = (await docCall(t, documents.list, P, { filter: { field: '_id', value: 'forged' } }, u.other.session)).json() as { documents: Record<string, unknown>[] };
      expect(mine.documents[0]?._ownerName).toBe('Test User');
      await docCall(t, documents.remove, P, { filter: ident('forged', P) }, u.other.session);
    });

    it('lets only the owner, manageApp and devOp change a document', async () => {
      expect((await docCall(t, documents.create, P, ident('anon', P))).statusCode).toBe(401);
      expect((await docCall(t, documents.patch, P, { filter: ident('public', P), update: { v: 5 } })).statusCode).toBe(401);
      expect((await docCall(t, documents.patch, P, { filter: ident('public', P), update: { v: 5 } }, u.other.session)).statusCode).toBe(403);
      expect((await docCall(t, documents.remove, P, { filter: ident('public', P) }, u.other.session)).statusCode).toBe(403);
      expect((await docCall(t, documents.patch, P, { filter: ident('private', P), update: { v: 5 } }, u.other.session)).statusCode).toBe(404);
      expect((await docCall(t, documents.patch, P, { filter: ident('public', P), update: { v: 6 } }, u.admin.session)).statusCode).toBe(200);
      expect((await docCall(t, documents.retract, P, { filter: ident('public', P) }, u.devOp.session)).statusCode).toBe(200);
      expect((await docCall(t, documents.publish, P, { filter: ident('public', P) }, u.owner.session)).statusCode).toBe(200);
      expect((await docCall(t, documents.patch, P, { filter: ident('public', P), update: { _ownerId: 'me' } }, u.owner.session)).statusCode).toBe(400);
    });

    it('reads exactly one document through a proxy id', async () => {
      const proxyId = ((await docCall(t, documents.proxy, P, { filter: ident('private', P) }, u.owner.session)).json() as { proxyId: string }).proxyId;
      const listed = await docCall(t, documents.list, P, { proxyId }, undefined);
      expect(listed.json()).toMatchObject({ total: 1, documents: [{ _id: 'private' }] });
      const got = await docCall(t, documents.get, P, { proxyId });
      expect(got.json()).toMatchObject({ _id: 'private', v: 1 });
      // The proxy grants nothing else: not the other document, nor a change.
      expect((await docCall(t, documents.get, P, { proxyId, filter: ident('public', P) })).statusCode).toBe(404);
      expect((await docCall(t, documents.list, P, { proxyId, filter: { field: '_id', value: 'public' } })).json()).toMatchObject({ total: 0 });
      expect((await docCall(t, documents.get, { appId: 'showcase', dataType: 'Other' }, { proxyId })).statusCode).toBe(404);
      expect((await docCall(t, documents.get, P, { proxyId: 'unknown' })).statusCode).toBe(404);
    });
  });

  it('keeps one immutable _Person per account, shown to signed-in users (SPEC §4)', async () => {
    const mine = ident(u.owner.userId, PERSON);
    expect((await docCall(t, documents.create, PERSON, { ...ident(u.other.userId, PERSON), name: 'X' }, u.owner.session)).statusCode).toBe(403);
    const created = await docCall(t, documents.create, PERSON, { ...mine, name: 'Ada L', firstName: 'Ada', awards: ['Prize'] }, u.owner.session);
    expect(created.statusCode).toBe(200);
    expect((await docCall(t, documents.create, PERSON, { ...mine, name: 'Again' }, u.owner.session)).statusCode).toBe(409);
    // Not even its owner may patch it: its fields live on the account (UPDATE_PROFILE).
    const patched = await docCall(t, documents.patch, PERSON, { filter: mine, update: { university: 'DTU' } }, u.owner.session);
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toMatchObject({ Error: { message: 'Cannot update immutable document' } });
    expect((await docCall(t, documents.get, PERSON, { filter: mine }, u.other.session)).json()).toMatchObject({ name: 'Ada L', awards: ['Prize'] });
    expect((await docCall(t, documents.get, PERSON, { filter: mine }, u.other.session)).json()).not.toHaveProperty('university');
    expect((await docCall(t, documents.get, PERSON, { filter: mine })).statusCode).toBe(404);
    expect((await docCall(t, documents.remove, PERSON, { filter: mine }, u.owner.session)).statusCode).toBe(400);
  });

  it('exports and forgets a user’s documents', async () => {
    await docCall(t, documents.create, NOTE, ident('forget-me'), u.other.session);
    const exported = await userData.exportAll(u.other.userId, t.database.db);
    expect(exported.documents).toEqual(expect.arrayContaining([expect.objectContaining({ _id: 'forget-me' })]));
    await t.database.db.transaction().execute((trx) => userData.forget(u.other.userId, trx));
    const left = await t.database.db.selectFrom('documents').select('id').where('owner_id', '=', u.other.userId).execute();
    expect(left).toEqual([]);
  });
});
