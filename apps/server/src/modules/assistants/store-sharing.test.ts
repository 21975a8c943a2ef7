/**
 * The caller's vector stores and sharing them (issue 25 item 22, ADR 059), on each dialect:
 * listing, sharing, whom a store is shared with (LIST_ASSET_USERS), what a shared account may
 * and may not do, and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, assistants } from '@chi/contract';
import { call, createUser, linkToken, logIn } from '../../test/account-kit';
import { createTestApp, TEST_DIALECTS } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ac, upload } from './assistants-kit';

type Summary = assistants.VectorStoreSummary;
type Shares = { _id: string; sharedWith: assistants.StoreShare[] };
interface Person {
  session: string;
  userId: string;
}

describe.each(TEST_DIALECTS)('vector store sharing (%s)', (dialect) => {
  let t: TestApp;
  let owner: Person;
  let reader: Person;
  let stranger: Person;
  let admin: Person;
  const password = 'correct horse battery';
  const person = async (email: string, firstName: string, flags: { appAdmin?: boolean } = {}) => {
    await createUser(t, { email, password, firstName, lastName: 'Example', ...flags });
    return logIn(t, email, password);
  };
  const stores = async (who: Person) => (await ac(t, assistants.listVectorStores, {}, who.session)).json<{ vectorStores: Summary[] }>().vectorStores;
  const sharedWith = (who: Person, id: string) => call(t, account.listAssetUsers, { asset: { type: 'VectorStore', id } }, { session: who.session });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await person('owner@example.org', 'Olga');
    reader = await person('reader@example.org', 'Rasmus');
    stranger = await person('stranger@example.org', 'Sigrid');
    admin = await person('admin@example.org', 'Anna', { appAdmin: true });
  });
  afterAll(() => t.close());

  it('lists the stores the caller owns or that are shared with them, with file counts and owner', async () => {
    expect((await ac(t, assistants.listVectorStores, {}, undefined)).statusCode).toBe(401);
    expect(await stores(reader)).toEqual([]);
    const helper = (await ac(t, assistants.createAssistant, { name: 'Helper' }, owner.session)).json<assistants.Assistant>();
    expect((await upload(t, helper._id, [{ name: 'notes.txt', content: 'Coffee breaks are at ten.' }], owner.session)).statusCode).toBe(200);
    const papers = (await ac(t, assistants.createVectorStore, { name: 'Papers' }, owner.session)).json<assistants.VectorStore>();

    const mine = await stores(owner);
    expect(mine.map((s) => s.name).sort()).toEqual(['Helper', 'Papers']);
    expect(mine.find((s) => s._id === helper.vectorStoreId)).toMatchObject({ assistantId: helper._id, fileCount: 1, _ownerId: owner.userId, _ownerName: 'Olga Example', abilities: { manage: true } });
    expect(mine.find((s) => s._id === papers._id)).toMatchObject({ assistantId: null, fileCount: 0 });
    expect(await stores(stranger)).toEqual([]);
  });

  it('shares a store: the shared account reads and copies it, never changes or deletes it', async () => {
    const helper = (await ac(t, assistants.createAssistant, { name: 'Source' }, owner.session)).json<assistants.Assistant>();
    const uploaded = await upload(t, helper._id, [{ name: 'policy.txt', content: 'Holidays are booked two weeks ahead.' }], owner.session);
    const [file] = uploaded.json<{ files: assistants.AssistantFile[] }>().files;
    const store = (await ac(t, assistants.createVectorStore, { name: 'Shared policies' }, owner.session)).json<assistants.VectorStore>();
    const filled = (await ac(t, assistants.addFiles, { files: [file?._id] }, owner.session, store._id)).json<assistants.VectorStore>();
    expect(filled.files.map((f) => f.name)).toEqual(['policy.txt']);
    const copy = filled.files[0]?._id ?? '';

    // Before sharing, the store is invisible to the reader: 404, its existence does not leak.
    expect((await ac(t, assistants.getVectorStore, {}, reader.session, store._id)).statusCode).toBe(404);
    expect((await sharedWith(reader, store._id)).statusCode).toBe(404);

    const shared = await ac(t, assistants.shareVectorStore, { accountId: reader.userId }, owner.session, store._id);
    expect(shared.statusCode).toBe(200);
    expect(shared.json<Shares>()).toEqual({ _id: store._id, sharedWith: [{ _id: reader.userId, name: 'Rasmus Example' }] });
    // Sharing twice changes nothing.
    expect((await ac(t, assistants.shareVectorStore, { accountId: reader.userId }, owner.session, store._id)).json<Shares>().sharedWith).toHaveLength(1);

    const seen = (await stores(reader)).find((s) => s._id === store._id);
    expect(seen).toMatchObject({ name: 'Shared policies', fileCount: 1, _ownerName: 'Olga Example', abilities: { manage: false } });
    expect((await ac(t, assistants.getVectorStore, {}, reader.session, store._id)).json<assistants.VectorStore>().files.map((f) => f.name)).toEqual(['policy.txt']);
    for (const who of [owner, reader, admin]) {
      const res = await sharedWith(who, store._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ users: [{ _id: reader.userId, name: 'Rasmus Example' }], total: 1 });
    }
    expect((await sharedWith(stranger, store._id)).statusCode).toBe(404);

    // Read and use: the reader copies the shared file into a store of their own.
    const own = (await ac(t, assistants.createVectorStore, { name: 'Mine' }, reader.session)).json<assistants.VectorStore>();
    const copied = await ac(t, assistants.addFiles, { files: [copy] }, reader.session, own._id);
    expect(copied.statusCode).toBe(200);
    expect(copied.json<assistants.VectorStore>().files.map((f) => f.name)).toEqual(['policy.txt']);

    // Not change, not delete: 403 for every managing call.
    const refusals = [
      await ac(t, assistants.patchVectorStore, { name: 'Taken' }, reader.session, store._id),
      await ac(t, assistants.deleteVectorStore, {}, reader.session, store._id),
      await ac(t, assistants.addFiles, { files: [copy] }, reader.session, store._id),
      await ac(t, assistants.deleteFileFromStore, { fileId: copy }, reader.session, store._id),
      await ac(t, assistants.deleteFile, {}, reader.session, copy),
      await ac(t, assistants.patchFile, { attributes: { topic: 'x' } }, reader.session, copy),
      await ac(t, assistants.shareVectorStore, { accountId: stranger.userId }, reader.session, store._id),
      await ac(t, assistants.unshareVectorStore, { accountId: reader.userId }, reader.session, store._id),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    // Someone it is not shared with: 404 everywhere.
    expect((await ac(t, assistants.getVectorStore, {}, stranger.session, store._id)).statusCode).toBe(404);
    expect((await ac(t, assistants.shareVectorStore, { accountId: stranger.userId }, stranger.session, store._id)).statusCode).toBe(404);
    expect((await ac(t, assistants.patchFile, { attributes: {} }, stranger.session, copy)).statusCode).toBe(404);
    expect((await ac(t, assistants.getVectorStore, {}, owner.session, store._id)).json<assistants.VectorStore>().files.map((f) => f._id)).toEqual([copy]);

    // The owner changes its file's attributes; unsharing closes the store again.
    const patched = await ac(t, assistants.patchFile, { attributes: { topic: 'holidays', year: 2026 } }, owner.session, copy);
    expect(patched.json<assistants.AssistantFile>().attributes).toEqual({ topic: 'holidays', year: 2026 });
    expect((await ac(t, assistants.unshareVectorStore, { accountId: reader.userId }, owner.session, store._id)).json<Shares>().sharedWith).toEqual([]);
    expect((await ac(t, assistants.getVectorStore, {}, reader.session, store._id)).statusCode).toBe(404);
    expect((await stores(reader)).map((s) => s._id)).not.toContain(store._id);
  });

  it('a manager of the app shares any store; deleting a store ends its shares', async () => {
    const store = (await ac(t, assistants.createVectorStore, { name: 'Short-lived' }, owner.session)).json<assistants.VectorStore>();
    expect((await ac(t, assistants.shareVectorStore, { accountId: stranger.userId }, admin.session, store._id)).statusCode).toBe(200);
    expect((await stores(stranger)).map((s) => s.name)).toContain('Short-lived');
    expect((await ac(t, assistants.deleteVectorStore, {}, owner.session, store._id)).statusCode).toBe(200);
    expect((await stores(stranger)).map((s) => s._id)).not.toContain(store._id);
    const rows = await t.database.db.selectFrom('assistant_vector_store_shares').selectAll().where('vector_store_id', '=', store._id).execute();
    expect(rows).toEqual([]);
  });

  it('refuses bad input with 400 and a message naming the field', async () => {
    const store = (await ac(t, assistants.createVectorStore, { name: 'Checked' }, owner.session)).json<assistants.VectorStore>();
    const message = (res: { json: <T>() => T }) => res.json<{ Error: { message: string } }>().Error.message;
    const empty = await ac(t, assistants.shareVectorStore, { accountId: '' }, owner.session, store._id);
    expect(empty.statusCode).toBe(400);
    expect(message(empty)).toMatch(/accountId/);
    const unknown = await ac(t, assistants.shareVectorStore, { accountId: 'no-such-account' }, owner.session, store._id);
    expect(unknown.statusCode).toBe(400);
    expect(message(unknown)).toMatch(/no active account/);
    const self = await ac(t, assistants.shareVectorStore, { accountId: owner.userId }, owner.session, store._id);
    expect(self.statusCode).toBe(400);
    expect(message(self)).toMatch(/owner/);
    const pending = await createUser(t, { email: 'pending@example.org', status: 'pending' });
    expect((await ac(t, assistants.shareVectorStore, { accountId: pending }, owner.session, store._id)).statusCode).toBe(400);
    expect((await ac(t, assistants.unshareVectorStore, {}, owner.session, store._id)).statusCode).toBe(400);
    expect((await call(t, account.listAssetUsers, { asset: { type: 'Thread', id: store._id } }, { session: owner.session })).statusCode).toBe(400);
    expect((await call(t, account.listAssetUsers, { asset: { type: 'VectorStore' } }, { session: owner.session })).statusCode).toBe(400);
    expect((await ac(t, assistants.patchFile, { attributes: { nested: { no: 1 } } }, owner.session, 'any')).statusCode).toBe(400);
    expect((await ac(t, assistants.patchVectorStore, { name: '  ' }, owner.session, store._id)).statusCode).toBe(400);
    // Nothing was shared by the refused calls.
    expect((await sharedWith(owner, store._id)).json()).toEqual({ users: [], total: 0 });
  });

  // Last: the reader is forgotten here.
  it('"download my data" names the stores shared with them; "forget about me" ends their shares, not the stores', async () => {
    const ORIGIN = 'http://app.chi.localhost:8080';
    const store = (await ac(t, assistants.createVectorStore, { name: 'Kept' }, owner.session)).json<assistants.VectorStore>();
    await ac(t, assistants.shareVectorStore, { accountId: reader.userId }, owner.session, store._id);
    await call(t, account.requestDownloadMyData, { _redirectTo: ORIGIN }, { id: reader.userId, session: reader.session });
    const download = await linkToken(t, 'reader@example.org', 'downloadMyData');
    const data = (await call(t, account.confirmDownloadMyData, { downloadMyDataToken: download.token })).json<account.MyData>();
    const part = data.other.assistants as Record<string, unknown[]>;
    expect(part.vectorStoresSharedWithThem).toEqual([expect.objectContaining({ _id: store._id, name: 'Kept' })]);

    await call(t, account.forgetMe, { _redirectTo: ORIGIN }, { id: reader.userId, session: reader.session });
    const forget = await linkToken(t, 'reader@example.org', 'forgetAboutMe');
    expect((await call(t, account.confirmForgetAboutMe, { forgetAboutMeToken: forget.token })).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('assistant_vector_store_shares').selectAll().where('account_id', '=', reader.userId).execute()).toEqual([]);
    expect((await sharedWith(owner, store._id)).json()).toEqual({ users: [], total: 0 });
    expect((await ac(t, assistants.getVectorStore, {}, owner.session, store._id)).statusCode).toBe(200);
  });
});
