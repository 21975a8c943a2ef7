/**
 * Issue 24 item 3: with the shared key and another participant's user id, a different browser
 * neither reads nor overwrites that participant's answers. Issue 25 item 14: only failed key
 * checks count against an address; field calls are limited per participant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ccf, session as sessionActions } from '@chi/contract';
import { call, createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { LIMITS } from '../../security/rate-limiter';
import { CCF_ERRORS } from './ccf-errors';
import { newBrowser } from './ccf-kit';

const inOneDay = () => new Date(Date.now() + 24 * 60 * 60_000).toISOString();

describe.each(TEST_DIALECTS)('ccf participant secret (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let key: string;
  let fieldId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'researcher@example.org', password: 'researcher pw', appAdmin: true });
    admin = (await logIn(t, 'researcher@example.org', 'researcher pw')).session;
    const created = await call(t, ccf.createSession, { title: 'Diary', fields: [{ prompt: 'How are you?', type: 'text' }], expiresAt: inOneDay() }, { session: admin });
    key = (created.json() as { key: string }).key;
    fieldId = (created.json() as { session: ccf.CcfSession }).session.fields[0]?._id ?? '';
  });
  afterAll(() => t.close());

  it('keeps a participant to the browser that began it: another browser with the same id reads and writes nothing', async () => {
    const owner = newBrowser(t);
    expect((await owner.call(ccf.getSession, { sessionKey: key, userId: 'P-1' })).statusCode).toBe(200);
    const saved = await owner.call(ccf.submitField, { sessionKey: key, userId: 'P-1', fieldId, _id: 'owner-answer', value: 'Private feelings' });
    expect(saved.json()).toMatchObject({ version: 1, duplicate: false });

    const intruder = newBrowser(t);
    const read = await intruder.call(ccf.getSession, { sessionKey: key, userId: 'P-1' }, { remoteAddress: '10.4.0.1' });
    expect(read.statusCode).toBe(409);
    expect(read.json()).toEqual({ Error: CCF_ERRORS.otherBrowser });
    expect(read.body).not.toContain('Private feelings');
    expect((await intruder.call(ccf.selectField, { sessionKey: key, userId: 'P-1', fieldId }, { remoteAddress: '10.4.0.1' })).json()).toEqual({ Error: CCF_ERRORS.otherBrowser });
    const overwrite = await intruder.call(ccf.submitField, { sessionKey: key, userId: 'P-1', fieldId, _id: 'intruder-answer', value: 'Hijacked' }, { remoteAddress: '10.4.0.1' });
    expect(overwrite.json()).toEqual({ Error: CCF_ERRORS.otherBrowser });
    // A made-up cookie is no better than none.
    intruder.cookies.set([...owner.cookies.keys()][0] ?? '', 'guessed');
    expect((await intruder.call(ccf.getSession, { sessionKey: key, userId: 'P-1' }, { remoteAddress: '10.4.0.1' })).statusCode).toBe(409);

    const back = (await owner.call(ccf.getSession, { sessionKey: key, userId: 'P-1' })).json() as { session: { fields: { answer: unknown; version: number }[] } };
    expect(back.session.fields[0]).toMatchObject({ answer: 'Private feelings', version: 1 });
  });

  it('hands the secret out as an HttpOnly cookie for the CCF calls only, stored hashed', async () => {
    const browser = newBrowser(t);
    const begun = await browser.call(ccf.getSession, { sessionKey: key, userId: 'P-cookie' });
    const cookie = begun.cookies.find((c) => c.name.startsWith('chi_ccf_'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/actions/ccf/' });
    expect(Buffer.from(cookie?.value ?? '', 'base64url')).toHaveLength(32);
    const row = await t.database.db.selectFrom('ccf_participants').selectAll().where('user_id', '=', 'P-cookie').executeTakeFirstOrThrow();
    expect(cookie?.name).toBe(`chi_ccf_${row.id}`);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(cookie?.value ?? '');
  });

  it('lets the first browser that comes back claim a participant begun before secrets existed', async () => {
    const first = newBrowser(t);
    expect((await first.call(ccf.getSession, { sessionKey: key, userId: 'P-old' })).statusCode).toBe(200);
    await t.database.db.updateTable('ccf_participants').set({ secret_hash: null }).where('user_id', '=', 'P-old').execute();
    const claimer = newBrowser(t);
    expect((await claimer.call(ccf.getSession, { sessionKey: key, userId: 'P-old' })).statusCode).toBe(200);
    expect((await first.call(ccf.getSession, { sessionKey: key, userId: 'P-old' })).json()).toEqual({ Error: CCF_ERRORS.otherBrowser });
  });

  it('lets a whole class behind one address begin with a valid key: only failures count', async () => {
    for (let i = 0; i < LIMITS.sessionKeyFailuresPerAddress.max + 10; i += 1) {
      const res = await newBrowser(t).call(ccf.getSession, { sessionKey: key, userId: `class-${i}` }, { remoteAddress: '10.5.0.1' });
      expect(res.statusCode).toBe(200);
    }
    const entered = await call(t, sessionActions.create, { label: 'Class', expiresAt: inOneDay() }, { session: admin });
    const classKey = (entered.json() as { key: string }).key;
    for (let i = 0; i < LIMITS.sessionKeyFailuresPerAddress.max + 10; i += 1) {
      expect((await call(t, sessionActions.enterSessionKey, { key: classKey }, { remoteAddress: '10.5.0.1' })).statusCode).toBe(200);
    }
  });

  it('stops an address after too many wrong keys, with Retry-After, on every key call', async () => {
    const address = { remoteAddress: '10.6.0.1' };
    for (let i = 0; i < LIMITS.sessionKeyFailuresPerAddress.max; i += 1) {
      expect((await newBrowser(t).call(ccf.getSession, { sessionKey: `wrong-${i}`, userId: 'X' }, address)).statusCode).toBe(400);
    }
    const blocked = await newBrowser(t).call(ccf.getSession, { sessionKey: key, userId: 'late' }, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(t, sessionActions.enterSessionKey, { key: 'another-guess' }, address)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await newBrowser(t).call(ccf.getSession, { sessionKey: key, userId: 'late' }, { remoteAddress: '10.6.0.2' })).statusCode).toBe(200);
  });

  it('limits field calls per participant', async () => {
    const browser = newBrowser(t);
    const who = { sessionKey: key, userId: 'busy' };
    expect((await browser.call(ccf.getSession, who)).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.ccfFieldCallsPerParticipant.max; i += 1) {
      const res = await browser.call(ccf.selectField, { ...who, fieldId });
      if (res.statusCode !== 200) throw new Error(`call ${i}: ${res.statusCode} ${res.body}`);
    }
    const refused = await browser.call(ccf.submitField, { ...who, fieldId, _id: 'busy-1', value: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Someone else in the same class is not slowed down.
    const neighbour = newBrowser(t);
    expect((await neighbour.call(ccf.getSession, { sessionKey: key, userId: 'calm' })).statusCode).toBe(200);
    expect((await neighbour.call(ccf.selectField, { sessionKey: key, userId: 'calm', fieldId })).statusCode).toBe(200);
  });
});
