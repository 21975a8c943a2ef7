/**
 * A participant enters a study by its link (issue 26, ADR 071): id from the study's URL
 * parameter, panel parameters kept, version and balanced order stored; full, not open, pilot
 * and preview runs; the default study's `/?participantId=` entry is separate and unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi, errorBody } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { call, createUser, logIn } from '../../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { cid, delphiCall, initSuite, ok } from '../delphi-kit';

interface Entered {
  suite: delphi.Suite;
  study: delphi.ParticipantStudy;
  resumed: boolean;
}

describe.each(TEST_DIALECTS)('entering a study (%s)', (dialect) => {
  let t: TestApp;
  const session: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const who of ['owner', 'reviewer', 'developer']) {
      ids[who] = await createUser(t, { email: `${who}@example.org`, password: `${who} password` });
      session[who] = (await logIn(t, `${who}@example.org`, `${who} password`)).session;
    }
  });
  afterAll(() => t.close());

  const as = (who: string, descriptor: ApiDescriptor, payload: unknown = {}, id?: string) =>
    call(t, descriptor, payload, { session: session[who] ?? '', ...(id !== undefined ? { id } : {}) });

  async function study(slug: string, fields: Record<string, unknown>, status: 'draft' | 'piloting' | 'open' = 'open'): Promise<delphi.Study> {
    const created = await as('owner', delphi.createStudy, { slug, name: slug, ...fields });
    expect(created.statusCode, created.body).toBe(200);
    const s = created.json().study as delphi.Study;
    if (status !== 'draft') await as('owner', delphi.setStudyStatus, { status: 'piloting' }, s.id);
    if (status === 'open') await as('owner', delphi.setStudyStatus, { status: 'open' }, s.id);
    return s;
  }

  const enter = (payload: Record<string, unknown>, options: Parameters<typeof delphiCall>[3] = {}) => delphiCall(t, delphi.enterStudy, payload, options);
  async function entered(payload: Record<string, unknown>): Promise<Entered> {
    const r = await enter(payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Entered;
  }
  const suiteRow = (id: string) =>
    t.database.db.selectFrom('delphi_suites').select(['study_id', 'study_version', 'panel_params', 'game_order', 'preview', 'pilot', 'participant_id']).where('id', '=', id).executeTakeFirstOrThrow();

  const PROLIFIC = {
    games: [{ game: 'QuizTime' }, { game: 'MimeMix' }, { game: 'WordLinks', settings: { optional: false } }],
    order: 'latin-square',
    participantParam: 'PROLIFIC_PID',
    keptParams: ['STUDY_ID', 'SESSION_ID'],
    completionRedirect: 'https://app.prolific.com/submissions/complete?cc={code}',
    completionCode: 'C0DE',
    consentMarkdown: 'I agree.',
  };

  it('takes the id from PROLIFIC_PID, keeps STUDY_ID and SESSION_ID, and gives each newcomer the next balanced order', async () => {
    const s = await study('panel', PROLIFIC);
    const orders: string[][] = [];
    for (const pid of ['pidA', 'pidB', 'pidC', 'pidD', 'pidE', 'pidF', 'pidG']) {
      const body = await entered({ study: 'panel', params: { PROLIFIC_PID: pid, STUDY_ID: 'st1', SESSION_ID: `se-${pid}`, other: 'dropped' } });
      expect(body.resumed).toBe(false);
      expect(body.suite._participantId).toBe(pid);
      const row = await suiteRow(body.suite._id);
      expect(row).toMatchObject({ study_id: s.id, study_version: 1, participant_id: pid, preview: 0, pilot: 0 });
      expect(JSON.parse(row.panel_params)).toEqual({ STUDY_ID: 'st1', SESSION_ID: `se-${pid}` });
      const order = JSON.parse(row.game_order ?? '[]') as string[];
      expect(body.study.games.map((g) => g.game)).toEqual(order);
      // The suite lists the participant's games only, in their order, all still to play.
      expect(body.suite.games.map((g) => g.gameName)).toEqual(order);
      expect(body.suite._resumableGames).toEqual(order);
      expect(body.study.games.find((g) => g.game === 'WordLinks')?.settings).toEqual({ optional: false });
      expect(body.study).toMatchObject({ slug: 'panel', consentMarkdown: 'I agree.', consentVersion: 1, version: 1 });
      expect(body.study).not.toHaveProperty('completionCode');
      orders.push(order);
    }
    // Three games: the Williams design's six orders in turn, then the first again.
    const games = ['QuizTime', 'MimeMix', 'WordLinks'];
    expect(orders).toEqual([0, 1, 2, 3, 4, 5, 0].map((n) => delphi.assignGameOrder(games, 'latin-square', n)));
    expect(new Set(orders.slice(0, 6).map((o) => o.join()))).toHaveProperty('size', 6);
  });

  it('fills the Latin square evenly: a row whose participant dropped out or was excluded goes to the next newcomer', async () => {
    await study('refill', PROLIFIC);
    const games = ['QuizTime', 'MimeMix', 'WordLinks'];
    const rowOf = async (pid: string) => {
      const body = await entered({ study: 'refill', params: { PROLIFIC_PID: pid } });
      const order = JSON.parse((await suiteRow(body.suite._id)).game_order ?? '[]') as string[];
      return { suite: body.suite._id, row: [0, 1, 2, 3, 4, 5].find((n) => delphi.assignGameOrder(games, 'latin-square', n).join() === order.join()) };
    };
    const first: { suite: string; row: number | undefined }[] = [];
    for (const pid of ['r0', 'r1', 'r2', 'r3', 'r4', 'r5']) first.push(await rowOf(pid));
    expect(first.map((entry) => entry.row)).toEqual([0, 1, 2, 3, 4, 5]);
    // Row 2's participant entered four hours ago and never finished: a dropout.
    await t.database.db.updateTable('delphi_suites').set({ created_at: new Date(Date.now() - 4 * 3600_000).toISOString() }).where('id', '=', first[2]?.suite ?? '').execute();
    // Row 4's participant is excluded by the team; row 5's only from one game (the rest of their order was played).
    const exclude = async (suite: string, gameName?: string) => {
      const r = await delphiCall(t, delphi.excludeParticipant, { suite, reason: 'test', ...(gameName ? { gameName } : {}) }, { session: session.owner ?? '' });
      expect(r.statusCode, r.body).toBe(200);
    };
    await exclude(first[4]?.suite ?? '');
    await exclude(first[5]?.suite ?? '', 'QuizTime');
    expect((await rowOf('n1')).row).toBe(2);
    expect((await rowOf('n2')).row).toBe(4);
    // Every row held once again: the cycle starts over at the first row.
    expect((await rowOf('n3')).row).toBe(0);
  });

  it('counts newcomers who arrive at once one after the other: each row of the square twice, and never past the target', async () => {
    await study('burst', { ...PROLIFIC, targetSample: 12 });
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => enter({ study: 'burst', params: { PROLIFIC_PID: `burst${i}` } })));
    const accepted = results.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(12);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.json()).toEqual(errorBody(delphi.STUDY_ERRORS.full));
    const counts = new Map<string, number>();
    for (const r of accepted) {
      const order = (await suiteRow((r.json() as Entered).suite._id)).game_order ?? '';
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('resumes the same suite in the same browser, refuses another browser, and keeps ids apart per study', async () => {
    await study('resume', { ...PROLIFIC, order: 'fixed' });
    await study('resume-b', { participantParam: 'PROLIFIC_PID' });
    const first = await entered({ study: 'resume', params: { PROLIFIC_PID: 'same-pid' } });
    const again = await entered({ study: 'resume', params: { PROLIFIC_PID: 'same-pid', SESSION_ID: 'later' } });
    expect(again).toMatchObject({ resumed: true, suite: { _id: first.suite._id } });
    expect(again.study.games.map((g) => g.game)).toEqual(['QuizTime', 'MimeMix', 'WordLinks']);
    const stranger = await enter({ study: 'resume', params: { PROLIFIC_PID: 'same-pid' } }, { browser: 'stranger' });
    expect(stranger.statusCode).toBe(423);
    // The same panel id in another study, and in the default study, is another participant's suite.
    const other = await entered({ study: 'resume-b', params: { PROLIFIC_PID: 'same-pid' } });
    const byDefault = await initSuite(t, 'same-pid');
    expect(new Set([first.suite._id, other.suite._id, byDefault._id]).size).toBe(3);
    expect((await suiteRow(byDefault._id)).study_id).toBe('default');
    const count = await t.database.db.selectFrom('delphi_suites').select('id').where('participant_id', '=', 'same-pid').execute();
    expect(count).toHaveLength(3);
  });

  it('says the study is full to a newcomer past the target, but lets those who started back in', async () => {
    await study('small', { participantParam: 'id', targetSample: 2 });
    const a = await entered({ study: 'small', params: { id: '101' } });
    await entered({ study: 'small', params: { id: '102' } });
    const full = await enter({ study: 'small', params: { id: '103' } });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual(errorBody(delphi.STUDY_ERRORS.full));
    expect((await entered({ study: 'small', params: { id: '101' } })).suite._id).toBe(a.suite._id);
  });

  it('answers a device the study cannot use with its reasons and makes no suite: no row of the design, no place in the target', async () => {
    const s = await study('desk-only', { ...PROLIFIC, consentMarkdown: '', targetSample: 1, devices: { phoneAllowed: false, keyboardNeeded: true, microphoneNeeded: false } });
    const PHONE = { touchOnly: true, phone: true, microphone: true };
    const DESKTOP = { touchOnly: false, phone: false, microphone: false };
    const suitesOfStudy = () => t.database.db.selectFrom('delphi_suites').select(['id', 'participant_id', 'game_order']).where('study_id', '=', s.id).execute();

    const refused = await enter({ study: 'desk-only', params: { PROLIFIC_PID: 'on-phone' }, device: PHONE });
    expect(refused.statusCode, refused.body).toBe(200);
    const body = refused.json() as { deviceProblems: string[]; study: delphi.ParticipantStudy; suite?: unknown };
    expect(body.deviceProblems).toEqual(['phone', 'keyboard']);
    expect(body.suite).toBeUndefined();
    // The study comes back for the page that explains (its languages), with the design's games.
    expect(body.study).toMatchObject({ slug: 'desk-only', devices: { phoneAllowed: false, keyboardNeeded: true }, acceptedConsentVersion: 0 });
    expect(body.study.games.map((g) => g.game)).toEqual(['QuizTime', 'MimeMix', 'WordLinks']);
    // Nothing stored and no suite key set for it.
    expect(await suitesOfStudy()).toEqual([]);
    expect(refused.cookies.filter((c) => c.name.startsWith('chi_dk_'))).toEqual([]);

    // A desktop newcomer then gets the design's first row and the one place of the target sample.
    const desk = await entered({ study: 'desk-only', params: { PROLIFIC_PID: 'on-desk' }, device: DESKTOP });
    expect(desk.suite.games.map((g) => g.gameName)).toEqual(delphi.assignGameOrder(['QuizTime', 'MimeMix', 'WordLinks'], 'latin-square', 0));
    expect((await suitesOfStudy()).map((row) => row.participant_id)).toEqual(['on-desk']);
    // A participant who started is not let back in on a device the study cannot use (the suite is left as it was).
    const later = await enter({ study: 'desk-only', params: { PROLIFIC_PID: 'on-desk' }, device: PHONE });
    expect((later.json() as { deviceProblems: string[] }).deviceProblems).toEqual(['phone', 'keyboard']);
    expect((later.json() as { study: delphi.ParticipantStudy }).study.games.map((g) => g.game)).toEqual(desk.study.games.map((g) => g.game));
    // Without facts (an older page, the hub's own re-entry) nothing is checked, as before.
    expect((await entered({ study: 'desk-only', params: { PROLIFIC_PID: 'on-desk' } })).resumed).toBe(true);
    // Bad facts are a 400 that names the field.
    const bad = await enter({ study: 'desk-only', params: { PROLIFIC_PID: 'x1' }, device: { touchOnly: 'yes', phone: false, microphone: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('device.touchOnly');
  });

  it('refuses a draft, newcomers to a closed study and an unknown slug; a link without its id parameter is a 400', async () => {
    const draft = await study('still-draft', {}, 'draft');
    const r = await enter({ study: 'still-draft', params: { participantId: 'x1' } });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual(errorBody(delphi.STUDY_ERRORS.notOpen));
    expect((await enter({ study: 'no-such', params: { participantId: 'x1' } })).json()).toEqual(errorBody(delphi.STUDY_ERRORS.studyNotFound));

    const closing = await study('closing', {});
    const early = await entered({ study: 'closing', params: { participantId: 'early' } });
    await as('owner', delphi.setStudyStatus, { status: 'closed' }, closing.id);
    expect((await enter({ study: 'closing', params: { participantId: 'late' } })).json()).toEqual(errorBody(delphi.STUDY_ERRORS.notOpen));
    expect((await entered({ study: 'closing', params: { participantId: 'early' } })).suite._id).toBe(early.suite._id);

    await study('needs-pid', { participantParam: 'PROLIFIC_PID' });
    const missing = await enter({ study: 'needs-pid', params: { participantId: 'p' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Error.message).toBe('This study link has no PROLIFIC_PID: open it from the link the study gave you.');
    const bad = await enter({ study: 'needs-pid', params: { PROLIFIC_PID: '../x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.message).toBe('PROLIFIC_PID: not a valid participant id');
    expect(await t.database.db.selectFrom('delphi_suites').select('id').where('study_id', '=', draft.id).execute()).toEqual([]);
  });

  it('makes an id for an anonymous link and resumes with it', async () => {
    await study('anon', { participantParam: 'anonymous' });
    const first = await entered({ study: 'anon' });
    expect(first.suite._participantId).toMatch(/^anon-[0-9a-f-]{36}$/);
    const second = await entered({ study: 'anon' });
    expect(second.suite._participantId).not.toBe(first.suite._participantId);
    const back = await entered({ study: 'anon', participantId: first.suite._participantId });
    expect(back).toMatchObject({ resumed: true, suite: { _id: first.suite._id } });
  });

  it('gives an anonymous browser whose answer was lost the same suite again when it retries with its key', async () => {
    await study('anon-key', { participantParam: 'anonymous' });
    const key = 'a'.repeat(43);
    const lost = await enter({ study: 'anon-key', browserKey: key }, { browser: 'stranger' });
    expect(lost.statusCode, lost.body).toBe(200);
    const first = lost.json() as Entered;
    expect(first.suite._participantId).toMatch(/^anon-[0-9a-f]{32}$/);
    const retry = await enter({ study: 'anon-key', browserKey: key }, { browser: 'stranger' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ resumed: true, suite: { _id: first.suite._id } });
    // Another browser's key makes another participant.
    const other = await enter({ study: 'anon-key', browserKey: 'b'.repeat(43) }, { browser: 'stranger' });
    expect((other.json() as Entered).suite._participantId).not.toBe(first.suite._participantId);
  });

  it('marks pilot runs and previews, keeps them out of the counts, and lets only develop+ preview', async () => {
    const s = await study('marked', { participantParam: 'participantId' }, 'piloting');
    await as('owner', delphi.addStudyMember, { accountId: ids.reviewer, level: 'review' }, s.id);
    await as('owner', delphi.addStudyMember, { accountId: ids.developer, level: 'develop' }, s.id);
    const pilot = await entered({ study: 'marked', params: { participantId: 'pilot-1' } });
    expect(await suiteRow(pilot.suite._id)).toMatchObject({ pilot: 1, preview: 0 });

    expect((await enter({ study: 'marked', params: { participantId: 'pv' }, preview: true })).statusCode).toBe(404);
    expect((await enter({ study: 'marked', params: { participantId: 'pv' }, preview: true }, { session: session.reviewer ?? '' })).statusCode).toBe(403);
    const preview = await enter({ study: 'marked', params: { participantId: 'pv' }, preview: true }, { session: session.developer ?? '' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(await suiteRow((preview.json() as Entered).suite._id)).toMatchObject({ preview: 1, pilot: 0 });
    // A preview works on a draft too.
    await as('owner', delphi.setStudyStatus, { status: 'draft' }, s.id);
    expect((await enter({ study: 'marked', params: { participantId: 'pv2' }, preview: true }, { session: session.developer ?? '' })).statusCode).toBe(200);
    // The researcher's Preview button has no panel id: the preview gets one of its own (a participant's link without it is a 400, tested above).
    const own = await enter({ study: 'marked', params: {}, preview: true, browserKey: 'p'.repeat(43) }, { session: session.developer ?? '' });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as Entered).suite._participantId).toMatch(/^preview-[0-9a-f]{32}$/);
    expect(await suiteRow((own.json() as Entered).suite._id)).toMatchObject({ preview: 1 });

    const list = (await as('owner', delphi.listStudies)).json() as { studies: delphi.StudySummary[] };
    expect(list.studies.find((x) => x.slug === 'marked')).toMatchObject({ started: 0, completed: 0 });
  });

  it('gives a newcomer the open study’s newest version and a participant who started before their own', async () => {
    const s = await study('versions', { games: [{ game: 'QuizTime' }, { game: 'FlashMatch' }] });
    const before = await entered({ study: 'versions', params: { participantId: 'v1' } });
    const changed = await as('owner', delphi.updateStudy, { update: { games: [{ game: 'ColorCatch' }] } }, s.id);
    expect(changed.json().study.version).toBe(2);
    const after = await entered({ study: 'versions', params: { participantId: 'v2' } });
    expect(after.study).toMatchObject({ version: 2, games: [{ game: 'ColorCatch', settings: {} }] });
    expect((await suiteRow(after.suite._id)).study_version).toBe(2);
    const back = await entered({ study: 'versions', params: { participantId: 'v1' } });
    expect(back.study).toMatchObject({ version: 1, games: [{ game: 'QuizTime' }, { game: 'FlashMatch' }] });
    expect(back.suite._id).toBe(before.suite._id);
  });

  it('completes a study suite when its own required games end (its optional ones never hold it back)', async () => {
    const s = await study('short', { games: [{ game: 'MimeMix' }, { game: 'WordLinks' }, { game: 'QuizTime', settings: {} }], order: 'random' });
    const body = await entered({ study: 'short', params: { participantId: 'short-1' } });
    const who = { participant: 'short-1', suite: body.suite._id };
    const completedAt = async () => (await t.database.db.selectFrom('delphi_suites').select('completed_at').where('id', '=', who.suite).executeTakeFirstOrThrow()).completed_at;
    for (const gameName of ['MimeMix', 'QuizTime'] as const) {
      expect(await completedAt()).toBeNull();
      const at = Date.now();
      const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { ...who, gameName, _startedAt: at, timestamp: at, _clientId: cid() })))._id;
      await ok(delphiCall(t, delphi.endGame, { ...who, timestamp: at + 10, _clientId: cid() }, { id: game }));
    }
    // Word Links (optional by default) was never played; the other four games are not in this study.
    expect(await completedAt()).not.toBeNull();
    const list = (await as('owner', delphi.listStudies)).json() as { studies: delphi.StudySummary[] };
    expect(list.studies.find((x) => x.id === s.id)).toMatchObject({ started: 1, completed: 1 });
  });
});
