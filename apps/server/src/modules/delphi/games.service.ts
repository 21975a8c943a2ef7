/**
 * Games and rounds. One play per game is the UNIQUE (suite_id, game_name) constraint: the
 * first startGame wins, everyone else gets 409, except the same `_clientId` retrying (a
 * lost answer), which gets the same id. Ends are idempotent updates (`ended_at IS NULL`).
 * A round may start after prompts and responses that name it arrived: they are linked then.
 */
import { ERRORS, delphi } from '@chi/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { newId } from '../../security/secrets';
import { inserted, requireGame, requireRound, requireSuite, toJson } from './delphi-db';
import type { Db, GameRef } from './delphi-db';
import { endIsPastGrace } from './late-grace';
import { linkWaitingForRound } from './late-links';
import { refuseMisfit } from './record-attributes';
import { markSuiteCompleted, wasSkipped } from './suite.service';

type Input<D extends { input: z.ZodType }> = z.output<D['input']>;

/**
 * Records that reach an ended game. The SERVER's clock decides (issue 24): once the end has
 * been here longer than LATE_RECORD_GRACE_MS nothing new is stored, whatever time the record
 * claims. Within the grace a record stamped after the game's end (both times from the same
 * client clock) is refused too: that can only be a replay or a second tab. A retry of a record
 * already stored is acknowledged either way (409 otherwise), so the outbox never gets stuck on it.
 */
export async function refuseAfterEnd(game: GameRef, at: number, existing: () => Promise<string | undefined>, now: Date): Promise<delphi.LogAck | null> {
  if (game.endedAt === null) return null;
  const withinGrace = game.endReceivedAt === null || !endIsPastGrace(game.endReceivedAt, now);
  if (withinGrace && at <= game.endedAt) return null;
  const id = await existing();
  if (id !== undefined) return { _id: id, duplicate: true };
  throw new AppError(delphi.DELPHI_ERRORS.gameEnded);
}

export async function startGame(db: Db, input: Input<typeof delphi.startGame>, now: Date): Promise<delphi.LogAck> {
  const gameName = input.gameName;
  if (gameName === undefined || gameName === '') throw new AppError(ERRORS.blockIdRequired);
  if (!delphi.isGameName(gameName)) throw new AppError(ERRORS.unknownGame);
  const suite = await requireSuite(db, input.participant, input.suite);
  const sameStart = async () =>
    (await db.selectFrom('delphi_games').select('id').where('suite_id', '=', suite.id).where('client_id', '=', input._clientId).executeTakeFirst())?.id;
  const misfit = await refuseMisfit(gameName, 'start', input, sameStart);
  if (misfit) return misfit;
  const id = newId();
  const result = await db
    .insertInto('delphi_games')
    .values({
      id,
      suite_id: suite.id,
      game_name: gameName,
      client_id: input._clientId,
      started_at: input._startedAt,
      start_timestamp: input.timestamp,
      attributes: toJson(input.attributes),
      received_at: now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (inserted(result)) return { _id: id, duplicate: false };
  const existing = await db
    .selectFrom('delphi_games')
    .select(['id', 'client_id'])
    .where('suite_id', '=', suite.id)
    .where('game_name', '=', gameName)
    .executeTakeFirst();
  if (existing?.client_id === input._clientId) return { _id: existing.id, duplicate: true };
  throw new AppError(delphi.DELPHI_ERRORS.gameAlreadyPlayed);
}

export async function endGame(db: Db, gameId: string, input: Input<typeof delphi.endGame>, now: Date): Promise<delphi.LogAck> {
  const suite = await requireSuite(db, input.participant, input.suite);
  const game = await requireGame(db, suite.id, gameId);
  // An ended game acknowledges any second end (it changes nothing), so a misfit one too.
  const misfit = await refuseMisfit(game.gameName, input.reason === 'interrupted' ? 'interruption' : 'end', input, async () => (game.endedAt === null ? undefined : game.id));
  if (misfit) return misfit;
  const start = await db.selectFrom('delphi_games').select('attributes').where('id', '=', game.id).executeTakeFirstOrThrow();
  const result = await db
    .updateTable('delphi_games')
    .set({
      ended_at: input.timestamp,
      end_client_id: input._clientId,
      end_attributes: toJson(input.attributes),
      end_received_at: now.toISOString(),
      // The first end wins: an interruption arriving after the game completed changes nothing.
      // A game started as skipped (an optional game not played) ends `skipped`, never `completed` (ADR 047).
      status: wasSkipped(start.attributes) && input.reason === 'completed' ? 'skipped' : input.reason,
    })
    .where('id', '=', game.id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  await markSuiteCompleted(db, suite.id, now);
  return { _id: game.id, duplicate: Number(result.numUpdatedRows) === 0 };
}

export async function startRound(db: Db, input: Input<typeof delphi.startRound>, now: Date): Promise<delphi.LogAck> {
  const suite = await requireSuite(db, input.participant, input.suite);
  const game = await requireGame(db, suite.id, input.game);
  const byClientId = async () =>
    (await db.selectFrom('delphi_rounds').select('id').where('suite_id', '=', suite.id).where('client_id', '=', input._clientId).executeTakeFirst())?.id;
  const late = await refuseAfterEnd(game, input.timestamp, byClientId, now);
  if (late) return late;
  const misfit = await refuseMisfit(game.gameName, 'roundStart', input, byClientId);
  if (misfit) return misfit;
  const id = newId();
  const round = { gameId: game.id, round: input.round, id };
  // The round and the game's prompts and responses that arrived before it are linked in one transaction (late-links.ts).
  const isNew = await db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('delphi_rounds')
      .values({
        id,
        suite_id: suite.id,
        game_id: game.id,
        round: input.round,
        client_id: input._clientId,
        started_at: input.timestamp,
        attributes: toJson(input.attributes),
        received_at: now.toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (inserted(result)) await linkWaitingForRound(trx, round);
    return inserted(result);
  });
  if (isNew) {
    // Again after the commit: a record stored meanwhile was invisible to the transaction.
    await linkWaitingForRound(db, round);
    return { _id: id, duplicate: false };
  }
  const existing = await byClientId();
  if (existing !== undefined) return { _id: existing, duplicate: true };
  // Not this record again, so the round id itself was taken: a replayed round.
  throw new AppError(delphi.DELPHI_ERRORS.roundAlreadyPlayed);
}

export async function endRound(db: Db, input: Input<typeof delphi.endRound>, now: Date): Promise<delphi.LogAck> {
  const suite = await requireSuite(db, input.participant, input.suite);
  const game = await requireGame(db, suite.id, input.game);
  const round = await requireRound(db, game.id, input.round);
  const alreadyEnded = async () =>
    (await db.selectFrom('delphi_rounds').select('id').where('id', '=', round.id).where('ended_at', 'is not', null).executeTakeFirst())?.id;
  const late = await refuseAfterEnd(game, input.timestamp, alreadyEnded, now);
  if (late) return late;
  const misfit = await refuseMisfit(game.gameName, 'roundEnd', input, alreadyEnded);
  if (misfit) return misfit;
  const result = await db
    .updateTable('delphi_rounds')
    .set({
      ended_at: input.timestamp,
      end_client_id: input._clientId,
      end_attributes: toJson(input.attributes),
      end_received_at: now.toISOString(),
    })
    .where('id', '=', round.id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return { _id: round.id, duplicate: Number(result.numUpdatedRows) === 0 };
}
