/**
 * Issue 25 item 1 (ADR 047): a skipped optional game is its own status everywhere a researcher
 * reads one — the suite, /Data's table, the funnel, the timeline and the export's levels —
 * never "completed", and games stored before the fix are repaired by migration 0030.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { up as repairSkipped } from './migrations/0030-delphi-skipped-and-practice';
import { createUser, logIn } from '../../test/account-kit';
import { TEST_DIALECTS, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { cid, delphiCall, initSuite, ok } from './delphi-kit';

describe.each(TEST_DIALECTS)('a skipped optional game (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, { email: 'skip-admin@example.org', password: 'admin password', appAdmin: true });
    admin = (await logIn(t, 'skip-admin@example.org', 'admin password')).session;
  });
  afterAll(() => t.close());

  /** What the Word Links welcome does on Skip: a game started and ended at once, marked skipped. */
  async function skipWordLinks(participant: string): Promise<{ suite: string; game: string }> {
    const suite = (await initSuite(t, participant))._id;
    const who = { participant, suite };
    const at = Date.now();
    const game = (await ok<delphi.LogAck>(
      delphiCall(t, delphi.startGame, { ...who, gameName: 'WordLinks', _startedAt: at, timestamp: at, attributes: { skipped: true }, _clientId: cid() }),
    ))._id;
    await ok(delphiCall(t, delphi.endGame, { ...who, reason: 'completed', timestamp: at + 1, attributes: { skipped: true }, _clientId: cid() }, { id: game }));
    return { suite, game };
  }

  it('is stored skipped and read skipped by the suite, /Data, the funnel and the timeline', async () => {
    const { suite } = await skipWordLinks('K-skip');
    expect((await initSuite(t, 'K-skip')).games.find((g) => g.gameName === 'WordLinks')).toMatchObject({ ended: true, status: 'skipped', skipped: true });

    const { participants } = await ok<{ participants: delphi.ParticipantRecord[] }>(delphiCall(t, delphi.listParticipants, { filter: 'K-skip' }, { session: admin }));
    expect(participants[0]?.games.find((g) => g.gameName === 'WordLinks')).toMatchObject({ status: 'skipped', responses: 0 });

    const funnel = await ok<{ games: delphi.FunnelGame[] }>(delphiCall(t, delphi.getFunnel, {}, { session: admin }));
    expect(funnel.games.find((g) => g.gameName === 'WordLinks')).toMatchObject({ started: 1, finished: 0, skipped: 1, interrupted: 0, abandoned: 0, active: 0 });

    const timeline = await ok<{ entries: delphi.TimelineEntry[] }>(delphiCall(t, delphi.getTimeline, { suite }, { session: admin }));
    expect(timeline.entries.find((e) => e.kind === 'gameEnded')).toMatchObject({ gameName: 'WordLinks', detail: { status: 'skipped' } });
  });

  it('keeps a played optional game completed', async () => {
    const participant = 'K-played';
    const suite = (await initSuite(t, participant))._id;
    const who = { participant, suite };
    const at = Date.now();
    const game = (await ok<delphi.LogAck>(delphiCall(t, delphi.startGame, { ...who, gameName: 'WordLinks', _startedAt: at, timestamp: at, attributes: { levels: 2 }, _clientId: cid() })))._id;
    await ok(delphiCall(t, delphi.endGame, { ...who, reason: 'completed', timestamp: at + 1, _clientId: cid() }, { id: game }));
    expect((await initSuite(t, participant)).games.find((g) => g.gameName === 'WordLinks')).toMatchObject({ status: 'completed' });
  });

  it('lists skipped among the export column levels (CSV, JSON and the Psych-DS codebook read them)', () => {
    expect(delphi.EXPORT_COLUMN_INFO.gameStatus.levels).toEqual([...delphi.GAME_STATUSES]);
    expect(delphi.GAME_STATUSES).toContain('skipped');
  });

  it('repairs skips stored as completed before the fix (migration 0030), leaving other games alone', async () => {
    const { game } = await skipWordLinks('K-old');
    const played = await skipWordLinks('K-old-played');
    await t.database.db.updateTable('delphi_games').set({ status: 'completed' }).where('id', 'in', [game, played.game]).execute();
    await t.database.db.updateTable('delphi_games').set({ attributes: '{"levels":2,"note":"skipped nothing"}' }).where('id', '=', played.game).execute();
    await repairSkipped(t.database.db as never);
    const rows = await t.database.db.selectFrom('delphi_games').select(['id', 'status']).where('id', 'in', [game, played.game]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [game]: 'skipped', [played.game]: 'completed' });
  });
});
