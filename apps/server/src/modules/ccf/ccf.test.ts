/** CCF sessions (issue 15): every call, its permissions, validation per field type and idempotency. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, ccf, errorBody } from '@chi/contract';
import { call, createUser, logIn, mailsTo } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { SESSION_KEY_ERROR } from '../keyed-session/keyed-session-errors';
import { CCF_ERRORS } from './ccf-errors';
import { newBrowser } from './ccf-kit';
import type { Browser } from './ccf-kit';

const inOneDay = () => new Date(Date.now() + 24 * 60 * 60_000).toISOString();
const FIELDS = [
  { prompt: 'What did you notice?', type: 'text' },
  { prompt: 'Which colour?', type: 'singleChoice', options: ['Red', 'Green', 'Blue'] },
  { prompt: 'Which tools?', type: 'multipleChoice', options: ['Pen', 'Paper', 'Phone'] },
  { prompt: 'How sure are you?', type: 'scale' },
  { prompt: 'How many?', type: 'number' },
];

describe.each(TEST_DIALECTS)('ccf (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let key: string;
  let sessionId: string;
  let fieldIds: string[];
  // Every participant of this file answers in one browser (each user id has its own cookie).
  let browser: Browser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    browser = newBrowser(t);
    await createUser(t, { email: 'ccf-admin@example.org', password: 'ccf admin pw', appAdmin: true });
    await createUser(t, { email: 'ccf-user@example.org', password: 'ccf user pw' });
    admin = (await logIn(t, 'ccf-admin@example.org', 'ccf admin pw')).session;
    user = (await logIn(t, 'ccf-user@example.org', 'ccf user pw')).session;
    const created = await call(t, ccf.createSession, { title: 'Stroop follow-up', userIdLabel: 'Participant code', fields: FIELDS, expiresAt: inOneDay(), maxUses: 2, signUpOpen: true }, { session: admin });
    expect(created.statusCode).toBe(200);
    const body = created.json() as { key: string; session: ccf.CcfSession };
    key = body.key;
    sessionId = body.session._id;
    fieldIds = body.session.fields.map((f) => f._id);
  });
  afterAll(() => t.close());

  const participant = (userId: string) => ({ sessionKey: key, userId });
  const submit = (userId: string, index: number, value: unknown, id = `a-${userId}-${index}-${Math.random().toString(36).slice(2)}`) =>
    browser.call(ccf.submitField, { ...participant(userId), fieldId: fieldIds[index], _id: id, value });

  it('create needs manageApp; results need an owner or a manager', async () => {
    expect((await call(t, ccf.createSession, {})).json()).toEqual(errorBody(ERRORS.unauthorized));
    expect((await call(t, ccf.createSession, {}, { session: user })).json()).toEqual(errorBody(ERRORS.forbidden));
    expect((await call(t, ccf.getResults, {}, { id: sessionId })).statusCode).toBe(401);
    expect((await call(t, ccf.getResults, {}, { id: sessionId, session: user })).json()).toEqual(errorBody(ERRORS.forbidden));
    expect((await call(t, ccf.exportSession, {}, { id: sessionId, session: user })).statusCode).toBe(403);
    expect((await call(t, ccf.closeSession, {}, { id: sessionId, session: user })).statusCode).toBe(403);
    expect((await call(t, ccf.getResults, {}, { id: 'nope', session: admin })).json()).toEqual({ Error: CCF_ERRORS.notFound });
    expect((await call(t, ccf.listSessions, {}, { session: user })).json()).toEqual({ sessions: [] });
    const listed = (await call(t, ccf.listSessions, {}, { session: admin })).json() as { sessions: ccf.CcfSession[] };
    expect(listed.sessions.map((s) => s.title)).toEqual(['Stroop follow-up']);
    expect(JSON.stringify(listed)).not.toContain(key);
  });

  it('create validates title, fields, options and expiry', async () => {
    const create = (payload: Record<string, unknown>) => call(t, ccf.createSession, { title: 'T', fields: FIELDS, expiresAt: inOneDay(), ...payload }, { session: admin });
    expect((await create({ title: ' ' })).json().Error.message).toBe('title: This field is required');
    expect((await create({ fields: [] })).json().Error.message).toBe('fields: a session needs at least one field');
    expect((await create({ fields: [{ prompt: 'P', type: 'singleChoice', options: ['one'] }] })).json().Error.message).toBe(
      'fields[0].options: a choice field needs at least two options',
    );
    expect((await create({ fields: [{ prompt: 'P', type: 'scale', options: ['a', 'b'] }] })).json().Error.message).toBe('fields[0].options: only choice fields have options');
    expect((await create({ fields: [{ prompt: 'P', type: 'colour' }] })).statusCode).toBe(400);
    expect((await create({ expiresAt: new Date(Date.now() - 1000).toISOString() })).json().Error.message).toBe('expiresAt: must be in the future');
  });

  it('getSession begins a session, needs a valid key and user id, and counts one use per new user id', async () => {
    expect((await browser.call(ccf.getSession, { sessionKey: '', userId: 'P1' })).json().Error.message).toBe('sessionKey: A valid session key is required');
    expect((await browser.call(ccf.getSession, { sessionKey: key, userId: 'not valid!' })).json().Error.message).toBe('userId: A valid user id is required');
    expect((await browser.call(ccf.getSession, { sessionKey: 'wrong', userId: 'P1' })).json()).toEqual({ Error: SESSION_KEY_ERROR });

    const first = await browser.call(ccf.getSession, participant('P1'));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ Error: null, User: { name: 'P1', isGuest: true }, _sessionKey: sessionId, progress: { answered: 0, total: 5 } });
    expect(body.session).toMatchObject({ title: 'Stroop follow-up', userIdLabel: 'Participant code', status: 'open' });
    expect(body.session.fields[1]).toMatchObject({ prompt: 'Which colour?', type: 'singleChoice', options: ['Red', 'Green', 'Blue'], answer: null, version: 0 });
    // Coming back costs no use; the second new id takes the last one; a third is refused.
    expect((await browser.call(ccf.getSession, participant('P1'))).statusCode).toBe(200);
    expect((await browser.call(ccf.getSession, participant('P2'))).statusCode).toBe(200);
    expect((await browser.call(ccf.getSession, participant('P3'))).json()).toEqual({ Error: SESSION_KEY_ERROR });
    expect((await browser.call(ccf.getSession, participant('P1'))).statusCode).toBe(200);
    // Field calls need a begun session.
    expect((await browser.call(ccf.selectField, { ...participant('P9'), fieldId: fieldIds[0] })).json()).toEqual({ Error: CCF_ERRORS.notBegun });
  });

  it('selectField logs the opening with its time', async () => {
    const opened = await browser.call(ccf.selectField, { ...participant('P1'), fieldId: fieldIds[0] });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ fieldId: fieldIds[0], openedAt: expect.any(String) });
    expect((await browser.call(ccf.selectField, { ...participant('P1'), fieldId: 'other' })).json().Error.message).toBe('fieldId: no such field in this session');
    const again = (await browser.call(ccf.getSession, participant('P1'))).json();
    expect(again.session.fields[0].openedAt).toBe(opened.json().openedAt);
  });

  it('submitField validates each field type with its own message', async () => {
    const bad: [number, unknown][] = [
      [0, '   '],
      [0, 5],
      [1, 'Purple'],
      [1, ['Red']],
      [2, []],
      [2, ['Pen', 'Pen']],
      [2, ['Pen', 'Ink']],
      [3, 0],
      [3, 8],
      [3, 2.5],
      [3, '4'],
      [4, 'ten'],
    ];
    for (const [index, value] of bad) {
      const response = await submit('P1', index, value);
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json().Error.message).toBe(`value: ${ccf.ANSWER_MESSAGES[FIELDS[index]?.type as ccf.FieldType]}`);
    }
  });

  it('stores answers idempotently, keeps every version and shows progress', async () => {
    const stored = await submit('P1', 0, '  Blue letters were slower  ', 'answer-1');
    expect(stored.json()).toMatchObject({ _id: 'answer-1', version: 1, duplicate: false });
    const retried = await submit('P1', 0, '  Blue letters were slower  ', 'answer-1');
    expect(retried.json()).toMatchObject({ _id: 'answer-1', version: 1, duplicate: true });
    expect((await submit('P1', 0, 'Changed my mind', 'answer-2')).json()).toMatchObject({ version: 2, duplicate: false });
    expect((await submit('P1', 2, ['Phone', 'Pen'])).json().version).toBe(1);
    expect((await submit('P1', 3, 6)).json().version).toBe(1);
    expect((await submit('P1', 4, -2.5)).json().version).toBe(1);
    expect((await submit('P2', 1, 'Green')).json().version).toBe(1);
    // An _id is one answer: reusing it for another field is refused.
    expect((await submit('P1', 1, 'Red', 'answer-1')).json().Error.message).toBe('_id: already used for another answer');

    const resumed = (await browser.call(ccf.getSession, participant('P1'))).json();
    expect(resumed.progress).toEqual({ answered: 4, total: 5 });
    expect(resumed.session.fields.map((f: ccf.ParticipantField) => f.answer)).toEqual(['Changed my mind', null, ['Pen', 'Phone'], 6, -2.5]);
    expect(resumed.session.fields[0].version).toBe(2);

    const results = (await call(t, ccf.getResults, {}, { id: sessionId, session: admin })).json();
    expect(results.participants).toEqual([
      expect.objectContaining({ userId: 'P1', answered: 4, total: 5, signedUp: false }),
      expect.objectContaining({ userId: 'P2', answered: 1, total: 5 }),
    ]);
    expect(results.answers.filter((a: ccf.AnswerRecord) => a.userId === 'P1' && a.fieldId === fieldIds[0]).map((a: ccf.AnswerRecord) => a.value)).toEqual([
      'Blue letters were slower',
      'Changed my mind',
    ]);
  });

  it('exports every answer version as CSV in long format', async () => {
    const response = await call(t, ccf.exportSession, {}, { id: sessionId, session: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(ccf.EXPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 6);
    expect(lines[1]).toMatch(new RegExp(`^${sessionId},Stroop follow-up,P1,0,${fieldIds[0]},text,What did you notice\\?,1,false,Blue letters were slower,\\d{4}-.*Z,\\d{4}-.*Z$`));
    expect(lines[2]).toContain(',2,true,Changed my mind,');
    expect(lines).toContainEqual(expect.stringContaining(',multipleChoice,Which tools?,1,true,Pen; Phone,'));
    expect(lines).toContainEqual(expect.stringContaining(",number,How many?,1,true,-2.5,"));
  });

  it('signUp mails a personal key link without telling whether the address is known, and the link begins the session', async () => {
    const form = { sessionId, firstName: 'Ada', email: 'ada@example.org', consent: true, _redirectTo: 'http://ccf.chi.localhost:8080' };
    expect((await call(t, ccf.signUp, { ...form, consent: false })).json().Error.message).toBe('consent: Please give your consent to take part.');
    expect((await call(t, ccf.signUp, { ...form, email: 'ada' })).json().Error.message).toBe('email: Invalid email address');
    expect((await call(t, ccf.signUp, { ...form, _redirectTo: 'https://evil.example' })).statusCode).toBe(400);
    const sent = await call(t, ccf.signUp, form, { headers: { 'accept-language': 'da' } });
    expect(sent.json()).toEqual({ _status: 'sent' });
    const mails = await mailsTo(t, 'ada@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Tak fordi du har tilmeldt dig sessionen "Stroop follow-up"');
    const link = /(http:\/\/ccf\.chi\.localhost:8080\/\?\S+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    const query = new URL(link).searchParams;
    expect(query.get('modal')).toBe('userSession');
    expect(query.get('userIdLabel')).toBe('Participant code');
    const personal = { sessionKey: query.get('sessionKey') ?? '', userId: query.get('userId') ?? '' };
    // The shared key's uses are spent, but the personal key works, for its own user id only.
    expect((await browser.call(ccf.getSession, personal)).json()).toMatchObject({ Error: null, User: { name: personal.userId } });
    expect((await browser.call(ccf.getSession, { ...personal, userId: 'P1' })).json()).toEqual({ Error: CCF_ERRORS.personalKey });
    const results = (await call(t, ccf.getResults, {}, { id: sessionId, session: admin })).json();
    expect(results.participants).toContainEqual(expect.objectContaining({ userId: personal.userId, signedUp: true }));
    // Signing up again answers the same, for the same user id; the e-mail is stored nowhere.
    expect((await call(t, ccf.signUp, form)).json()).toEqual({ _status: 'sent' });
    expect((await mailsTo(t, 'ada@example.org'))[1]?.text).toContain(personal.userId);
    const rows = await t.database.db.selectFrom('ccf_participants').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('ada@example.org');
  });

  it('signUp is refused for a session that takes none, and is rate-limited', async () => {
    const closedForSignUp = (await call(t, ccf.createSession, { title: 'No sign-up', fields: FIELDS.slice(0, 1), expiresAt: inOneDay() }, { session: admin })).json();
    const form = { sessionId: closedForSignUp.session._id, firstName: 'Bo', email: 'bo@example.org', consent: true, _redirectTo: 'http://ccf.chi.localhost:8080' };
    expect((await call(t, ccf.signUp, form)).json()).toEqual({ Error: CCF_ERRORS.noSignUp });
    const open = { ...form, sessionId };
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await call(t, ccf.signUp, open, { remoteAddress: '10.0.0.9' })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('closing refuses answers and new participants, but a returning participant still sees theirs', async () => {
    const closed = await call(t, ccf.closeSession, {}, { id: sessionId, session: admin });
    expect(closed.json()).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect((await submit('P1', 1, 'Red')).json()).toEqual({ Error: CCF_ERRORS.closed });
    // A retry of an answer stored before closing still answers the stored version.
    expect((await submit('P1', 0, 'Changed my mind', 'answer-2')).json()).toMatchObject({ version: 2, duplicate: true });
    const back = (await browser.call(ccf.getSession, participant('P1'))).json();
    expect(back.session.status).toBe('closed');
    expect(back.progress.answered).toBe(4);
  });
});
