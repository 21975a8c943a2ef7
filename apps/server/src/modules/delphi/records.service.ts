/**
 * Prompts and responses: the bulk of a study's data. Each is one INSERT … ON CONFLICT DO
 * NOTHING on UNIQUE (suite_id, client_id), so a retry (the outbox resending after a lost
 * answer) is acknowledged with the stored id and never makes a second row.
 */
import type { delphi } from '@chi/contract';
import type { z } from 'zod';
import { newId } from '../../security/secrets';
import { inserted, requireRecordContext, toJson } from './delphi-db';
import type { Db } from './delphi-db';
import { refuseAfterEnd } from './games.service';

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

export async function logPrompt(db: Db, input: Input<typeof delphi.logPrompt>, now: Date): Promise<delphi.LogAck> {
  // `prompt` here is the stimulus text, not a reference to another prompt.
  const { participant, suite: suiteId, game: gameId, round: roundName } = input;
  const { suite, game, roundId } = await requireRecordContext(db, { participant, suite: suiteId, game: gameId, round: roundName });
  const find = async () =>
    (await db.selectFrom('delphi_prompts').select('id').where('suite_id', '=', suite.id).where('client_id', '=', input._clientId).executeTakeFirst())?.id;
  const late = await refuseAfterEnd(game, input._promptedAt, find);
  if (late) return late;
  const id = newId();
  const result = await db
    .insertInto('delphi_prompts')
    .values({
      id,
      suite_id: suite.id,
      game_id: game.id,
      round_id: roundId,
      client_id: input._clientId,
      prompt: input.prompt,
      prompted_at: input._promptedAt,
      attributes: toJson(input.attributes),
      received_at: now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return inserted(result) ? { _id: id, duplicate: false } : acknowledge('delphi_prompts', db, suite.id, input._clientId);
}

export async function logResponse(db: Db, input: Input<typeof delphi.logResponse>, now: Date): Promise<delphi.LogAck> {
  const { suite, game, roundId, prompt } = await requireRecordContext(db, input);
  const find = async () =>
    (await db.selectFrom('delphi_responses').select('id').where('suite_id', '=', suite.id).where('client_id', '=', input._clientId).executeTakeFirst())?.id;
  const late = await refuseAfterEnd(game, input._respondedAt, find);
  if (late) return late;
  const promptedAt = input._promptedAt ?? prompt?.promptedAt ?? null;
  const rtMs = input.rtMs ?? (promptedAt === null ? null : Math.max(0, input._respondedAt - promptedAt));
  const id = newId();
  const result = await db
    .insertInto('delphi_responses')
    .values({
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
      attributes: toJson(input.attributes),
      received_at: now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return inserted(result) ? { _id: id, duplicate: false } : acknowledge('delphi_responses', db, suite.id, input._clientId);
}
