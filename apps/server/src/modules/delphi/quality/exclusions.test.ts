/** Exclusions and quality flags through the real routes, on both dialects (ADR 025). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, delphi, errorBody } from '@chi/contract';
import { createUser, logIn } from '../../../test/account-kit';
import { parseCsv } from '../../../test/csv';
import { TEST_DIALECTS, createTestApp } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { answer, delphiCall, ok, startPlaying } from '../delphi-kit';
import type { Playing } from '../delphi-kit';

describe.each(TEST_DIALECTS)('exclusions and quality flags (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let careful: Playing;
  let sloppy: Playing;
  let eager: Playing;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'admin@example.org', password: 'admin password', appAdmin: true, firstName: 'Ada', lastName: 'Lovelace' });
    await createUser(t, { email: 'plain@example.org', password: 'plain password' });
    admin = (await logIn(t, 'admin@example.org', 'admin password')).session;
    user = (await logIn(t, 'plain@example.org', 'plain password')).session;
    careful = await startPlaying(t, 'careful-1');
    sloppy = await startPlaying(t, 'sloppy-1');
    eager = await startPlaying(t, 'eager-1');
    const at = 1_700_000_000_000;
    for (let i = 0; i < 24; i++) {
      // Alternating answers, mostly right, none too fast.
      await answer(t, careful, { response: i % 2 ? 'ArrowLeft' : 'ArrowRight', isCorrect: i % 6 !== 0, rtMs: 450 + i }, at + i * 1000);
      // One key all along, half of them faster than a choice can be made, right half the time.
      await answer(t, sloppy, { response: 'ArrowRight', isCorrect: i % 2 === 0, rtMs: i % 2 ? 90 : 300 }, at + i * 1000);
      // Careful answers on a 30 Hz display, with a key before every fourth stimulus.
      await answer(t, eager, { response: i % 2 ? 'ArrowLeft' : 'ArrowRight', isCorrect: true, rtMs: 500, frameIntervalMs: 33.3 }, at + i * 1000);
      if (i % 4 === 0) {
        await answer(t, eager, { response: 'ArrowLeft', isCorrect: undefined, anticipation: true, rtMs: -40, frameIntervalMs: 33.3 }, at + i * 1000 + 1);
      }
    }
  });
  afterAll(() => t.close());

  const participants = async () =>
    (await ok<{ participants: delphi.ParticipantRecord[] }>(delphiCall(t, delphi.listParticipants, {}, { session: admin }))).participants;
  const find = async (id: string) => (await participants()).find((p) => p.participantId === id);

  it('keeps the calls for the study team and checks their input', async () => {
    for (const descriptor of [delphi.excludeParticipant, delphi.undoExclusion, delphi.listExclusions]) {
      const payload = { suite: careful.suite, reason: 'x' };
      expect((await delphiCall(t, descriptor, payload)).json()).toEqual(errorBody(ERRORS.unauthorized));
      expect((await delphiCall(t, descriptor, payload, { session: user })).json()).toEqual(errorBody(delphi.STUDY_ERRORS.studyNotFound));
    }
    const bad = async (payload: unknown) => (await delphiCall(t, delphi.excludeParticipant, payload, { session: admin })).json().Error;
    expect(await bad({ suite: careful.suite, reason: '   ' })).toMatchObject({ message: `reason: ${delphi.EXCLUSION_REASON_MESSAGE}` });
    expect(await bad({ suite: careful.suite, reason: 'x'.repeat(501) })).toMatchObject({ message: `reason: ${delphi.EXCLUSION_REASON_MESSAGE}` });
    expect(await bad({ suite: careful.suite, reason: 'ok', gameName: 'Chess' })).toMatchObject({ message: 'gameName: gameName must be one of the suite’s games' });
    expect(await bad({ suite: 'no-such-suite', reason: 'ok' })).toEqual(delphi.DELPHI_ERRORS.unknownSuite);
  });

  it('flags the sloppy player with the reasons and numbers, and not the careful one', async () => {
    expect((await find('careful-1'))?.flags).toEqual([]);
    // Anticipations are counted apart: neither too fast nor a run, and the 30 Hz display shows.
    const eagerFlags = (await find('eager-1'))?.flags ?? [];
    expect(eagerFlags.map((f) => f.kind).sort()).toEqual(['anticipations', 'refreshRate']);
    expect(eagerFlags.find((f) => f.kind === 'anticipations')?.values).toMatchObject({ count: 6, total: 30, share: 0.2 });
    expect(eagerFlags.find((f) => f.kind === 'refreshRate')?.values).toMatchObject({ hz: 30 });
    const flags = (await find('sloppy-1'))?.flags ?? [];
    expect(flags.map((f) => f.kind).sort()).toEqual(['atOrBelowChance', 'straightLining', 'tooFast']);
    expect(flags.find((f) => f.kind === 'tooFast')?.values).toMatchObject({ count: 12, total: 24, share: 0.5 });
    expect(flags.find((f) => f.kind === 'straightLining')?.values).toMatchObject({ run: 24, response: 'ArrowRight', options: 2 });
    expect(flags.find((f) => f.kind === 'atOrBelowChance')?.values).toMatchObject({ correct: 12, total: 24, accuracy: 0.5, chance: 0.5 });
  });

  it('excludes a participant and a game with a reason, undoes, and keeps every step in the log', async () => {
    const { entry } = await ok<{ entry: delphi.ExclusionEntry }>(
      delphiCall(t, delphi.excludeParticipant, { suite: sloppy.suite, reason: '  Straight-lining in Flash Match ' }, { session: admin }),
    );
    expect(entry).toMatchObject({ participantId: 'sloppy-1', gameName: null, action: 'exclude', reason: 'Straight-lining in Flash Match', by: 'Ada Lovelace' });
    expect((await delphiCall(t, delphi.excludeParticipant, { suite: sloppy.suite, reason: 'again' }, { session: admin })).json()).toEqual({
      Error: delphi.DELPHI_ERRORS.alreadyExcluded,
    });
    await ok(delphiCall(t, delphi.excludeParticipant, { suite: careful.suite, gameName: 'FlashMatch', reason: 'Tab switches' }, { session: admin }));
    expect(await find('sloppy-1')).toMatchObject({ excluded: true });
    expect((await find('careful-1'))?.games.find((g) => g.gameName === 'FlashMatch')).toMatchObject({ excluded: true });
    expect(await find('careful-1')).toMatchObject({ excluded: false });

    await ok(delphiCall(t, delphi.undoExclusion, { suite: sloppy.suite, reason: 'Checked: a broken keyboard, re-run' }, { session: admin }));
    expect((await delphiCall(t, delphi.undoExclusion, { suite: sloppy.suite, reason: 'twice' }, { session: admin })).json()).toEqual({
      Error: delphi.DELPHI_ERRORS.notExcluded,
    });
    expect(await find('sloppy-1')).toMatchObject({ excluded: false });
    await ok(delphiCall(t, delphi.excludeParticipant, { suite: sloppy.suite, reason: 'Re-run also straight-lined' }, { session: admin }));

    const { entries } = await ok<{ entries: delphi.ExclusionEntry[] }>(delphiCall(t, delphi.listExclusions, {}, { session: admin }));
    expect(entries.map((e) => `${e.participantId}:${e.gameName ?? '*'}:${e.action}`)).toEqual([
      'sloppy-1:*:exclude', 'sloppy-1:*:undo', 'careful-1:FlashMatch:exclude', 'sloppy-1:*:exclude',
    ]);
    const mine = await ok<{ entries: delphi.ExclusionEntry[] }>(delphiCall(t, delphi.listExclusions, { suite: careful.suite }, { session: admin }));
    expect(mine.entries).toHaveLength(1);
  });

  it('marks excluded rows in the export', async () => {
    const { file } = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format: 'csv' }, { session: admin }));
    await t.app.delphiExports?.idle();
    const done = (await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }))).files.find((f) => f._id === file._id);
    const response = await t.app.inject({ method: 'GET', url: done?.downloadUrl ?? '', headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${admin}` } });
    const [header, ...rows] = parseCsv(response.body);
    const col = (name: delphi.ExportColumn) => header?.indexOf(name) ?? -1;
    const excludedBy = new Map<string, Set<string>>();
    for (const row of rows) {
      const key = row[col('participantId')] ?? '';
      excludedBy.set(key, (excludedBy.get(key) ?? new Set()).add(row[col('excluded')] ?? ''));
    }
    // sloppy-1 is excluded as a whole; careful-1's only game (Flash Match) is excluded.
    expect(excludedBy.get('sloppy-1')).toEqual(new Set(['true']));
    expect(excludedBy.get('careful-1')).toEqual(new Set(['true']));
    await ok(delphiCall(t, delphi.undoExclusion, { suite: careful.suite, gameName: 'FlashMatch', reason: 'Tab switch was between blocks' }, { session: admin }));
    const json = await ok<{ file: delphi.ExportFile }>(delphiCall(t, delphi.generateFile, { format: 'json' }, { session: admin }));
    await t.app.delphiExports?.idle();
    const jsonDone = (await ok<{ files: delphi.ExportFile[] }>(delphiCall(t, delphi.listFiles, {}, { session: admin }))).files.find((f) => f._id === json.file._id);
    const objects = (await t.app.inject({ method: 'GET', url: jsonDone?.downloadUrl ?? '', headers: { host: 'delphi.chi.localhost', cookie: `chi_session=${admin}` } })).json() as { participantId: string; excluded: boolean }[];
    expect(new Set(objects.filter((o) => o.participantId === 'careful-1').map((o) => o.excluded))).toEqual(new Set([false]));
  });
});
