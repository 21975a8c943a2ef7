/**
 * The figures the quality rules need, aggregated in SQL (both dialects) for a page of suites:
 * counts per game (anticipations, ADR 013, apart from responses), the mean of the rounds'
 * frame intervals, and the longest run of one identical response per game (gaps and islands:
 * the difference of two row numbers is constant along a run).
 */
import { delphi } from '@chi/contract';
import { sql } from 'kysely';
import type { Db } from '../delphi-db';
import { attentionFigures, displayAt, sessionDisplays } from '../events/event-figures';
import { TOO_FAST_MS } from './quality-rules';
import type { GameFigures } from './quality-rules';

interface CountRow {
  suite_id: string;
  game_id: string;
  n: number | string;
  anticipations: number | string | null;
  timed: number | string;
  fast: number | string | null;
  scored: number | string | null;
  correct: number | string | null;
  last_responded: number | string | null;
  frame_ms: number | string | null;
}

interface RunRow {
  game_id: string;
  response: string;
  run: number | string;
}

/** Figures per game id, for the games of the given suites. */
export async function gameFigures(db: Db, suiteIds: readonly string[]): Promise<Map<string, GameFigures & { suiteId: string }>> {
  const figures = new Map<string, GameFigures & { suiteId: string }>();
  if (suiteIds.length === 0) return figures;
  const ids = sql.join(suiteIds.map((id) => sql`${id}`));
  const [attention, displays] = await Promise.all([attentionFigures(db, suiteIds), sessionDisplays(db, suiteIds)]);
  const [games, counts, runs] = await Promise.all([
    db.selectFrom('delphi_games').select(['id', 'suite_id', 'game_name', 'status', 'start_timestamp']).where('suite_id', 'in', suiteIds).execute(),
    sql<CountRow>`
      select suite_id, game_id,
        sum(case when anticipation = 1 then 0 else 1 end) as n,
        sum(case when anticipation = 1 then 1 else 0 end) as anticipations,
        sum(case when rt_ms is not null and (anticipation is null or anticipation = 0) then 1 else 0 end) as timed,
        sum(case when rt_ms >= 0 and rt_ms < ${TOO_FAST_MS} and (anticipation is null or anticipation = 0) then 1 else 0 end) as fast,
        sum(case when is_correct is not null then 1 else 0 end) as scored,
        sum(case when is_correct = 1 then 1 else 0 end) as correct,
        max(responded_at) as last_responded,
        avg(frame_interval_ms) as frame_ms
      from delphi_responses where suite_id in (${ids})
      group by suite_id, game_id`.execute(db),
    sql<RunRow>`
      select game_id, response, count(*) as run from (
        select game_id, response,
          row_number() over (partition by game_id order by seq)
            - row_number() over (partition by game_id, response order by seq) as island
        from delphi_responses where suite_id in (${ids}) and response is not null and (anticipation is null or anticipation = 0)
      ) runs
      group by game_id, response, island`.execute(db),
  ]);
  const countOf = new Map(counts.rows.map((row) => [row.game_id, row]));
  const longest = new Map<string, { run: number; response: string }>();
  for (const row of runs.rows) {
    const run = Number(row.run);
    if (run > (longest.get(row.game_id)?.run ?? 0)) longest.set(row.game_id, { run, response: row.response });
  }
  for (const game of games) {
    if (!delphi.isGameName(game.game_name)) continue;
    const count = countOf.get(game.id);
    const run = longest.get(game.id);
    figures.set(game.id, {
      suiteId: game.suite_id,
      gameName: game.game_name,
      status: game.status,
      responses: Number(count?.n ?? 0),
      anticipations: Number(count?.anticipations ?? 0),
      frameIntervalMs: count?.frame_ms === null || count?.frame_ms === undefined ? null : Number(count.frame_ms),
      timed: Number(count?.timed ?? 0),
      tooFast: Number(count?.fast ?? 0),
      scored: Number(count?.scored ?? 0),
      correct: Number(count?.correct ?? 0),
      longestRun: run?.run ?? 0,
      runResponse: run?.response ?? null,
      lastActivity: Math.max(Number(game.start_timestamp), Number(count?.last_responded ?? 0)),
      attention: attention.get(game.id) ?? null,
      session: displayAt(displays.get(game.suite_id), Number(game.start_timestamp)),
    });
  }
  return figures;
}
