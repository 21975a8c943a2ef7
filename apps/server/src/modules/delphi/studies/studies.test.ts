/**
 * Studies (issue 26, ADR 071) through their HTTP routes: who may create, read, list, change,
 * open and close a study and keep its team; versions; validation with clear messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, delphi, errorBody } from '@chi/contract';
import type { ApiDescriptor } from '@chi/contract';
import { call, createUser, logIn } from '../../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { delphiCall, initSuite } from '../delphi-kit';
import { updateStudy } from './studies.service';

const NOT_FOUND = errorBody(delphi.STUDY_ERRORS.studyNotFound);
const FORBIDDEN = errorBody(ERRORS.forbidden);

describe.each(TEST_DIALECTS)('studies (%s)', (dialect) => {
  let t: TestApp;
  const session: Record<string, string> = {};
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const people = ['owner', 'reviewer', 'developer', 'manager', 'stranger', 'admin', 'devop'] as const;
    for (const who of people) {
      id[who] = await createUser(t, { email: `${who}@example.org`, password: `${who} password`, firstName: who, lastName: 'Test', appAdmin: who === 'admin', devOp: who === 'devop' });
      session[who] = (await logIn(t, `${who}@example.org`, `${who} password`)).session;
    }
  });
  afterAll(() => t.close());

  const as = (who: string | undefined, descriptor: ApiDescriptor, payload: unknown = {}, studyId?: string) =>
    call(t, descriptor, payload, { ...(who ? { session: session[who] ?? '' } : {}), ...(studyId !== undefined ? { id: studyId } : {}) });

  async function newStudy(slug: string, extra: Record<string, unknown> = {}): Promise<delphi.Study> {
    const r = await as('owner', delphi.createStudy, { slug, name: `Study ${slug}`, ...extra });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { study: delphi.Study }).study;
  }

  async function withTeam(slug: string): Promise<delphi.Study> {
    const study = await newStudy(slug);
    for (const [who, level] of [['reviewer', 'review'], ['developer', 'develop'], ['manager', 'manage']] as const) {
      const r = await as('owner', delphi.addStudyMember, { accountId: id[who], level }, study.id);
      expect(r.statusCode, r.body).toBe(200);
    }
    return study;
  }

  it('creates a draft study with the given games and settings; its creator owns it', async () => {
    const study = await newStudy('prolific-1', {
      games: [{ game: 'MimeMix' }, { game: 'WordLinks', settings: { optional: false } }, { game: 'QuizTime' }],
      order: 'latin-square',
      completionRedirect: 'https://app.prolific.com/submissions/complete?cc={code}',
      completionCode: 'C1ABC',
      participantParam: 'PROLIFIC_PID',
      keptParams: ['STUDY_ID', 'SESSION_ID'],
      targetSample: 30,
      consentMarkdown: '# Consent\nYou agree.',
      devices: { phoneAllowed: false, keyboardNeeded: true },
    });
    expect(study).toMatchObject({
      slug: 'prolific-1',
      status: 'draft',
      version: 1,
      order: 'latin-square',
      games: [
        { game: 'MimeMix', settings: {} },
        { game: 'WordLinks', settings: { optional: false } },
        { game: 'QuizTime', settings: {} },
      ],
      participantParam: 'PROLIFIC_PID',
      keptParams: ['STUDY_ID', 'SESSION_ID'],
      targetSample: 30,
      consentVersion: 1,
      devices: { phoneAllowed: false, keyboardNeeded: true, microphoneNeeded: false },
      access: 'own',
    });
    const members = (await as('owner', delphi.listStudyMembers, {}, study.id)).json() as { members: delphi.StudyMember[] };
    expect(members.members).toEqual([expect.objectContaining({ accountId: id.owner, level: 'own', name: 'owner Test', email: 'owner@example.org' })]);
    // Stored: the version row holds the games with every default written out.
    const version = await t.database.db.selectFrom('delphi_study_versions').selectAll().where('study_id', '=', study.id).execute();
    expect(version).toEqual([expect.objectContaining({ version: 1, game_order: 'latin-square' })]);
    // Read by slug too.
    const bySlug = await as('owner', delphi.getStudy, {}, 'prolific-1');
    expect(bySlug.json().study.id).toBe(study.id);
  });

  it('answers 400 naming the game and the setting, the field, or the redirect’s problem', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ games: [{ game: 'WordLinks', settings: { optional: 'yes' } }] }, "WordLinks setting 'optional'"],
      [{ games: [{ game: 'QuizTime', settings: { speed: 2 } }] }, "QuizTime has no setting 'speed'"],
      [{ games: [{ game: 'QuizTime' }, { game: 'QuizTime' }] }, 'QuizTime is in the study twice'],
      [{ completionRedirect: 'http://app.prolific.com/?cc={code}', completionCode: 'X' }, 'must be an https:// URL'],
      [{ completionRedirect: 'https://app.prolific.com/?cc={pid}' }, 'unknown placeholder {pid}'],
      [{ completionRedirect: 'https://app.prolific.com/?cc={code}' }, '{code} needs a completionCode'],
      [{ declineRedirect: 'http://app.prolific.com/?cc=NOCONSENT' }, 'declineRedirect: must be an https:// URL'],
      [{ declineRedirect: 'https://app.prolific.com/?cc={code}', completionCode: 'X' }, 'declineRedirect: unknown placeholder {code}'],
      [{ languages: ['dk'], defaultLanguage: 'en' }, 'defaultLanguage: must be one of the languages offered'],
      [{ targetSample: 0 }, 'targetSample'],
      [{ participantParam: 'email' }, 'participantParam: one of'],
    ];
    for (const [extra, message] of cases) {
      const r = await as('owner', delphi.createStudy, { slug: 'bad', name: 'Bad', ...extra });
      expect(r.statusCode, JSON.stringify(extra)).toBe(400);
      expect(r.json().Error.message).toContain(message);
    }
    const slug = await as('owner', delphi.createStudy, { slug: 'Not A Slug', name: 'x' });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().Error.message).toContain('slug: 1–60 lower-case letters');
    expect(await t.database.db.selectFrom('delphi_studies').select('id').where('slug', '=', 'bad').execute()).toEqual([]);
  });

  it('refuses a slug that is taken (the default study’s too) with 409', async () => {
    await newStudy('taken');
    for (const slug of ['taken', 'default']) {
      const r = await as('stranger', delphi.createStudy, { slug, name: 'Again' });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual(errorBody(delphi.STUDY_ERRORS.slugTaken));
    }
  });

  it('lets only logged-in accounts create studies', async () => {
    expect((await as(undefined, delphi.createStudy, { slug: 'anon', name: 'A' })).statusCode).toBe(401);
    expect((await as(undefined, delphi.listStudies)).statusCode).toBe(401);
  });

  it('shows a study to its members only (404 to everyone else), and to manageApp and devOp', async () => {
    const study = await withTeam('team-read');
    for (const who of ['owner', 'reviewer', 'developer', 'manager', 'admin', 'devop']) {
      const r = await as(who, delphi.getStudy, {}, study.id);
      expect(r.statusCode, who).toBe(200);
    }
    expect((await as('reviewer', delphi.getStudy, {}, study.id)).json().study.access).toBe('review');
    expect((await as('admin', delphi.getStudy, {}, study.id)).json().study.access).toBe('manageApp');
    expect((await as('devop', delphi.getStudy, {}, study.id)).json().study.access).toBe('devOp');
    const hidden = await as('stranger', delphi.getStudy, {}, study.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(NOT_FOUND);
    expect((await as('stranger', delphi.listStudyMembers, {}, study.id)).statusCode).toBe(404);
    expect((await as('stranger', delphi.updateStudy, { update: { name: 'Mine' } }, study.id)).statusCode).toBe(404);
    expect((await as(undefined, delphi.getStudy, {}, study.id)).statusCode).toBe(401);
    // An unknown study is the same 404.
    expect((await as('admin', delphi.getStudy, {}, 'no-such-study')).json()).toEqual(NOT_FOUND);
  });

  it('lists the studies a caller is in, with counts; manageApp and devOp see every study, the default one too', async () => {
    const study = await withTeam('listed');
    const mine = (await as('reviewer', delphi.listStudies)).json() as { studies: delphi.StudySummary[] };
    expect(mine.studies.map((s) => s.slug)).toContain('listed');
    expect(mine.studies.map((s) => s.slug)).not.toContain('default');
    expect(mine.studies.every((s) => s.access === 'review')).toBe(true);
    const stranger = (await as('stranger', delphi.listStudies)).json() as { studies: delphi.StudySummary[] };
    expect(stranger.studies.map((s) => s.slug)).not.toContain('listed');
    // The default study's participants are counted: two started, none completed.
    await initSuite(t, 'LIST-1');
    await initSuite(t, 'LIST-2');
    const all = (await as('admin', delphi.listStudies)).json() as { studies: delphi.StudySummary[] };
    const slugs = all.studies.map((s) => s.slug);
    expect(slugs).toEqual(expect.arrayContaining(['listed', 'default']));
    const byDefault = all.studies.find((s) => s.slug === 'default');
    expect(byDefault).toMatchObject({ status: 'open', access: 'manageApp', completed: 0, targetSample: null });
    const suites = await t.database.db.selectFrom('delphi_suites').select('created_at').where('study_id', '=', 'default').execute();
    expect(byDefault?.started).toBe(suites.length);
    expect(byDefault?.lastActivity).toBe(suites.map((s) => s.created_at).sort().at(-1));
    const listed = all.studies.find((s) => s.id === study.id);
    expect(listed).toMatchObject({ started: 0, completed: 0, lastActivity: null, status: 'draft' });
    expect((await as('devop', delphi.listStudies)).json().studies.length).toBe(all.studies.length);
  });

  it('counts the participants excluded now: an undone exclusion and a game\u2019s exclusion are not counted', async () => {
    const before = ((await as('admin', delphi.listStudies)).json() as { studies: delphi.StudySummary[] }).studies.find((s) => s.slug === 'default');
    const [a, b, c] = [await initSuite(t, 'EXCL-A'), await initSuite(t, 'EXCL-B'), await initSuite(t, 'EXCL-C')];
    const exclude = async (descriptor: ApiDescriptor, suite: string, gameName?: string) => {
      const r = await delphiCall(t, descriptor, { suite, reason: 'test', ...(gameName ? { gameName } : {}) }, { session: session.admin ?? '' });
      expect(r.statusCode, r.body).toBe(200);
    };
    await exclude(delphi.excludeParticipant, a._id);
    await exclude(delphi.excludeParticipant, b._id);
    await exclude(delphi.undoExclusion, b._id);
    await exclude(delphi.excludeParticipant, c._id, 'QuizTime');
    const after = ((await as('admin', delphi.listStudies)).json() as { studies: delphi.StudySummary[] }).studies.find((s) => s.slug === 'default');
    expect(after?.started).toBe((before?.started ?? 0) + 3);
    expect(after?.excluded).toBe((before?.excluded ?? 0) + 1);
  });

  it('lists a study\u2019s versions newest first to its team (404 to others)', async () => {
    const study = await withTeam('version-list');
    await as('owner', delphi.setStudyStatus, { status: 'piloting' }, study.id);
    await as('owner', delphi.setStudyStatus, { status: 'open' }, study.id);
    await as('owner', delphi.updateStudy, { update: { order: 'random' } }, study.id);
    const r = await as('reviewer', delphi.listStudyVersions, {}, study.id);
    expect(r.statusCode, r.body).toBe(200);
    const { versions } = r.json() as { versions: delphi.StudyVersionInfo[] };
    expect(versions.map((v) => [v.version, v.order, v.games.length, v.started])).toEqual([
      [2, 'random', 6, 0],
      [1, 'fixed', 6, 0],
    ]);
    expect(versions[0]?.games[0]).toEqual({ game: study.games[0]?.game, settings: study.games[0]?.settings });
    expect((await as('stranger', delphi.listStudyVersions, {}, study.id)).json()).toEqual(NOT_FOUND);
  });

  it('lets develop and above change a study, review not (403)', async () => {
    const study = await withTeam('team-edit');
    const refused = await as('reviewer', delphi.updateStudy, { update: { name: 'Reviewer’s' } }, study.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(FORBIDDEN);
    for (const who of ['developer', 'manager', 'owner', 'admin']) {
      const r = await as(who, delphi.updateStudy, { update: { name: `By ${who}` } }, study.id);
      expect(r.statusCode, who).toBe(200);
      expect(r.json().study.name).toBe(`By ${who}`);
    }
    const stored = await t.database.db.selectFrom('delphi_studies').select('name').where('id', '=', study.id).executeTakeFirstOrThrow();
    expect(stored.name).toBe('By admin');
  });

  it('checks a change against the stored study and answers 400 with the reason', async () => {
    const study = await newStudy('cross-check', { completionCode: 'ABC' });
    const ok = await as('owner', delphi.updateStudy, { update: { completionRedirect: 'https://x.org/?cc={code}&s={SESSION_ID}', keptParams: ['SESSION_ID'] } }, study.id);
    expect(ok.statusCode, ok.body).toBe(200);
    // Taking the kept parameter away would leave an unknown placeholder in the redirect.
    const bad = await as('owner', delphi.updateStudy, { update: { keptParams: [] } }, study.id);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.message).toContain('unknown placeholder {SESSION_ID}');
    const settings = await as('owner', delphi.updateStudy, { update: { games: [{ game: 'ColorCatch', settings: { levels: 9 } }] } }, study.id);
    expect(settings.statusCode).toBe(400);
    expect(settings.json().Error.message).toContain("ColorCatch has no setting 'levels'");
    expect((await as('owner', delphi.updateStudy, { update: { status: 'open' } }, study.id)).statusCode).toBe(400);
  });

  it('changes a draft in place, counts consent text versions, and lets the slug change only while a draft', async () => {
    const study = await newStudy('in-place');
    const r = await as('owner', delphi.updateStudy, { update: { games: [{ game: 'FlashMatch' }, { game: 'ColorCatch' }], order: 'random', consentMarkdown: 'v1', slug: 'in-place-2' } }, study.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().study).toMatchObject({ version: 1, order: 'random', slug: 'in-place-2', consentVersion: 1, games: [{ game: 'FlashMatch' }, { game: 'ColorCatch' }] });
    const same = await as('owner', delphi.updateStudy, { update: { consentMarkdown: 'v1' } }, study.id);
    expect(same.json().study.consentVersion).toBe(1);
    const changed = await as('owner', delphi.updateStudy, { update: { consentMarkdown: 'v2' } }, study.id);
    expect(changed.json().study.consentVersion).toBe(2);
    expect(await t.database.db.selectFrom('delphi_study_versions').select('version').where('study_id', '=', study.id).execute()).toEqual([{ version: 1 }]);
    await as('owner', delphi.setStudyStatus, { status: 'piloting' }, study.id);
    const slug = await as('owner', delphi.updateStudy, { update: { slug: 'in-place-3' } }, study.id);
    expect(slug.statusCode).toBe(409);
    expect(slug.json()).toEqual(errorBody(delphi.STUDY_ERRORS.slugFixed));
  });

  it('refuses with 409 "changed meanwhile", not "slug taken", a change that lost the race for the next consent version', async () => {
    const study = await newStudy('race', { consentMarkdown: 'v1' });
    // Two tabs read the study as it was; the first to save takes consent version 2.
    const asRead = await t.database.db.selectFrom('delphi_studies').selectAll().where('id', '=', study.id).executeTakeFirstOrThrow();
    const first = await as('owner', delphi.updateStudy, { update: { consentMarkdown: 'v2 from one tab' } }, study.id);
    expect(first.json().study.consentVersion).toBe(2);
    const second = updateStudy(t.database.db, asRead, 'own', delphi.studyUpdateSchema.parse({ consentMarkdown: 'v2 from another tab' }), new Date());
    await expect(second).rejects.toMatchObject({ info: delphi.STUDY_ERRORS.changedMeanwhile });
    // Nothing of the losing change was kept: the text and its version are the first tab's.
    const now = await as('owner', delphi.getStudy, {}, study.id);
    expect(now.json().study).toMatchObject({ consentMarkdown: 'v2 from one tab', consentVersion: 2 });
    const kept = await t.database.db.selectFrom('delphi_study_consents').select(['version', 'markdown']).where('study_id', '=', study.id).orderBy('version').execute();
    expect(kept).toEqual([
      { version: 1, markdown: 'v1' },
      { version: 2, markdown: 'v2 from one tab' },
    ]);
  });

  it('keeps the consent and end page in other languages; a changed translation is a new consent version (ADR 079)', async () => {
    const study = await newStudy('translated', { consentMarkdown: 'I agree to take part.', consentTranslations: { dk: 'Jeg vil gerne deltage.', en: '  ' }, endPageTranslations: { dk: 'Tak!' } });
    // An empty translation is no translation: the study's own text is shown in that language.
    expect(study).toMatchObject({ consentVersion: 1, consentTranslations: { dk: 'Jeg vil gerne deltage.' }, endPageTranslations: { dk: 'Tak!' } });
    expect(study.consentTranslations).not.toHaveProperty('en');
    const same = await as('owner', delphi.updateStudy, { update: { consentTranslations: { dk: 'Jeg vil gerne deltage.' }, endPageTranslations: { dk: 'Tak for hjælpen!' } } }, study.id);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().study).toMatchObject({ consentVersion: 1, endPageTranslations: { dk: 'Tak for hjælpen!' } });
    const changed = await as('owner', delphi.updateStudy, { update: { consentTranslations: { dk: 'Jeg deltager gerne.' } } }, study.id);
    expect(changed.json().study).toMatchObject({ consentVersion: 2, consentTranslations: { dk: 'Jeg deltager gerne.' }, consentMarkdown: 'I agree to take part.' });
    const removed = await as('owner', delphi.updateStudy, { update: { consentTranslations: {} } }, study.id);
    expect(removed.json().study).toMatchObject({ consentVersion: 3, consentTranslations: {} });

    // A translation alone would never be shown: the study asks for a consent only when its own text has one.
    const alone = await as('owner', delphi.updateStudy, { update: { consentMarkdown: '', consentTranslations: { dk: 'Kun på dansk' } } }, study.id);
    expect(alone.statusCode).toBe(400);
    expect(alone.json().Error.message).toBe('consentTranslations: write the consent text first; a translation is shown in its place');
    const unknown = await as('owner', delphi.updateStudy, { update: { consentTranslations: { fr: 'Je suis d’accord' } } }, study.id);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Error.message).toContain('consentTranslations');
    const stored = await t.database.db.selectFrom('delphi_studies').select(['consent_translations', 'consent_version']).where('id', '=', study.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ consent_translations: '{}', consent_version: 3 });
  });

  it('makes a new version when an open study’s games, settings or order change, and not for other changes', async () => {
    const study = await newStudy('versioned', { games: [{ game: 'QuizTime' }, { game: 'WordLinks' }] });
    await as('owner', delphi.setStudyStatus, { status: 'piloting' }, study.id);
    await as('owner', delphi.setStudyStatus, { status: 'open' }, study.id);
    const renamed = await as('owner', delphi.updateStudy, { update: { name: 'Renamed', targetSample: 12 } }, study.id);
    expect(renamed.json().study.version).toBe(1);
    const settings = await as('owner', delphi.updateStudy, { update: { games: [{ game: 'QuizTime' }, { game: 'WordLinks', settings: { optional: false } }] } }, study.id);
    expect(settings.json().study.version).toBe(2);
    const same = await as('owner', delphi.updateStudy, { update: { games: [{ game: 'QuizTime', settings: {} }, { game: 'WordLinks', settings: { optional: false } }] } }, study.id);
    expect(same.json().study.version).toBe(2);
    const order = await as('owner', delphi.updateStudy, { update: { order: 'latin-square' } }, study.id);
    expect(order.json().study).toMatchObject({ version: 3, order: 'latin-square' });
    const versions = await t.database.db.selectFrom('delphi_study_versions').select(['version', 'games', 'game_order']).where('study_id', '=', study.id).orderBy('version').execute();
    expect(versions.map((v) => [v.version, v.game_order, JSON.parse(v.games)])).toEqual([
      [1, 'fixed', [{ game: 'QuizTime', settings: {} }, { game: 'WordLinks', settings: { optional: true } }]],
      [2, 'fixed', [{ game: 'QuizTime', settings: {} }, { game: 'WordLinks', settings: { optional: false } }]],
      [3, 'latin-square', [{ game: 'QuizTime', settings: {} }, { game: 'WordLinks', settings: { optional: false } }]],
    ]);
  });

  it('moves through draft → piloting → open → closed → open for manage and above; other changes are 409', async () => {
    const study = await withTeam('statuses');
    for (const who of ['reviewer', 'developer']) {
      const r = await as(who, delphi.setStudyStatus, { status: 'piloting' }, study.id);
      expect(r.statusCode, who).toBe(403);
    }
    const step = async (who: string, status: delphi.StudyStatus) => {
      const r = await as(who, delphi.setStudyStatus, { status }, study.id);
      expect(r.statusCode, `${who} → ${status}: ${r.body}`).toBe(200);
      expect(r.json().study.status).toBe(status);
    };
    const refuse = async (status: delphi.StudyStatus, from: string) => {
      const r = await as('owner', delphi.setStudyStatus, { status }, study.id);
      expect(r.statusCode).toBe(409);
      expect(r.json().Error.message).toContain(`A ${from} study cannot become ${status}`);
    };
    await refuse('open', 'draft');
    await refuse('closed', 'draft');
    await step('manager', 'piloting');
    await step('manager', 'draft');
    await step('owner', 'piloting');
    await refuse('closed', 'piloting');
    await step('manager', 'open');
    await refuse('draft', 'open');
    await refuse('piloting', 'open');
    await step('admin', 'closed');
    await refuse('piloting', 'closed');
    await step('manager', 'open');
    // The same status again changes nothing and is no error.
    await step('manager', 'open');
    const stored = await t.database.db.selectFrom('delphi_studies').select('status').where('id', '=', study.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('open');
    const bad = await as('owner', delphi.setStudyStatus, { status: 'paused' }, study.id);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.message).toContain('status: one of draft, piloting, open, closed');
  });

  it('lets owners keep the team: add, change level, remove; at least one owner stays', async () => {
    const study = await withTeam('team-keep');
    for (const who of ['reviewer', 'developer', 'manager']) {
      const r = await as(who, delphi.addStudyMember, { accountId: id.stranger, level: 'review' }, study.id);
      expect(r.statusCode, who).toBe(403);
      expect((await as(who, delphi.removeStudyMember, { accountId: id.reviewer }, study.id)).statusCode).toBe(403);
    }
    // Everyone in the team reads it.
    const list = (await as('reviewer', delphi.listStudyMembers, {}, study.id)).json() as { members: delphi.StudyMember[] };
    expect(Object.fromEntries(list.members.map((m) => [m.accountId, m.level]))).toEqual({ [id.owner ?? '']: 'own', [id.reviewer ?? '']: 'review', [id.developer ?? '']: 'develop', [id.manager ?? '']: 'manage' });

    const lastOwner = await as('owner', delphi.removeStudyMember, { accountId: id.owner }, study.id);
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json()).toEqual(errorBody(delphi.STUDY_ERRORS.lastOwner));
    expect((await as('owner', delphi.addStudyMember, { accountId: id.owner, level: 'manage' }, study.id)).statusCode).toBe(409);

    // A second owner; then the first may step down and leave.
    expect((await as('owner', delphi.addStudyMember, { accountId: id.manager, level: 'own' }, study.id)).statusCode).toBe(200);
    const down = await as('owner', delphi.addStudyMember, { accountId: id.owner, level: 'review' }, study.id);
    expect(down.statusCode).toBe(200);
    expect((await as('owner', delphi.addStudyMember, { accountId: id.stranger, level: 'review' }, study.id)).statusCode).toBe(403);
    const removed = await as('manager', delphi.removeStudyMember, { accountId: id.reviewer }, study.id);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as { members: delphi.StudyMember[] }).members.map((m) => m.accountId)).not.toContain(id.reviewer);
    expect((await as('reviewer', delphi.getStudy, {}, study.id)).statusCode).toBe(404);

    // manageApp keeps any team.
    expect((await as('admin', delphi.addStudyMember, { accountId: id.stranger, level: 'develop' }, study.id)).statusCode).toBe(200);
    expect((await as('stranger', delphi.getStudy, {}, study.id)).json().study.access).toBe('develop');

    const unknown = await as('manager', delphi.addStudyMember, { accountId: 'nobody', level: 'review' }, study.id);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(errorBody(delphi.STUDY_ERRORS.unknownAccount));
    const badLevel = await as('manager', delphi.addStudyMember, { accountId: id.reviewer, level: 'manageApp' }, study.id);
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().Error.message).toContain('level: one of review, develop, manage, own');
  });

  it('keeps the default study open with today’s six games for the app’s managers', async () => {
    const r = await as('admin', delphi.getStudy, {}, 'default');
    expect(r.json().study).toMatchObject({
      id: 'default',
      status: 'open',
      order: 'fixed',
      participantParam: 'participantId',
      games: delphi.GAME_NAMES.map((game) => ({ game, settings: game === 'WordLinks' ? { optional: true } : {} })),
    });
    expect((await as('owner', delphi.getStudy, {}, 'default')).statusCode).toBe(404);
  });
});
