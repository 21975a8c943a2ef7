/**
 * The /Data page's Word Links view: each play with the scores its rounds' endRound records
 * carry (computed by the contract's formulas in the client, ADR 017) and the level averages
 * recomputed here from those round scores, so a play left mid-way still shows what it has.
 */
import type { Kysely } from 'kysely';
import { wordLinks } from '@chi/contract';
import type { DatabaseSchema } from '../../../db/schema';
import { suiteCondition } from '../studies/data-scope';
import type { DataScope } from '../studies/data-scope';

function parse(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A page of the scope's Word Links plays (ADR 074). */
export async function listWordLinksPlays(db: Kysely<DatabaseSchema>, scope: DataScope, offset: number, pageSize: number): Promise<{ plays: wordLinks.WordLinksPlay[]; total: number }> {
  const games = db
    .selectFrom('delphi_games')
    .innerJoin('delphi_suites', 'delphi_suites.id', 'delphi_games.suite_id')
    .where('delphi_games.game_name', '=', 'WordLinks')
    .where(suiteCondition(scope, 'delphi_suites'));
  const counted = await games.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await games
    .select(['delphi_games.id', 'delphi_games.started_at', 'delphi_games.status', 'delphi_games.attributes', 'delphi_games.end_attributes', 'delphi_suites.participant_id'])
    .orderBy('delphi_games.started_at', 'desc')
    .orderBy('delphi_games.id', 'asc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  const ids = rows.map((row) => row.id);
  const rounds =
    ids.length === 0
      ? []
      : await db
          .selectFrom('delphi_rounds')
          .select(['game_id', 'round', 'started_at', 'end_attributes'])
          .where('game_id', 'in', ids)
          .where('end_attributes', 'is not', null)
          .orderBy('started_at', 'asc')
          .orderBy('received_at', 'asc')
          .execute();
  const plays = rows.map((row): wordLinks.WordLinksPlay => {
    const skipped = parse(row.attributes).skipped === true;
    const mine = rounds
      .filter((r) => r.game_id === row.id)
      .map((r) => {
        const a = parse(r.end_attributes);
        const level = num(a.level) ?? 0;
        return {
          round: r.round,
          level,
          practice: a.practice === true,
          startWord: typeof a.startWord === 'string' ? a.startWord : '',
          words: Array.isArray(a.words) ? a.words.filter((w): w is string => typeof w === 'string') : [],
          score: level === 2 ? num(a.averageScore) : num(a.roundScore),
          datScore: num(a.datScore),
        };
      });
    const average = (level: number) => {
      const scores = mine.filter((r) => r.level === level && !r.practice && r.score !== null).map((r) => r.score ?? 0);
      return scores.length === 0 ? null : wordLinks.levelAverage(scores);
    };
    const level1Average = average(1);
    const level2Average = average(2);
    return {
      participantId: row.participant_id,
      startedAt: Number(row.started_at),
      status: skipped ? 'skipped' : row.status,
      level1Average,
      level2Average,
      globalScore: level1Average !== null && level2Average !== null ? wordLinks.globalScore([level1Average, level2Average]) : null,
      rounds: mine,
    };
  });
  return { plays, total: Number(counted?.n ?? 0) };
}
