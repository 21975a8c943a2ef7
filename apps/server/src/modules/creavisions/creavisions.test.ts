/** Creative visions (issue 16 part 4, ADR 030): every call, its permissions, validation, idempotent logging, gallery and search. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, creavisions, errorBody } from '@chi/contract';
import { call, createUser, logIn, mailsTo } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { SESSION_KEY_ERROR } from '../keyed-session/keyed-session-errors';
import { CV_ERRORS } from './creavisions-errors';

const inOneDay = () => new Date(Date.now() + 24 * 60 * 60_000).toISOString();
const EVENT = 'future-city';

/** The fixture of the search test: the nearest entries of each query are known. */
const VISIONS = {
  gardens: 'A green city with community gardens and bicycles everywhere.',
  roofs: 'Rooftop gardens feed the neighbourhood: bees and vegetable gardens on every roof.',
  libraries: 'Quiet libraries open all night for students and readers.',
  ferries: 'Electric ferries connect the islands to the harbour.',
  buses: 'Night buses and night ferries carry shift workers home.',
} as const;

interface Sitting {
  sessionId: string;
  sessionToken: string;
}

describe.each(TEST_DIALECTS)('creavisions (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let key: string;
  let eventId: string;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'cv-admin@example.org', password: 'cv admin pw', appAdmin: true });
    await createUser(t, { email: 'cv-user@example.org', password: 'cv user pw' });
    admin = (await logIn(t, 'cv-admin@example.org', 'cv admin pw')).session;
    user = (await logIn(t, 'cv-user@example.org', 'cv user pw')).session;
    const created = await call(t, creavisions.createEvent, { name: EVENT, title: 'The city in 2040', description: 'A workshop', expiresAt: inOneDay(), maxUses: 10, signUpOpen: true }, { session: admin });
    expect(created.statusCode).toBe(200);
    const body = created.json() as { key: string; event: creavisions.CvEvent };
    key = body.key;
    eventId = body.event._id;
  });
  afterAll(() => t.close());

  const join = async (userId: string): Promise<Sitting> => {
    const response = await call(t, creavisions.createSession, { eventName: EVENT, sessionKey: key, userId });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { session: { _id: string; token: string } };
    return { sessionId: body.session._id, sessionToken: body.session.token };
  };
  const step = (sitting: Sitting, kind: creavisions.LogKind, extra: Record<string, unknown> = {}, id = `step-${(seq += 1)}`) =>
    call(t, creavisions.logEntry, { ...sitting, _id: id, kind, at: new Date().toISOString(), ...extra }, { id: EVENT });
  const write = async (sitting: Sitting, entryId: string, text: string, publish = true) => {
    expect((await step(sitting, 'draft', { entryId, data: { title: '', text } })).statusCode).toBe(200);
    if (publish) expect((await step(sitting, 'publish', { entryId })).statusCode).toBe(200);
  };

  it('create needs manageApp and a free, well-formed name; facilitating needs the owner or a manager', async () => {
    const payload = { name: 'another-one', title: 'T', expiresAt: inOneDay() };
    expect((await call(t, creavisions.createEvent, payload)).json()).toEqual(errorBody(ERRORS.unauthorized));
    expect((await call(t, creavisions.createEvent, payload, { session: user })).json()).toEqual(errorBody(ERRORS.forbidden));
    expect((await call(t, creavisions.createEvent, { ...payload, name: 'Has Spaces' }, { session: admin })).json().Error.message).toBe(`name: ${creavisions.EVENT_NAME_MESSAGE}`);
    expect((await call(t, creavisions.createEvent, { ...payload, title: ' ' }, { session: admin })).json().Error.message).toBe('title: This field is required');
    expect((await call(t, creavisions.createEvent, { ...payload, expiresAt: 'soon' }, { session: admin })).json().Error.message).toBe('expiresAt: must be an ISO 8601 date-time');
    expect((await call(t, creavisions.createEvent, { ...payload, expiresAt: new Date(Date.now() - 1000).toISOString() }, { session: admin })).json().Error.message).toBe('expiresAt: must be in the future');
    expect((await call(t, creavisions.createEvent, { ...payload, name: EVENT }, { session: admin })).json()).toEqual({ Error: CV_ERRORS.nameTaken });

    expect((await call(t, creavisions.getEvent, {}, { id: eventId })).statusCode).toBe(401);
    expect((await call(t, creavisions.getEvent, {}, { id: eventId, session: user })).json()).toEqual(errorBody(ERRORS.forbidden));
    expect((await call(t, creavisions.eventLog, {}, { id: eventId, session: user })).statusCode).toBe(403);
    expect((await call(t, creavisions.exportEvent, {}, { id: eventId, session: user })).statusCode).toBe(403);
    expect((await call(t, creavisions.getEvent, {}, { id: 'nope', session: admin })).json()).toEqual({ Error: CV_ERRORS.noEvent });
    expect((await call(t, creavisions.listEvents, {}, { session: user })).json()).toEqual({ events: [] });
    const listed = (await call(t, creavisions.listEvents, {}, { session: admin })).json() as { events: creavisions.CvEvent[] };
    expect(listed.events.map((e) => e.name)).toEqual([EVENT]);
    expect(JSON.stringify(listed)).not.toContain(key);
  });

  it('CVSession create joins with a key and a user id or an account, never anonymously', async () => {
    expect((await call(t, creavisions.createSession, { eventName: EVENT })).json()).toEqual({ Error: CV_ERRORS.needsJoin });
    expect((await call(t, creavisions.createSession, { eventName: 'no-such-event', sessionKey: key, userId: 'P1' })).json()).toEqual({ Error: CV_ERRORS.noEvent });
    expect((await call(t, creavisions.createSession, { eventName: EVENT, sessionKey: 'wrong', userId: 'P1' })).json()).toEqual({ Error: SESSION_KEY_ERROR });
    expect((await call(t, creavisions.createSession, { eventName: EVENT, sessionKey: key, userId: 'not valid!' })).json().Error.message).toBe('userId: A valid user id is required');
    expect((await call(t, creavisions.createSession, { eventName: EVENT, sessionKey: key })).json().Error.message).toBe('userId: a session key and a user id go together');

    const first = await call(t, creavisions.createSession, { eventName: EVENT, sessionKey: key, userId: 'P1' });
    expect(first.json()).toMatchObject({ Error: null, User: { name: 'P1', isGuest: true }, session: { participant: 'P1', event: { name: EVENT, title: 'The city in 2040', status: 'open' } } });
    await call(t, creavisions.createSession, { eventName: EVENT, sessionKey: key, userId: 'P1' });
    const byAccount = await call(t, creavisions.createSession, { eventName: EVENT }, { session: user });
    expect(byAccount.json()).toMatchObject({ Error: null, User: null, session: { event: { name: EVENT } } });
    const details = (await call(t, creavisions.getEvent, {}, { id: eventId, session: admin })).json() as { event: creavisions.CvEvent; sessions: { via: string }[] };
    // Two sittings of P1 took one use of the key; the account took none.
    expect(details.event.uses).toBe(1);
    // Listed by when each joined; three joins within one millisecond (a fast machine) tie, so the kinds are compared as a set.
    expect(details.sessions.map((s) => s.via).sort()).toEqual(['account', 'key', 'key']);
  });

  it('logEntry stores each step once by its client id, checks the sitting and names bad fields', async () => {
    const me = await join('P2');
    const first = await step(me, 'draft', { entryId: 'vision-p2', data: { title: 'Mine', text: 'Trees on every street.' } }, 'log-once');
    expect(first.json()).toMatchObject({ _id: 'log-once', duplicate: false });
    const again = await step(me, 'draft', { entryId: 'vision-p2', data: { title: 'Mine', text: 'Something else entirely.' } }, 'log-once');
    expect(again.json()).toEqual({ _id: 'log-once', receivedAt: first.json().receivedAt, duplicate: true });
    const resumed = (await call(t, creavisions.resumeSession, { ...me, eventName: EVENT })).json() as { entries: creavisions.CvEntry[] };
    expect(resumed.entries).toEqual([expect.objectContaining({ _id: 'vision-p2', text: 'Trees on every street.', published: false })]);

    const other = await join('P3');
    expect((await step(other, 'draft', { entryId: 'x', data: { text: 'a' } }, 'log-once')).json().Error.message).toBe('_id: already used for another step');
    expect((await step(other, 'draft', { entryId: 'vision-p2', data: { text: 'taken over' } })).json().Error.message).toBe('entryId: belongs to another participant');
    expect((await step({ ...me, sessionToken: 'guess' }, 'joined')).json()).toEqual({ Error: CV_ERRORS.sitting });
    expect((await step(me, 'draft', { data: { text: 'no entry' } })).json().Error.message).toBe('entryId: a draft step names its entry');
    expect((await step(me, 'draft', { entryId: 'vision-p2' })).json().Error.message).toBe('data.text: a draft step carries the text');
    expect((await step(me, 'image', { entryId: 'vision-p2', data: { imageUrl: 'javascript:alert(1)' } })).json().Error.message).toBe('data.imageUrl: must be an http(s) address or a path on this site');
    expect((await step(me, 'dance' as creavisions.LogKind)).json().Error.message).toContain('kind: must be one of joined');
    expect((await step(me, 'publish', { entryId: 'never-written' })).json().Error.message).toBe('entryId: no such entry; write it first');
    expect((await call(t, creavisions.logEntry, { ...me, _id: 'q1', kind: 'joined', at: new Date().toISOString() }, { id: 'Bad Name!' })).json().Error.message).toBe(
      `eventName: ${creavisions.EVENT_NAME_MESSAGE}`,
    );
    expect((await call(t, creavisions.logEntry, { ...me, _id: 'q2', kind: 'joined', at: 'yesterday' }, { id: EVENT })).json().Error.message).toBe('at: must be an ISO 8601 date-time');
    // A sitting of one event cannot log into another.
    await call(t, creavisions.createEvent, { name: 'other-event', title: 'Other', expiresAt: inOneDay() }, { session: admin });
    expect((await call(t, creavisions.logEntry, { ...me, _id: 'q3', kind: 'joined', at: new Date().toISOString() }, { id: 'other-event' })).json()).toEqual({ Error: CV_ERRORS.sitting });

    const log = (await call(t, creavisions.eventLog, { limit: 200 }, { id: eventId, session: admin })).json() as { records: creavisions.LogRecord[] };
    expect(log.records.filter((r) => r._id === 'log-once')).toEqual([expect.objectContaining({ participant: 'P2', kind: 'draft', data: { title: 'Mine', text: 'Trees on every street.' } })]);
  });

  it('the gallery shows published visions only, pages, and needs a sitting or the facilitator', async () => {
    const me = await join('G1');
    await write(me, 'draft-only', 'An unpublished thought.', false);
    await write(me, 'shown-1', 'First shown vision.');
    await write(me, 'shown-2', 'Second shown vision.');
    expect((await call(t, creavisions.gallery, { eventName: EVENT })).json()).toEqual({ Error: CV_ERRORS.needsJoin });
    expect((await call(t, creavisions.gallery, { eventName: EVENT }, { session: user })).statusCode).toBe(401);
    expect((await call(t, creavisions.gallery, { eventName: EVENT, ...me, amount: 0 })).json().Error.message).toBe('amount: Too small: expected number to be >=1');
    const page = (await call(t, creavisions.gallery, { eventName: EVENT, ...me, amount: 1 })).json() as { entries: creavisions.GalleryEntry[]; total: number };
    expect(page.total).toBe(2);
    expect(page.entries.map((e) => e._id)).toEqual(['shown-2']);
    const next = (await call(t, creavisions.gallery, { eventName: EVENT, ...me, amount: 1, offset: 1 }, { session: admin })).json() as { entries: creavisions.GalleryEntry[] };
    expect(next.entries.map((e) => e._id)).toEqual(['shown-1']);
    await step(me, 'unpublish', { entryId: 'shown-2' });
    expect(((await call(t, creavisions.gallery, { eventName: EVENT, ...me })).json() as { total: number }).total).toBe(1);
    await step(me, 'unpublish', { entryId: 'shown-1' });
  });

  it('findSimilar answers the known nearest entries first, with a visible similarity, for a text or an entry', async () => {
    const me = await join('S1');
    for (const [id, text] of Object.entries(VISIONS)) await write(me, id, text);
    await write(me, 'unpublished-gardens', 'Rooftop gardens rooftop gardens rooftop gardens.', false);
    const find = async (payload: Record<string, unknown>) => (await call(t, creavisions.findSimilar, { eventName: EVENT, ...me, ...payload })).json() as { results: creavisions.SimilarResult[]; hasMore: boolean; terms: string[] };

    const gardens = await find({ query: 'rooftop gardens' });
    expect(gardens.results.map((r) => r.entry._id)).toEqual(['roofs', 'gardens']);
    expect(gardens.results[0]?.matched).toEqual(['rooftop', 'gardens']);
    expect(gardens.results[0]?.similarity).toBeGreaterThan(0);
    expect(gardens.terms).toEqual(['rooftop', 'gardens']);
    expect(gardens.results[1]?.matched).toEqual(['gardens']);
    expect(gardens.results[0]?.similarity).toBeGreaterThan(gardens.results[1]?.similarity ?? 100);

    const night = await find({ query: 'ferries at night' });
    expect(night.results.map((r) => r.entry._id).slice(0, 2)).toEqual(['buses', 'ferries']);
    expect(night.results.map((r) => r.entry._id)).toContain('libraries');

    const likeGardens = await find({ entryId: 'gardens' });
    expect(likeGardens.results[0]?.entry._id).toBe('roofs');
    expect(likeGardens.results.map((r) => r.entry._id)).not.toContain('gardens');

    const paged = await find({ query: 'ferries at night', amount: 1 });
    expect(paged.results.map((r) => r.entry._id)).toEqual(['buses']);
    expect(paged.hasMore).toBe(true);
    const second = await find({ query: 'ferries at night', amount: 1, offset: 1 });
    expect(second.results.map((r) => r.entry._id)).toEqual(['ferries']);

    expect(await find({ query: 'submarines' })).toEqual({ results: [], hasMore: false, terms: ['submarines'] });
    expect(((await call(t, creavisions.findSimilar, { eventName: EVENT, ...me })).json() as { Error: { message: string } }).Error.message).toBe('query: give a query text or an entry, not both');
    expect(((await call(t, creavisions.findSimilar, { eventName: EVENT, ...me, query: 'x', amount: 500 })).json() as { Error: { message: string } }).Error.message).toBe('amount: must be a whole number from 1 to 50');
    expect(((await call(t, creavisions.findSimilar, { eventName: EVENT, ...me, entryId: 'unpublished-gardens' })).json() as { Error: { message: string } }).Error.message).toBe(
      'entryId: no such published entry in this event',
    );
    // Another event's index is another store: nothing leaks across.
    const outsider = (await call(t, creavisions.createSession, { eventName: 'other-event' }, { session: user })).json() as { session: { _id: string; token: string } };
    const across = await call(t, creavisions.findSimilar, { eventName: 'other-event', sessionId: outsider.session._id, sessionToken: outsider.session.token, query: 'rooftop gardens' });
    expect(across.json()).toEqual({ results: [], hasMore: false, terms: ['rooftop', 'gardens'] });
  });

  it('the facilitator sees sittings, entries and the timeline, and exports CSV and JSON', async () => {
    const me = await join('F1');
    await write(me, 'facilitated', '=cmd|danger, a vision with a comma');
    const details = (await call(t, creavisions.getEvent, {}, { id: eventId, session: admin })).json() as { entries: { _id: string; participant: string; published: boolean }[] };
    expect(details.entries).toContainEqual(expect.objectContaining({ _id: 'facilitated', participant: 'F1', published: true }));
    const log = (await call(t, creavisions.eventLog, { offset: 0, limit: 200 }, { id: eventId, session: admin })).json() as { records: creavisions.LogRecord[]; total: number };
    const mine = log.records.filter((r) => r.sessionId === me.sessionId).map((r) => r.kind);
    expect(mine).toEqual(['draft', 'publish']);
    expect((await call(t, creavisions.eventLog, { limit: 1000 }, { id: eventId, session: admin })).json().Error.message).toBe('limit: Too big: expected number to be <=200');

    const csv = await call(t, creavisions.exportEvent, {}, { id: eventId, session: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(creavisions.EXPORT_COLUMNS.join(','));
    expect(lines.length).toBe(log.total + 1);
    expect(csv.body).toContain(`"'=cmd|danger, a vision with a comma"`);
    const json = await call(t, { ...creavisions.exportEvent, path: `${creavisions.exportEvent.path}?format=json` }, {}, { id: eventId, session: admin });
    const parsed = JSON.parse(json.body) as { event: { name: string }; log: unknown[]; entries: unknown[] };
    expect(parsed.event.name).toBe(EVENT);
    expect(parsed.log.length).toBe(log.total);
    expect((await call(t, { ...creavisions.exportEvent, path: `${creavisions.exportEvent.path}?format=xml` }, {}, { id: eventId, session: admin })).json().Error.message).toContain('format: must be csv or json');
  });

  it('signUp mails a personal link for an event that takes sign-ups; the key works only for its user id', async () => {
    const form = { eventName: EVENT, firstName: 'Ada', email: 'ada-cv@example.org', consent: true, _redirectTo: 'http://creavisions.chi.localhost:8080' };
    expect((await call(t, creavisions.signUp, { ...form, consent: false })).json().Error.message).toBe('consent: Please give your consent to take part.');
    expect((await call(t, creavisions.signUp, { ...form, eventName: 'other-event' })).json()).toEqual({ Error: CV_ERRORS.noSignUp });
    expect((await call(t, creavisions.signUp, form)).json()).toEqual({ _status: 'sent' });
    const mail = (await mailsTo(t, 'ada-cv@example.org'))[0];
    const link = new URL(/http:\/\/creavisions\.chi\.localhost:8080\/event\/future-city\?\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://x');
    const personalKey = link.searchParams.get('sessionKey') ?? '';
    const userId = link.searchParams.get('userId') ?? '';
    expect(userId).toMatch(/^P-[0-9A-F]{12}$/);
    expect((await call(t, creavisions.createSession, { eventName: EVENT, sessionKey: personalKey, userId: 'someone-else' })).json()).toEqual({ Error: CV_ERRORS.personalKey });
    expect((await call(t, creavisions.createSession, { eventName: EVENT, sessionKey: personalKey, userId })).json()).toMatchObject({ session: { participant: userId } });
  });

  it('the join page learns whether an event takes sign-ups now, without joining', async () => {
    expect((await call(t, creavisions.eventAbout, { eventName: EVENT })).json()).toEqual({ name: EVENT, title: 'The city in 2040', description: 'A workshop', status: 'open', signUp: true });
    expect((await call(t, creavisions.eventAbout, { eventName: 'other-event' })).json()).toMatchObject({ status: 'open', signUp: false });
    expect((await call(t, creavisions.eventAbout, { eventName: 'no-such-event' })).json()).toEqual({ Error: CV_ERRORS.noEvent });
    expect((await call(t, creavisions.eventAbout, { eventName: 'Bad Name' })).json().Error.message).toBe(`eventName: ${creavisions.EVENT_NAME_MESSAGE}`);
  });

  it('close and reopen are the facilitator\'s; a closed event takes no writing, no sitting, no sign-up, but its gallery stays readable', async () => {
    const me = await join('C1');
    await write(me, 'before-close-entry', 'Tidal gardens along the harbour.');
    await step(me, 'joined', {}, 'before-close');
    expect((await call(t, creavisions.closeEvent, {}, { id: eventId })).statusCode).toBe(401);
    expect((await call(t, creavisions.closeEvent, {}, { id: eventId, session: user })).json()).toEqual(errorBody(ERRORS.forbidden));
    expect((await call(t, creavisions.closeEvent, {}, { id: 'nope', session: admin })).json()).toEqual({ Error: CV_ERRORS.noEvent });
    expect((await call(t, creavisions.eventAbout, { eventName: EVENT })).json()).toMatchObject({ status: 'open' });

    const closed = await call(t, creavisions.closeEvent, {}, { id: eventId, session: admin });
    expect(closed.json()).toMatchObject({ _id: eventId, status: 'closed' });
    const closedAt = (await t.database.db.selectFrom('cv_events').select('closed_at').where('id', '=', eventId).executeTakeFirstOrThrow()).closed_at;
    expect(closedAt).not.toBeNull();
    // Closing twice changes nothing.
    expect((await call(t, creavisions.closeEvent, {}, { id: eventId, session: admin })).json()).toMatchObject({ status: 'closed' });
    expect((await t.database.db.selectFrom('cv_events').select('closed_at').where('id', '=', eventId).executeTakeFirstOrThrow()).closed_at).toBe(closedAt);

    expect((await step(me, 'joined', {}, 'before-close')).json()).toMatchObject({ duplicate: true });
    expect((await step(me, 'joined')).json()).toEqual({ Error: CV_ERRORS.closed });
    expect((await step(me, 'draft', { entryId: 'before-close-entry', data: { text: 'changed' } })).json()).toEqual({ Error: CV_ERRORS.closed });
    expect((await step(me, 'unpublish', { entryId: 'before-close-entry' })).json()).toEqual({ Error: CV_ERRORS.closed });
    expect((await call(t, creavisions.createSession, { eventName: EVENT, sessionKey: key, userId: 'late' })).json()).toEqual({ Error: CV_ERRORS.closed });
    const form = { eventName: EVENT, firstName: 'Late', email: 'late-cv@example.org', consent: true, _redirectTo: 'http://creavisions.chi.localhost:8080' };
    expect((await call(t, creavisions.signUp, form)).json()).toEqual({ Error: CV_ERRORS.noSignUp });
    expect((await call(t, creavisions.eventAbout, { eventName: EVENT })).json()).toMatchObject({ status: 'closed', signUp: false });
    // Reading goes on: the sitting resumes, the gallery and search answer, and reading steps are logged.
    expect((await call(t, creavisions.resumeSession, { eventName: EVENT, ...me })).json()).toMatchObject({ session: { event: { status: 'closed' } } });
    const page = (await call(t, creavisions.gallery, { eventName: EVENT, ...me, amount: 50 })).json() as { entries: { _id: string; text: string }[] };
    expect(page.entries).toContainEqual(expect.objectContaining({ _id: 'before-close-entry', text: 'Tidal gardens along the harbour.' }));
    expect((await step(me, 'gallery')).json()).toMatchObject({ duplicate: false });
    expect((await step(me, 'search', { data: { query: 'tidal' } })).json()).toMatchObject({ duplicate: false });

    const reopened = await call(t, creavisions.reopenEvent, {}, { id: eventId, session: admin });
    expect(reopened.json()).toMatchObject({ status: 'open' });
    expect((await call(t, creavisions.reopenEvent, {}, { id: eventId, session: user })).statusCode).toBe(403);
    expect((await t.database.db.selectFrom('cv_events').select('closed_at').where('id', '=', eventId).executeTakeFirstOrThrow()).closed_at).toBeNull();
    expect((await step(me, 'draft', { entryId: 'before-close-entry', data: { text: 'Tidal gardens, reopened.' } })).json()).toMatchObject({ duplicate: false });
    expect((await call(t, creavisions.eventAbout, { eventName: EVENT })).json()).toMatchObject({ status: 'open', signUp: true });
  });
});
