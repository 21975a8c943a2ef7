/**
 * /Data and the exports per study (issue 26 items 4–6, ADR 074): each call reads one study's
 * suites, its team's levels are checked on the server (review reads and exports, manage
 * excludes and releases, a non-member gets 404, manageApp sees every study), previews and
 * piloting runs stay out unless asked for and are marked when in, and every row names its study
 * and version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { ERRORS, delphi, delphiPlots, errorBody, recordings, wordLinks } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { call, createUser, logIn } from '../../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { parseCsv } from '../../../test/csv';
import { answer, cid, delphiCall, ok, startPlaying } from '../delphi-kit';
import type { Playing } from '../delphi-kit';

type Who = 'owner' | 'reviewer' | 'manager' | 'stranger' | 'admin';

describe.each(TEST_DIALECTS)('a study’s data (%s)', (dialect) => {
  let t: TestApp;
  const session = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  let alpha: delphi.Study;
  let beta: delphi.Study;
  const suites: Record<string, string> = {};

  const as = (who: Who, descriptor: ApiDescriptor, payload: unknown = {}, id?: string) =>
    delphiCall(t, descriptor, payload, { session: session[who], ...(id !== undefined ? { id } : {}) });

  /** A participant (or a previewing researcher) enters a study by its link, plays Flash Match and answers `n` times. */
  async function play(slug: string, participantId: string, n: number, preview?: Who): Promise<Playing> {
    const entered = await delphiCall(t, delphi.enterStudy, { study: slug, params: { participantId }, ...(preview ? { preview: true } : {}) }, preview ? { session: session[preview] } : {});
    expect(entered.statusCode, entered.body).toBe(200);
    const suite = (entered.json() as { suite: delphi.Suite }).suite._id;
    const who = { participant: participantId, suite };
    const at = Date.now();
    const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { ...who, gameName: 'FlashMatch', _startedAt: at, timestamp: at, _clientId: cid() })))._id;
    await ok(delphiCall(t, delphi.startRound, { ...who, game, round: 'SZ_1', _clientId: cid(), timestamp: at + 1 }));
    const playing = { participant: participantId, suite, game, round: 'SZ_1', who };
    for (let i = 0; i < n; i++) await answer(t, playing, { rtMs: 300 + i }, at + 10 + i * 1000);
    suites[participantId] = suite;
    return playing;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const who of ['owner', 'reviewer', 'manager', 'stranger', 'admin'] as const) {
      ids[who] = await createUser(t, { email: `${who}@example.org`, password: `${who} password`, ...(who === 'admin' ? { appAdmin: true } : {}) });
      session[who] = (await logIn(t, `${who}@example.org`, `${who} password`)).session;
    }
    const create = async (slug: string) => {
      const created = await call(t, delphi.createStudy, { slug, name: slug, games: [{ game: 'FlashMatch' }], participantParam: 'participantId' }, { session: session.owner });
      expect(created.statusCode, created.body).toBe(200);
      const study = created.json().study as delphi.Study;
      await call(t, delphi.setStudyStatus, { status: 'piloting' }, { session: session.owner, id: study.id });
      return study;
    };
    alpha = await create('alpha');
    beta = await create('beta');
    await call(t, delphi.addStudyMember, { accountId: ids.reviewer, level: 'review' }, { session: session.owner, id: alpha.id });
    await call(t, delphi.addStudyMember, { accountId: ids.manager, level: 'manage' }, { session: session.owner, id: alpha.id });

    await play('alpha', 'pilot-1', 1); // while piloting: a pilot run
    await call(t, delphi.setStudyStatus, { status: 'open' }, { session: session.owner, id: alpha.id });
    await call(t, delphi.setStudyStatus, { status: 'open' }, { session: session.owner, id: beta.id });
    await play('alpha', 'a-1', 2);
    await play('alpha', 'pv-1', 1, 'owner'); // the owner's preview
    await play('beta', 'b-1', 3);
    const d = await startPlaying(t, 'd-1'); // the default study, by /?participantId=
    suites['d-1'] = d.suite;
    await answer(t, d, { rtMs: 500 });
  });
  afterAll(() => t.close());

  const participants = async (who: Who, payload: Record<string, unknown>) =>
    (await ok<{ participants: delphi.ParticipantRecord[]; total: number }>(as(who, delphi.listParticipants, payload))).participants.map((p) => `${p.participantId}:${p.run}`).sort();

  it('lists one study’s live participants, and its test runs marked when asked for', async () => {
    expect(await participants('reviewer', { study: alpha.id })).toEqual(['a-1:live']);
    expect(await participants('reviewer', { study: 'alpha', runs: 'all' })).toEqual(['a-1:live', 'pilot-1:pilot', 'pv-1:preview']);
    expect(await participants('reviewer', { study: alpha.id, runs: 'test' })).toEqual(['pilot-1:pilot', 'pv-1:preview']);
    // Without a study: the default study, as before studies (manageApp).
    expect(await participants('admin', {})).toEqual(['d-1:live']);
    expect(await participants('admin', { study: beta.id })).toEqual(['b-1:live']);
    expect((await as('reviewer', delphi.listParticipants, { study: alpha.id, runs: 'some' })).json().Error.message).toBe('runs: runs must be one of live, test, all');
  });

  it('checks the level on the server: a non-member 404, review reads but cannot exclude or release, manage can', async () => {
    for (const study of [beta.id, 'default', 'no-such-study']) {
      expect((await as('reviewer', delphi.listParticipants, { study })).json()).toEqual(errorBody(delphi.STUDY_ERRORS.studyNotFound));
    }
    const reads: [ApiDescriptor, Record<string, unknown>][] = [
      [delphi.listParticipants, { study: alpha.id }], [delphi.listFiles, { study: alpha.id }], [delphi.listExclusions, { study: alpha.id }],
      [delphi.getFunnel, { study: alpha.id }], [delphi.getTimeline, { suite: suites['a-1'] }], [delphiPlots.plotResponseTimes, { study: alpha.id, gameName: 'FlashMatch' }],
      [recordings.listRecordings, { study: alpha.id }], [wordLinks.listPlays, { study: alpha.id }],
    ];
    for (const [descriptor, payload] of reads) {
      expect((await as('stranger', descriptor, payload)).json(), descriptor.name).toEqual(errorBody(delphi.STUDY_ERRORS.studyNotFound));
      expect((await as('reviewer', descriptor, payload)).statusCode, descriptor.name).toBe(200);
    }
    const exclusion = { suite: suites['a-1'], reason: 'Answered at random.' };
    expect((await as('stranger', delphi.excludeParticipant, exclusion)).json()).toEqual(errorBody(delphi.STUDY_ERRORS.studyNotFound));
    expect((await as('reviewer', delphi.excludeParticipant, exclusion)).json()).toEqual(errorBody(ERRORS.forbidden));
    expect((await as('reviewer', delphi.releaseSuite, { suite: suites['a-1'] })).json()).toEqual(errorBody(ERRORS.forbidden));
    // A manager of alpha is a stranger to the default study's suites.
    expect((await as('manager', delphi.excludeParticipant, { suite: suites['d-1'], reason: 'x' })).json()).toEqual(errorBody(delphi.STUDY_ERRORS.studyNotFound));
    const excluded = await as('manager', delphi.excludeParticipant, exclusion);
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect((await as('manager', delphi.releaseSuite, { suite: suites['a-1'] })).statusCode).toBe(200);

    const log = await ok<{ entries: delphi.ExclusionEntry[] }>(as('reviewer', delphi.listExclusions, { study: alpha.id }));
    expect(log.entries.map((e) => e.participantId)).toEqual(['a-1']);
    expect((await ok<{ entries: delphi.ExclusionEntry[] }>(as('admin', delphi.listExclusions, {}))).entries).toEqual([]);
    const listed = (await ok<{ participants: delphi.ParticipantRecord[] }>(as('reviewer', delphi.listParticipants, { study: alpha.id }))).participants;
    expect(listed[0]).toMatchObject({ participantId: 'a-1', excluded: true, studyVersion: 1 });
    await ok(as('manager', delphi.undoExclusion, exclusion));
  });

  async function exported(who: Who, payload: Record<string, unknown>) {
    const { file } = await ok<{ file: delphi.ExportFile }>(as(who, delphi.generateFile, payload));
    await t.app.delphiExports?.idle();
    const study = typeof payload.study === 'string' ? payload.study : 'default';
    const files = (await ok<{ files: delphi.ExportFile[] }>(as(who, delphi.listFiles, { study }))).files;
    expect(files.find((f) => f._id === file._id)).toMatchObject({ status: 'done', runs: payload.runs ?? 'live' });
    return files.find((f) => f._id === file._id) as delphi.ExportFile;
  }
  const download = (file: delphi.ExportFile, who: Who) =>
    t.app.inject({ method: 'GET', url: file.downloadUrl ?? '', headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${session[who]}` } });
  const csvObjects = (text: string) => {
    const [header, ...rows] = parseCsv(text);
    return rows.map((row) => Object.fromEntries((header ?? []).map((column, i) => [column, row[i]])));
  };

  it('exports one study’s live rows with its slug and version; test runs only when asked for, marked', async () => {
    const live = await exported('reviewer', { format: 'csv', study: alpha.id });
    const rows = csvObjects((await download(live, 'reviewer')).body);
    expect(rows.map((r) => [r.participantId, r.study, r.studyVersion, r.run])).toEqual([['a-1', 'alpha', '1', 'live'], ['a-1', 'alpha', '1', 'live']]);

    const all = await exported('reviewer', { format: 'json', study: alpha.id, runs: 'all' });
    const objects = (await download(all, 'reviewer')).json() as Record<string, unknown>[];
    expect(objects.map((o) => `${String(o.participantId)}:${String(o.run)}:${String(o.study)}:${String(o.studyVersion)}`).sort()).toEqual([
      'a-1:live:alpha:1', 'a-1:live:alpha:1', 'pilot-1:pilot:alpha:1', 'pv-1:preview:alpha:1',
    ]);

    // The default study's export (manageApp, no study named) never holds another study's rows.
    const defaults = csvObjects((await download(await exported('admin', { format: 'csv' }), 'admin')).body);
    expect(defaults.map((r) => [r.participantId, r.study, r.run])).toEqual([['d-1', 'default', 'live']]);
    const betas = csvObjects((await download(await exported('admin', { format: 'csv', study: 'beta' }), 'admin')).body);
    expect(betas.map((r) => r.participantId)).toEqual(['b-1', 'b-1', 'b-1']);

    // The file is alpha's: a stranger does not learn it exists; alpha's files are not listed under beta.
    expect((await download(live, 'stranger')).json()).toEqual(errorBody(delphi.STUDY_ERRORS.studyNotFound));
    expect((await ok<{ files: delphi.ExportFile[] }>(as('admin', delphi.listFiles, { study: beta.id }))).files.some((f) => f._id === live._id)).toBe(false);
    expect((await as('stranger', delphi.generateFile, { format: 'csv', study: alpha.id })).json()).toEqual(errorBody(delphi.STUDY_ERRORS.studyNotFound));
  });

  it('bundles one study in Psych-DS with its study and version variables', async () => {
    const file = await exported('reviewer', { format: 'psychds', study: alpha.id });
    const entries = unzipSync(new Uint8Array((await download(file, 'reviewer')).rawPayload));
    const description = JSON.parse(strFromU8(entries['dataset_description.json'] ?? new Uint8Array())) as { name: string; variableMeasured: { name: string }[] };
    expect(description.name).toContain('alpha');
    expect(description.variableMeasured.map((v) => v.name)).toEqual(expect.arrayContaining(['study', 'studyVersion', 'run']));
    expect(strFromU8(entries['documentation/codebook.html'] ?? new Uint8Array())).toContain('studyVersion');
    expect(Object.keys(entries).filter((name) => name.startsWith('data/task-'))).toEqual(['data/task-flashmatch_data.csv']);
    expect(csvObjects(strFromU8(entries['data/task-flashmatch_data.csv'] ?? new Uint8Array())).map((r) => `${r.participantId}:${r.study}:${r.studyVersion}`)).toEqual(['a-1:alpha:1', 'a-1:alpha:1']);
    // A study that never asked for a consent has no consent documents.
    expect(Object.keys(entries).filter((name) => name.includes('consent'))).toEqual([]);
  });

  it('bundles each version of the consent text, in each language, and who agreed to which, in which language (ADR 079)', async () => {
    const created = await call(
      t,
      delphi.createStudy,
      { slug: 'gamma', name: 'gamma', games: [{ game: 'FlashMatch' }], consentMarkdown: 'I agree.', consentTranslations: { dk: 'Jeg er enig.' } },
      { session: session.owner },
    );
    expect(created.statusCode, created.body).toBe(200);
    const gamma = created.json().study as delphi.Study;
    for (const status of ['piloting', 'open']) await call(t, delphi.setStudyStatus, { status }, { session: session.owner, id: gamma.id });
    const agree = async (participantId: string, consentVersion: number, language: string) => {
      const entered = await ok<{ suite: delphi.Suite }>(delphiCall(t, delphi.enterStudy, { study: 'gamma', params: { participantId } }));
      await ok(delphiCall(t, delphi.acceptStudyConsent, { participant: participantId, suite: entered.suite._id, consentVersion, language }));
      return entered.suite._id;
    };
    const first = await agree('c-1', 1, 'dk');
    const changed = await call(t, delphi.updateStudy, { update: { consentTranslations: { dk: 'Jeg er helt enig.' } } }, { session: session.owner, id: gamma.id });
    expect(changed.json().study.consentVersion).toBe(2);
    const second = await agree('c-2', 2, 'en');

    const file = await exported('owner', { format: 'psychds', study: gamma.id });
    const entries = unzipSync(new Uint8Array((await download(file, 'owner')).rawPayload));
    const text = (name: string) => strFromU8(entries[name] ?? new Uint8Array());
    expect(Object.keys(entries).filter((name) => name.startsWith('documentation/consent')).sort()).toEqual([
      'documentation/consent/version-1.dk.md', 'documentation/consent/version-1.md', 'documentation/consent/version-2.dk.md', 'documentation/consent/version-2.md', 'documentation/consents.csv',
    ]);
    expect([text('documentation/consent/version-1.dk.md'), text('documentation/consent/version-2.dk.md'), text('documentation/consent/version-2.md')]).toEqual(['Jeg er enig.', 'Jeg er helt enig.', 'I agree.']);
    expect(csvObjects(text('documentation/consents.csv')).map((r) => [r.participantId, r.suiteId, r.consentVersion, r.language])).toEqual([
      ['c-1', first, '1', 'dk'],
      ['c-2', second, '2', 'en'],
    ]);
    expect(text('README.md')).toContain('the 2 agreements to it');
    expect(text('SHA256SUMS')).toContain('documentation/consents.csv');
  });

  it('draws plots and the funnel from one study’s runs (both ways of counting the group)', async () => {
    const rt = async (who: Who, payload: Record<string, unknown>) => {
      const body = await ok<{ participants: number; bins: delphiPlots.RtBin[] }>(as(who, delphiPlots.plotResponseTimes, { gameName: 'FlashMatch', ...payload }));
      return { participants: body.participants, responses: body.bins.reduce((sum, bin) => sum + bin.group, 0) };
    };
    // alpha live is the smaller side (counted from its responses); alpha with its test runs the larger (kept cells less the rest).
    expect(await rt('reviewer', { study: alpha.id })).toEqual({ participants: 1, responses: 2 });
    expect(await rt('reviewer', { study: alpha.id, runs: 'all' })).toEqual({ participants: 3, responses: 4 });
    expect(await rt('reviewer', { study: alpha.id, runs: 'test' })).toEqual({ participants: 2, responses: 2 });
    expect(await rt('admin', {})).toEqual({ participants: 1, responses: 1 });
    expect(await rt('admin', { study: beta.id })).toEqual({ participants: 1, responses: 3 });
    // The picked participant is looked for in the study only.
    const picked = await ok<{ participantFound: boolean }>(as('reviewer', delphiPlots.plotAccuracy, { study: alpha.id, gameName: 'FlashMatch', participant: 'b-1' }));
    expect(picked.participantFound).toBe(false);

    const funnel = async (payload: Record<string, unknown>) => {
      const body = await ok<{ participants: number; games: delphi.FunnelGame[] }>(as('admin', delphi.getFunnel, payload));
      return [body.participants, body.games.find((g) => g.gameName === 'FlashMatch')?.started];
    };
    expect(await funnel({ study: alpha.id })).toEqual([1, 1]);
    expect(await funnel({ study: alpha.id, runs: 'all' })).toEqual([3, 3]);
    expect(await funnel({})).toEqual([1, 1]);
  });
});
