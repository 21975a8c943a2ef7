/**
 * A participant's way through a study (issue 26, ADR 073): the consent before the first game,
 * only the study's games, and at the end the panel's completion link with the code filled in.
 * The default study's `/?participantId=` suites ask for no consent and keep all six games.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { call, createUser, logIn } from '../../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { cid, delphiCall, initSuite, ok } from '../delphi-kit';

const T0 = 1_700_000_000_000;

describe.each(TEST_DIALECTS)('a participant through a study (%s)', (dialect) => {
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'run-owner@example.org', password: 'owner password' });
    owner = (await logIn(t, 'run-owner@example.org', 'owner password')).session;
  });
  afterAll(() => t.close());

  const as = (descriptor: ApiDescriptor, payload: unknown = {}, id?: string) => call(t, descriptor, payload, { session: owner, ...(id !== undefined ? { id } : {}) });

  async function openStudy(slug: string, fields: Record<string, unknown>): Promise<delphi.Study> {
    const created = await as(delphi.createStudy, { slug, name: slug, ...fields });
    expect(created.statusCode, created.body).toBe(200);
    const study = created.json().study as delphi.Study;
    for (const status of ['piloting', 'open']) expect((await as(delphi.setStudyStatus, { status }, study.id)).statusCode).toBe(200);
    return study;
  }

  async function enter(slug: string, params: Record<string, string>) {
    const body = await ok<{ suite: delphi.Suite; study: delphi.ParticipantStudy }>(delphiCall(t, delphi.enterStudy, { study: slug, params }));
    return { who: { participant: body.suite._participantId, suite: body.suite._id }, study: body.study };
  }

  const start = (who: { participant: string; suite: string }, gameName: string) =>
    delphiCall(t, delphi.startGame, { ...who, gameName, _startedAt: T0, timestamp: T0, _clientId: cid() });

  it('asks for the consent before the first game, records its version and time, and refuses a changed text', async () => {
    const s = await openStudy('run-consent', { games: [{ game: 'QuizTime' }], consentMarkdown: 'I agree to take part.' });
    const { who, study } = await enter('run-consent', { participantId: 'RC1' });
    expect(study).toMatchObject({ consentVersion: 1, acceptedConsentVersion: 0 });

    const early = await start(who, 'QuizTime');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ Error: { message: 'Please accept the consent before the first game.' } });

    const stale = await delphiCall(t, delphi.acceptStudyConsent, { ...who, consentVersion: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ Error: { message: 'The consent text has changed. Please read it again.' } });

    const accepted = await ok<{ consentVersion: number; consentAt: string }>(delphiCall(t, delphi.acceptStudyConsent, { ...who, consentVersion: 1 }));
    expect(accepted.consentVersion).toBe(1);
    const again = await ok<{ consentAt: string }>(delphiCall(t, delphi.acceptStudyConsent, { ...who, consentVersion: 1 }));
    expect(again.consentAt).toBe(accepted.consentAt);
    const row = await t.database.db.selectFrom('delphi_suites').select(['consent_at', 'consent_version']).where('id', '=', who.suite).executeTakeFirstOrThrow();
    expect({ at: row.consent_at, version: Number(row.consent_version) }).toEqual({ at: accepted.consentAt, version: 1 });
    // Coming back (a reload), the page learns the consent is already accepted and skips it.
    expect((await enter('run-consent', { participantId: 'RC1' })).study).toMatchObject({ consentVersion: 1, acceptedConsentVersion: 1 });
    expect((await start(who, 'QuizTime')).statusCode).toBe(200);
    expect(s.slug).toBe('run-consent');
  });

  it('gives the page the consent and end page in each language, and records the language of the text accepted (ADR 079)', async () => {
    await openStudy('run-languages', {
      games: [{ game: 'QuizTime' }],
      consentMarkdown: 'I agree to take part.',
      consentTranslations: { dk: 'Jeg vil gerne deltage.' },
      endPageMarkdown: 'Thank you!',
      endPageTranslations: { dk: 'Tak!' },
    });
    const { who, study } = await enter('run-languages', { participantId: 'RL1' });
    expect(study).toMatchObject({ consentMarkdown: 'I agree to take part.', consentTranslations: { dk: 'Jeg vil gerne deltage.' }, endPageTranslations: { dk: 'Tak!' } });
    expect(delphi.textInLanguage(study.consentMarkdown, study.consentTranslations, 'dk')).toBe('Jeg vil gerne deltage.');
    expect(delphi.textInLanguage(study.consentMarkdown, study.consentTranslations, 'en')).toBe('I agree to take part.');

    const unknown = await delphiCall(t, delphi.acceptStudyConsent, { ...who, consentVersion: 1, language: 'fr' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ Error: { message: expect.stringContaining('language: one of en, dk') } });
    await ok(delphiCall(t, delphi.acceptStudyConsent, { ...who, consentVersion: 1, language: 'dk' }));
    const row = await t.database.db.selectFrom('delphi_suites').select(['consent_language', 'consent_version', 'consent_at']).where('id', '=', who.suite).executeTakeFirstOrThrow();
    expect({ language: row.consent_language, version: Number(row.consent_version) }).toEqual({ language: 'dk', version: 1 });
    expect(await ok<delphi.StudyCompletion>(delphiCall(t, delphi.getStudyCompletion, who))).toMatchObject({ endPageMarkdown: 'Thank you!', endPageTranslations: { dk: 'Tak!' } });

    // The study's team reads the agreement in the participant's timeline, with its version and language.
    const timeline = await ok<{ entries: delphi.TimelineEntry[]; lastSeen: string | null }>(delphiCall(t, delphi.getTimeline, { suite: who.suite }, { session: owner }));
    // Agreeing is activity: the participant was last seen then (they have played nothing yet).
    expect(timeline.lastSeen).toBe(row.consent_at);
    expect(timeline.entries.filter((e) => e.kind === 'consentAgreed')).toEqual([
      { at: row.consent_at ?? expect.any(String), kind: 'consentAgreed', gameName: null, detail: { version: 1, language: 'dk' }, round: null, promptId: null },
    ]);

    // A page that does not say which language it showed: the acceptance is recorded without one.
    const other = await enter('run-languages', { participantId: 'RL2' });
    await ok(delphiCall(t, delphi.acceptStudyConsent, { ...other.who, consentVersion: 1 }));
    const otherRow = await t.database.db.selectFrom('delphi_suites').select('consent_language').where('id', '=', other.who.suite).executeTakeFirstOrThrow();
    expect(otherRow.consent_language).toBeNull();
  });

  it('removes the suite of a participant who does not agree, freeing their place; keeps one that agreed before', async () => {
    const s = await openStudy('run-decline', {
      games: [{ game: 'QuizTime' }],
      consentMarkdown: 'I agree.',
      targetSample: 1,
      keptParams: ['SESSION_ID'],
      declineRedirect: 'https://app.prolific.com/submissions/complete?cc=NOCONSENT&p={participantId}&s={SESSION_ID}',
    });
    const first = await enter('run-decline', { participantId: 'RX1', SESSION_ID: 'a&b' });
    // The one place is held: a newcomer is told the study is full.
    expect((await delphiCall(t, delphi.enterStudy, { study: 'run-decline', params: { participantId: 'RX2' } })).statusCode).toBe(409);

    expect((await delphiCall(t, delphi.declineStudyConsent, first.who, { browser: 'stranger' })).statusCode).toBe(423);
    // The study's link back, filled in (and encoded) from the suite before it went.
    expect(await ok(delphiCall(t, delphi.declineStudyConsent, first.who))).toEqual({
      removed: true,
      redirectUrl: 'https://app.prolific.com/submissions/complete?cc=NOCONSENT&p=RX1&s=a%26b',
    });
    expect(await t.database.db.selectFrom('delphi_suites').select('id').where('study_id', '=', s.id).execute()).toEqual([]);
    // The place is free again; the suite is gone, so a second decline finds nothing to act on.
    const second = await enter('run-decline', { participantId: 'RX2' });
    expect((await delphiCall(t, delphi.declineStudyConsent, first.who)).statusCode).toBe(400);

    // One who agreed and played, then declines a changed text: what they recorded stays.
    await ok(delphiCall(t, delphi.acceptStudyConsent, { ...second.who, consentVersion: 1 }));
    expect((await start(second.who, 'QuizTime')).statusCode).toBe(200);
    expect((await as(delphi.updateStudy, { update: { consentMarkdown: 'I agree to more.' } }, s.id)).statusCode).toBe(200);
    expect(await ok(delphiCall(t, delphi.declineStudyConsent, second.who))).toEqual({
      removed: false,
      redirectUrl: 'https://app.prolific.com/submissions/complete?cc=NOCONSENT&p=RX2&s=',
    });
    expect(await t.database.db.selectFrom('delphi_games').select('game_name').where('suite_id', '=', second.who.suite).execute()).toEqual([{ game_name: 'QuizTime' }]);

    // The default study asks for no consent: nothing to decline, nothing removed.
    const suite = await initSuite(t, 'RX3');
    expect(await ok(delphiCall(t, delphi.declineStudyConsent, { participant: 'RX3', suite: suite._id }))).toEqual({ removed: false, redirectUrl: null });
  });

  it('asks for no consent once its text is removed, though the version count stays above 0', async () => {
    const s = await openStudy('run-no-consent', { games: [{ game: 'QuizTime' }], consentMarkdown: 'I agree.' });
    expect((await as(delphi.updateStudy, { update: { consentMarkdown: '' } }, s.id)).statusCode).toBe(200);
    const row = await t.database.db.selectFrom('delphi_studies').select('consent_version').where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(Number(row.consent_version)).toBeGreaterThan(0);
    const { who, study } = await enter('run-no-consent', { participantId: 'RN1' });
    expect(study).toMatchObject({ consentMarkdown: '', consentVersion: 0 });
    expect((await start(who, 'QuizTime')).statusCode).toBe(200);
  });

  it('starts only the study\'s own games, one by one or in a batch', async () => {
    await openStudy('run-games', { games: [{ game: 'FlashMatch' }, { game: 'ColorCatch' }] });
    const { who } = await enter('run-games', { participantId: 'RG1' });
    const other = await start(who, 'QuizTime');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ Error: { message: 'This game is not part of your study.' } });
    const batch = await ok<{ results: delphi.BatchResult[] }>(
      delphiCall(t, delphi.logRecords, { ...who, records: [{ kind: 'startGame', input: { gameName: 'MimeMix', _startedAt: T0, timestamp: T0, _clientId: cid() } }] }),
    );
    expect(batch.results).toEqual([{ ok: false, status: 400, message: 'This game is not part of your study.' }]);
    expect((await start(who, 'ColorCatch')).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('delphi_games').select('game_name').where('suite_id', '=', who.suite).execute()).toEqual([{ game_name: 'ColorCatch' }]);
  });

  it('sends a finished participant to the panel with the code, their id and kept parameters filled in (and encoded)', async () => {
    await openStudy('run-end', {
      games: [{ game: 'MorningMemo' }],
      participantParam: 'PROLIFIC_PID',
      keptParams: ['SESSION_ID'],
      completionRedirect: 'https://app.prolific.com/submissions/complete?cc={code}&s={SESSION_ID}&p={participantId}',
      completionCode: 'C0DE42',
      endPageMarkdown: 'Thank you!',
    });
    const { who } = await enter('run-end', { PROLIFIC_PID: 'pid-9', SESSION_ID: 'a&b=c' });
    const before = await ok<delphi.StudyCompletion>(delphiCall(t, delphi.getStudyCompletion, who));
    expect(before).toEqual({ completed: false, endPageMarkdown: 'Thank you!', endPageTranslations: {}, redirectUrl: null });

    const game = (await ok<delphi.LogAck>(start(who, 'MorningMemo')))._id;
    await ok(delphiCall(t, delphi.endGame, { ...who, timestamp: T0 + 1000, reason: 'completed', _clientId: cid() }, { id: game }));
    const after = await ok<delphi.StudyCompletion>(delphiCall(t, delphi.getStudyCompletion, who));
    expect(after.completed).toBe(true);
    // A kept parameter's value cannot add a query field of its own: it is encoded.
    expect(after.redirectUrl).toBe('https://app.prolific.com/submissions/complete?cc=C0DE42&s=a%26b%3Dc&p=pid-9');

    const stranger = await delphiCall(t, delphi.getStudyCompletion, who, { browser: 'stranger' });
    expect(stranger.statusCode).toBe(423);
  });

  it('leaves the default study\'s links as they were: no consent, all six games, no redirect', async () => {
    const suite = await initSuite(t, 'RD1');
    const who = { participant: 'RD1', suite: suite._id };
    expect((await start(who, 'WordLinks')).statusCode).toBe(200);
    expect(await ok<delphi.StudyCompletion>(delphiCall(t, delphi.getStudyCompletion, who))).toEqual({ completed: false, endPageMarkdown: '', endPageTranslations: {}, redirectUrl: null });
  });
});
