/**
 * Late linking of Delphi records (ADR 005). A page leaving a study iframe sends its pending
 * records in parallel (keepalive), so a response may reach the server before its prompt, and
 * a prompt or response before its round. They are stored with the name of what they refer
 * to (responses.prompt_client_id, responses.round, and now prompts.round) and the id left
 * NULL; logPrompt and startRound fill in the copies when the prompt or round arrives. So the
 * copies migration 0003 calls immutable are written at most once more: from NULL to the value.
 *
 * The indexes are partial: only rows still waiting for a link are in them. A response logged
 * in order (the hot path) is linked on insert and adds no index entry; the lookup "who waits
 * for this prompt / round" is an index probe, not a scan of a million-row table.
 * - delphi_responses_waiting_prompt: responses (suite_id, prompt_client_id) WHERE prompt_id IS NULL
 * - delphi_responses_waiting_round: responses (game_id, round) WHERE round_id IS NULL
 * - delphi_prompts_waiting_round: prompts (game_id, round) WHERE round_id IS NULL
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The round as the client named it, so a prompt can be linked to a round started later.
  await db.schema.alterTable('delphi_prompts').addColumn('round', 'text').execute();
  await sql`update delphi_prompts set round = (select r.round from delphi_rounds r where r.id = delphi_prompts.round_id) where round_id is not null`.execute(db);

  await db.schema
    .createIndex('delphi_responses_waiting_prompt')
    .on('delphi_responses')
    .columns(['suite_id', 'prompt_client_id'])
    .where(sql<boolean>`prompt_id is null and prompt_client_id is not null`)
    .execute();
  await db.schema
    .createIndex('delphi_responses_waiting_round')
    .on('delphi_responses')
    .columns(['game_id', 'round'])
    .where(sql<boolean>`round_id is null and round is not null`)
    .execute();
  await db.schema
    .createIndex('delphi_prompts_waiting_round')
    .on('delphi_prompts')
    .columns(['game_id', 'round'])
    .where(sql<boolean>`round_id is null and round is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['delphi_prompts_waiting_round', 'delphi_responses_waiting_round', 'delphi_responses_waiting_prompt']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('delphi_prompts').dropColumn('round').execute();
}
