/**
 * Creative visions in "download my data" and "forget about me" (ADR 055): what someone wrote
 * after joining with their account is theirs (shown, then deleted); the event a facilitator ran
 * stays, with its participants' visions, without its owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creavisions } from '@chi/contract';
import { call, createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { UserDataRegistry } from '../account/user-data-registry';

const EVENT = 'harbour-2040';

describe.each(TEST_DIALECTS)('creative visions as person data (%s)', (dialect) => {
  let t: TestApp;
  const userData = new UserDataRegistry();
  let facilitatorId: string;
  let writerId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { userData } });
    facilitatorId = await createUser(t, { email: 'cv-facilitator@example.org', password: 'facilitator pw', appAdmin: true });
    writerId = await createUser(t, { email: 'cv-writer@example.org', password: 'writer pw' });
    const facilitator = (await logIn(t, 'cv-facilitator@example.org', 'facilitator pw')).session;
    const writer = (await logIn(t, 'cv-writer@example.org', 'writer pw')).session;
    const inOneDay = new Date(Date.now() + 24 * 60 * 60_000).toISOString();
    const created = await call(t, creavisions.createEvent, { name: EVENT, title: 'The harbour in 2040', expiresAt: inOneDay }, { session: facilitator });
    const { key } = created.json() as { key: string };
    const byAccount = (await call(t, creavisions.createSession, { eventName: EVENT }, { session: writer })).json() as { session: { _id: string; token: string } };
    const mine = { sessionId: byAccount.session._id, sessionToken: byAccount.session.token };
    const draft = { kind: 'draft', entryId: 'mine', data: { title: 'Ferries', text: 'Electric ferries to every island.' }, at: new Date().toISOString() };
    expect((await call(t, creavisions.logEntry, { ...mine, _id: 'w-1', ...draft }, { id: EVENT })).statusCode).toBe(200);
    const guest = (await call(t, creavisions.createSession, { eventName: EVENT, sessionKey: key, userId: 'P1' })).json() as { session: { _id: string; token: string } };
    const theirs = { sessionId: guest.session._id, sessionToken: guest.session.token };
    expect((await call(t, creavisions.logEntry, { ...theirs, _id: 'p-1', ...draft, entryId: 'theirs' }, { id: EVENT })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('downloads what the person wrote, and the events the facilitator ran', async () => {
    expect((await userData.exportAll(writerId, t.database.db)).creativeVisions).toEqual({
      eventsFacilitated: [],
      entries: [expect.objectContaining({ event: EVENT, title: 'Ferries', text: 'Electric ferries to every island.' })],
    });
    expect((await userData.exportAll(facilitatorId, t.database.db)).creativeVisions).toEqual({
      eventsFacilitated: [expect.objectContaining({ name: EVENT, title: 'The harbour in 2040' })],
      entries: [],
    });
  });

  it("forgets the writer's sitting, entry and steps, and the facilitator's ownership only", async () => {
    const db = t.database.db;
    await db.transaction().execute(async (trx) => {
      await userData.forget(writerId, trx);
      await userData.forget(facilitatorId, trx);
    });
    expect(await db.selectFrom('cv_sessions').select('id').where('account_id', '=', writerId).execute()).toEqual([]);
    expect((await db.selectFrom('cv_entries').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual(['theirs']);
    expect(await db.selectFrom('cv_log').select('id').where('participant', '=', `account:${writerId}`).execute()).toEqual([]);
    expect(await db.selectFrom('cv_events').select(['name', 'owner_id']).execute()).toEqual([{ name: EVENT, owner_id: null }]);
  });
});
