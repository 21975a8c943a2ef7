/**
 * The figures the quality rules need for a page of suites: counts per game (anticipations,
 * ADR 013, apart from responses), the mean of the rounds' frame intervals and the longest run
 * of one identical response, read from the rows the database keeps per game (figure-rows.ts,
 * migration 0024: one row per game, not a sort of the page's responses; issue 17 part 7), and
 * the attention and display figures from the session events.
 */
import { delphi } from '@chi/contract';
import type { Db } from '../delphi-db';
import { attentionFigures, displayAt, sessionDisplays } from '../events/event-figures';
import type { GameFigures } from './quality-rules';

/** Figures per game id, for the games of the given suites. */
export async function gameFigures(db: Db, suiteIds: readonly string[]): Promise<Map<string, GameFigures & { suiteId: string }>> {
  const figures = new Map<string, GameFigures & { suiteId: string }>();
  if (suiteIds.length === 0) return figures;
  const [attention, displays] = await Promise.all([attentionFigures(db, suiteIds), sessionDisplays(db, suiteIds)]);
  const [games, kept] = await Promise.all([
    db.selectFrom('delphi_games').select(['id', 'suite_id', 'game_name', 'status', 'start_timestamp']).where('suite_id', 'in', suiteIds).execute(),
    db.selectFrom('delphi_game_figures').selectAll().where('suite_id', 'in', suiteIds).execute(),
  ]);
  const keptOf = new Map(kept.map((row) => [row.game_id, row]));
  for (const game of games) {
    if (!delphi.isGameName(game.game_name)) continue;
    const row = keptOf.get(game.id);
    figures.set(game.id, {
      suiteId: game.suite_id,
      gameName: game.game_name,
      status: game.status,
      responses: Number(row?.responses ?? 0),
      anticipations: Number(row?.anticipations ?? 0),
      frameIntervalMs: row && Number(row.frame_n) > 0 ? Number(row.frame_sum) / Number(row.frame_n) : null,
      timed: Number(row?.timed ?? 0),
      tooFast: Number(row?.fast ?? 0),
      scored: Number(row?.scored ?? 0),
      correct: Number(row?.correct ?? 0),
      longestRun: Number(row?.longest_run ?? 0),
      runResponse: row?.longest_response ?? null,
      lastActivity: Math.max(Number(game.start_timestamp), Number(row?.last_responded ?? 0)),
      attention: attention.get(game.id) ?? null,
      session: displayAt(displays.get(game.suite_id), Number(game.start_timestamp)),
    });
  }
  return figures;
}
