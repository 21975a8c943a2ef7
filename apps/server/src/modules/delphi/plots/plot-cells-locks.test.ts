/**
 * The /Data triggers (migration 0024) used to lock a game's plot-cell rows in different orders:
 * an INSERT adds to the RT cell and then the accuracy cell, while a late prompt's UPDATE takes
 * its response out of the accuracy cell (before) and then adds it to the RT cell (after). Two
 * such writers of one game met in a deadlock (PostgreSQL aborted one; the delphi routes retried
 * it). Migration 0036 makes every trigger take one transaction-scoped advisory lock per game
 * name and shard before it touches a cell (ADR 067), so writers of one game's cells queue
 * instead. This test builds the interleaving that deadlocked, step by step, with a third
 * transaction holding the RT cell so both writers are inside their statements at once.
 * It also sends one participant's burst of late records in parallel through the real routes,
 * on both dialects, and checks the cells against a recount.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { TEST_DIALECTS, createTestApp, testDatabaseUrl } from '../../../test/test-app';
import type { TestApp } from '../../../test/test-app';
import { cid, delphiCall, ok, startPlaying } from '../delphi-kit';
import { cellTriggerFunctions, cellsFromResponses, keptCells } from './plot-cells';

async function cellsMatchRecount(t: TestApp): Promise<void> {
  for (const kind of ['rt', 'accuracy'] as const) {
    const kept = (await keptCells(t.database.db, kind, 'FlashMatch')).map((r) => [r.k1, r.k2, r.k3, Number(r.n)]);
    const counted = (await cellsFromResponses(t.database.db, t.database.dialect, kind, 'FlashMatch', sql`1 = 1`)).map((r) => [r.k1, r.k2, r.k3, Number(r.n)]);
    const order = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
    expect(order(kept.filter((r) => r[3] !== 0))).toEqual(order(counted));
  }
}

describe.each(TEST_DIALECTS)('plot cells under concurrent writers (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(dialect); });
  afterAll(() => t.close());

  it('stores a burst of late responses and their prompts sent all at once, each once, and the cells equal a recount', async () => {
    const p = await startPlaying(t, 'LOCKS-burst');
    const pairs = Array.from({ length: 24 }, (_, i) => ({ prompt: cid(), response: cid(), at: 1_700_000_000_000 + i * 2_000 }));
    // Responses first (no prompt stored yet: stored waiting, no reaction time), then every prompt and new
    // responses with their own reaction time, all in parallel: inserts and late links of one game at once.
    await Promise.all(pairs.slice(0, 12).map((x) => ok(delphiCall(t, delphi.logResponse, {
      ...p.who, game: p.game, round: p.round, prompt: x.prompt, _clientId: x.response, response: 'ArrowRight', isCorrect: true, _respondedAt: x.at + 400,
    }))));
    await Promise.all([
      ...pairs.slice(0, 12).map((x) => ok(delphiCall(t, delphi.logPrompt, { ...p.who, game: p.game, round: p.round, _clientId: x.prompt, prompt: '1', _promptedAt: x.at }))),
      ...pairs.slice(12).map((x) => ok(delphiCall(t, delphi.logResponse, {
        ...p.who, game: p.game, round: p.round, _clientId: x.response, response: 'ArrowRight', isCorrect: true, rtMs: 400, _respondedAt: x.at + 400,
      }))),
    ]);
    const rows = await t.database.db.selectFrom('delphi_responses').select(['client_id', 'rt_ms']).where('suite_id', '=', p.suite).execute();
    expect(rows.map((r) => r.client_id).sort()).toEqual(pairs.map((x) => x.response).sort());
    expect(rows.every((r) => r.rt_ms === 400)).toBe(true);
    await cellsMatchRecount(t);
  });
});

describe.each(TEST_DIALECTS.filter((d) => d === 'postgres'))('plot cells: the interleaving that deadlocked (%s)', (dialect) => {
  let t: TestApp;
  const clients: pg.Client[] = [];
  beforeAll(async () => { t = await createTestApp(dialect); });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await t.close();
  });

  async function open(): Promise<{ client: pg.Client; pid: number }> {
    const client = new pg.Client({ connectionString: await testDatabaseUrl(), options: `-c search_path=${t.config.databaseSchema ?? 'public'}` });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return { client, pid: rows[0]?.pid ?? 0 };
  }

  async function waitsOnALock(observer: pg.Client, pid: number): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await observer.query<{ w: string | null }>('select wait_event_type as w from pg_stat_activity where pid = $1', [pid]);
      if (rows[0]?.w === 'Lock') return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`backend ${pid} never waited on a lock`);
  }

  /** Runs the interleaving once in a fresh participant's game; answers how each writer ended. */
  async function interleave(participant: string): Promise<string[]> {
    const p = await startPlaying(t, participant);
    // An answered response: its RT and accuracy cells exist. A late one: stored waiting for its prompt, no RT yet.
    await ok(delphiCall(t, delphi.logResponse, { ...p.who, game: p.game, round: p.round, _clientId: cid(), response: 'ArrowRight', isCorrect: true, rtMs: 400, _respondedAt: 1_700_000_000_400 }));
    const late = cid();
    await ok(delphiCall(t, delphi.logResponse, { ...p.who, game: p.game, round: p.round, prompt: cid(), _clientId: late, response: 'ArrowRight', isCorrect: true, _respondedAt: 1_700_000_001_400 }));

    const holder = await open();
    const inserter = await open();
    const linker = await open();
    const observer = await open();
    // The holder keeps the game's RT cells, so the writers stop inside their triggers.
    await holder.client.query('begin');
    await holder.client.query(`select n from delphi_plot_cells where game_name = 'FlashMatch' and plot = 'rt' for update`);
    // An insert: RT cell, then accuracy cell (then the game's figures).
    const inserted = inserter.client.query(
      `insert into delphi_responses (id, suite_id, participant_id, game_id, game_name, round, client_id, response, is_correct, responded_at, rt_ms, attributes, received_at)
       values ($1, $2, $3, $4, 'FlashMatch', 'SZ_1', $5, 'ArrowRight', 1, 1700000002400, 400, '{}', $6)`,
      [`lock-${cid()}`, p.suite, p.participant, p.game, cid(), new Date().toISOString()],
    ).then(() => 'committed', (error: { code?: string }) => error.code ?? 'failed');
    await waitsOnALock(observer.client, inserter.pid);
    // A late prompt's link: takes the response out of its accuracy cell (before), then adds it to the RT cell (after).
    const linked = linker.client.query(`update delphi_responses set rt_ms = 400, prompted_at = 1700000001000 where client_id = $1`, [late])
      .then(() => 'committed', (error: { code?: string }) => error.code ?? 'failed');
    await waitsOnALock(observer.client, linker.pid);
    await holder.client.query('commit');
    return Promise.all([inserted, linked]);
  }

  it('deadlocked with migration 0024\'s trigger functions (0036 rolled back): the test can see it', async () => {
    for (const statement of cellTriggerFunctions(false, false)) await statement.execute(t.database.db);
    try {
      expect((await interleave('LOCKS-old')).sort()).toEqual(['40P01', 'committed']);
    } finally {
      for (const statement of cellTriggerFunctions(true)) await statement.execute(t.database.db);
    }
  }, 20_000);

  it('lets an insert and a late link of one game both commit where they used to deadlock', async () => {
    expect(await interleave('LOCKS-pair')).toEqual(['committed', 'committed']);
    await cellsMatchRecount(t);
  }, 20_000);
});
