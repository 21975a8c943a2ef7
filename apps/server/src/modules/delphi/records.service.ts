/**
 * Prompts and responses: the bulk of a study's data. Each is one INSERT … ON CONFLICT DO
 * NOTHING on UNIQUE (suite_id, client_id), so a retry (the outbox resending after a lost
 * answer) is acknowledged with the stored id and never makes a second row. A record that
 * arrives before the prompt or round it names is stored and linked later (late-links.ts).
 */
import type { delphi } from '@chi/contract';
import type { Insertable, QueryResult } from 'kysely';
import type { z } from 'zod';
import { reusableQuery } from '../../db/reusable-query';
import type { DatabaseSchema } from '../../db/schema';
import { newId } from '../../security/secrets';
import { requireRecordContext, toJson } from './delphi-db';
import type { Admission, Db } from './delphi-db';
import { refuseAfterEnd } from './games.service';
import { linkIfArrived, linkWaitingResponses } from './late-links';
import { refuseMisfit } from './record-attributes';
import { insertResponseGrouped, type ResponseRow } from './response-group-commit';

type Input<D extends { input: z.ZodType }> = z.output<D['input']>;

/** Answers are kept as text: a number or boolean is written as JSON would write it. */
function asText(value: string | number | boolean | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : String(value);
}

async function acknowledge(
  table: 'delphi_prompts' | 'delphi_responses',
  db: Db,
  suiteId: string,
  clientId: string,
): Promise<delphi.LogAck> {
  const row = await db.selectFrom(table).select('id').where('suite_id', '=', suiteId).where('client_id', '=', clientId).executeTakeFirst();
  // The only other unique key is our own fresh id, so a conflict is always this record.
  if (!row) throw new Error(`${table}: insert ignored but no row has client id ${clientId}`);
  return { _id: row.id, duplicate: true };
}

/** Whether an INSERT … ON CONFLICT DO NOTHING stored its row (SQLite counts in a bigint, pg in a number). */
function stored(result: QueryResult<never>): boolean {
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Every column, not optional: a template built from markers must name each one (ADR 006). */
type PromptRow = Required<Insertable<DatabaseSchema['delphi_prompts']>>;

// Compiled once per database (ADR 006); `satisfies` makes the compiler insist on every column.
const insertPrompt = reusableQuery((db: Db, v: PromptRow) =>
  db
    .insertInto('delphi_prompts')
    .values({
      id: v.id,
      suite_id: v.suite_id,
      game_id: v.game_id,
      round_id: v.round_id,
      round: v.round,
      client_id: v.client_id,
      prompt: v.prompt,
      prompted_at: v.prompted_at,
      attributes: v.attributes,
      received_at: v.received_at,
    } satisfies PromptRow)
    .onConflict((oc) => oc.doNothing()),
);

export async function logPrompt(db: Db, input: Input<typeof delphi.logPrompt>, now: Date): Promise<delphi.LogAck> {
  // `prompt` here is the stimulus text, not a reference to another prompt.
  const { participant, suite: suiteId, game: gameId, round: roundName } = input;
  const links = { participant, suite: suiteId, game: gameId, round: roundName };
  const { suite, game, roundId } = await requireRecordContext(db, links);
  const find = async () =>
    (await db.selectFrom('delphi_prompts').select('id').where('suite_id', '=', suite.id).where('client_id', '=', input._clientId).executeTakeFirst())?.id;
  const late = await refuseAfterEnd(game, input._promptedAt, find, now);
  if (late) return late;
  const misfit = await refuseMisfit(game.gameName, 'prompt', input, find);
  if (misfit) return misfit;
  const id = newId();
  const arrived = { suiteId: suite.id, gameId: game.id, clientId: input._clientId, id, prompt: input.prompt, promptedAt: input._promptedAt };
  // The prompt and the responses that arrived before it are linked in one transaction.
  const isNew = await db.transaction().execute(async (trx) => {
    const result = await insertPrompt(
      db,
      {
        id,
        suite_id: suite.id,
        game_id: game.id,
        round_id: roundId,
        round: roundName ?? null,
        client_id: input._clientId,
        prompt: input.prompt,
        prompted_at: input._promptedAt,
        attributes: toJson(input.attributes),
        received_at: now.toISOString(),
      },
      trx,
    );
    if (stored(result)) await linkWaitingResponses(db, arrived, trx);
    return stored(result);
  });
  if (!isNew) return acknowledge('delphi_prompts', db, suite.id, input._clientId);
  // Again after the commit: a response stored meanwhile was invisible to the transaction (see late-links.ts).
  await linkWaitingResponses(db, arrived);
  if (roundName !== undefined && roundId === null) await linkIfArrived(db, links, { prompt: false, round: true });
  return { _id: id, duplicate: false };
}

// Compiled once per database (ADR 006): the one write of the busiest call.
const insertResponse = reusableQuery((db: Db, v: ResponseRow) =>
  db
    .insertInto('delphi_responses')
    .values({
      id: v.id,
      suite_id: v.suite_id,
      participant_id: v.participant_id,
      game_id: v.game_id,
      game_name: v.game_name,
      round_id: v.round_id,
      round: v.round,
      prompt_id: v.prompt_id,
      prompt_client_id: v.prompt_client_id,
      prompt: v.prompt,
      client_id: v.client_id,
      response: v.response,
      is_correct: v.is_correct,
      correct_answer: v.correct_answer,
      category: v.category,
      question_index: v.question_index,
      question: v.question,
      prompted_at: v.prompted_at,
      responded_at: v.responded_at,
      rt_ms: v.rt_ms,
      anticipation: v.anticipation,
      frame_interval_ms: v.frame_interval_ms,
      modality: v.modality,
      attributes: v.attributes,
      received_at: v.received_at,
    } satisfies ResponseRow)
    .onConflict((oc) => oc.doNothing()),
);
/** One response row on its own, outside any group (the group's fallback; tests). */
export const insertOneResponse = async (db: Db, row: ResponseRow, runIn?: Db) => stored(await insertResponse(db, row, runIn));

/** `admit`: the participant's checks, run with the context query's answer (the single route); a batch was admitted whole before. */
export async function logResponse(db: Db, input: Input<typeof delphi.logResponse>, now: Date, admit?: Admission): Promise<delphi.LogAck> {
  const { suite, game, roundId, prompt } = await requireRecordContext(db, input, admit);
  const find = async () =>
    (await db.selectFrom('delphi_responses').select('id').where('suite_id', '=', suite.id).where('client_id', '=', input._clientId).executeTakeFirst())?.id;
  const late = await refuseAfterEnd(game, input._respondedAt, find, now);
  if (late) return late;
  const misfit = await refuseMisfit(game.gameName, 'response', input, find);
  if (misfit) return misfit;
  const promptedAt = input._promptedAt ?? prompt?.promptedAt ?? null;
  // Never clamped (ADR 013): a negative time is an anticipation, flagged by the client.
  // `rtMs: null` is no response (a time limit ran out): no reaction time, none derived.
  const rtMs = input.rtMs !== undefined ? input.rtMs : promptedAt === null ? null : input._respondedAt - promptedAt;
  const id = newId();
  // Written with the responses that reach this point together, in one commit (group commit).
  const isNew = await insertResponseGrouped(db, {
    id,
    suite_id: suite.id,
    participant_id: suite.participantId,
    game_id: game.id,
    game_name: game.gameName,
    round_id: roundId,
    round: input.round ?? null,
    prompt_id: prompt?.id ?? null,
    prompt_client_id: input.prompt ?? null,
    prompt: prompt?.prompt ?? null,
    client_id: input._clientId,
    response: asText(input.response),
    is_correct: input.isCorrect === undefined || input.isCorrect === null ? null : input.isCorrect ? 1 : 0,
    correct_answer: asText(input.correctAnswer),
    category: input.category ?? null,
    question_index: input.questionIndex ?? null,
    question: input.question ?? null,
    prompted_at: promptedAt,
    responded_at: input._respondedAt,
    rt_ms: rtMs,
    // Flagged by the client, or a time before the onset it names (ADR 013).
    anticipation: input.anticipation === true || (rtMs !== null && rtMs < 0) ? 1 : 0,
    frame_interval_ms: input.frameIntervalMs ?? null,
    modality: input.modality ?? null,
    attributes: toJson(input.attributes),
    received_at: now.toISOString(),
  }, insertOneResponse);
  if (!isNew) return acknowledge('delphi_responses', db, suite.id, input._clientId);
  // Stored before its prompt or round (a page leaving an iframe): they may have arrived meanwhile.
  const missing = { prompt: input.prompt !== undefined && prompt === null, round: input.round !== undefined && roundId === null };
  if (missing.prompt || missing.round) await linkIfArrived(db, input, missing);
  return { _id: id, duplicate: false };
}
