/** Per-game scores for the Feedback screens, counted from the stored responses (never from the client). */
import { delphi } from '@chi/contract';
import type { Db } from './delphi-db';

export async function gameScores(db: Db, suiteId: string): Promise<delphi.GameScores[]> {
  const games = await db.selectFrom('delphi_games').select(['id', 'game_name', 'ended_at']).where('suite_id', '=', suiteId).execute();
  // Only scored responses count: an unscored one (isCorrect null) is neither right nor wrong.
  const counts = await db
    .selectFrom('delphi_responses as r')
    .select(['r.game_id', 'r.round', 'r.category', 'r.is_correct'])
    .select((eb) => eb.fn.countAll().as('n'))
    .where('r.suite_id', '=', suiteId)
    .where('r.is_correct', 'is not', null)
    .groupBy(['r.game_id', 'r.round', 'r.category', 'r.is_correct'])
    .execute();

  const scores = new Map<string, delphi.GameScores>();
  for (const game of games) {
    if (!delphi.isGameName(game.game_name)) continue;
    scores.set(game.id, { gameName: game.game_name, gameId: game.id, ended: game.ended_at !== null, blocks: {}, categories: {} });
  }
  for (const row of counts) {
    const score = scores.get(row.game_id);
    if (!score) continue;
    // PostgreSQL answers count(*) as a bigint string.
    const n = Number(row.n);
    const correct = Number(row.is_correct) === 1 ? n : 0;
    const block = (score.blocks[row.round ?? ''] ??= { correctResponses: 0, totalResponses: 0 });
    block.correctResponses += correct;
    block.totalResponses += n;
    if (row.category !== null) {
      const category = (score.categories[row.category] ??= { correctAnswers: 0, totalAnswers: 0 });
      category.correctAnswers += correct;
      category.totalAnswers += n;
    }
  }
  return [...scores.values()];
}
