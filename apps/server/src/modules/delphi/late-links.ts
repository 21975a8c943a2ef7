/**
 * Late linking (ADR 005, migration 0005). When a page leaves a study iframe, its pending records
 * go out in parallel (keepalive), so a response may arrive before its prompt, and a prompt or
 * response before its round. Such a record is stored with the name it gives (the prompt's
 * `_clientId`, the round) and a NULL id; when the prompt or round is stored, the records
 * waiting for it get its id (and a response the prompt's text and onset), once.
 *
 * Races: the arriving prompt or round links in the transaction that stores it, and once more
 * after its commit; a record stored unlinked looks again right after its own insert. On
 * PostgreSQL (READ COMMITTED, a pool of connections) each statement sees what was committed
 * when it began, so a record and its link target stored at the same moment may each miss the
 * other once; of the two second looks, the later one begins after both commits and links.
 */
import { reusableQuery } from '../../db/reusable-query';
import { findRecordContext } from './delphi-db';
import type { ContextInput, Db } from './delphi-db';

export interface ArrivedPrompt {
  readonly suiteId: string;
  readonly gameId: string;
  /** The prompt's `_clientId`: what a response names. */
  readonly clientId: string;
  readonly id: string;
  readonly prompt: string;
  readonly promptedAt: number;
}

interface PromptLinkValues {
  readonly suite_id: string;
  readonly game_id: string;
  readonly prompt_client_id: string;
  readonly prompt_id: string;
  readonly prompt: string;
  readonly prompted_at: number;
}

// Compiled once per database (ADR 006): runs for every prompt logged. `prompt_id is null`
// makes it a probe of the partial index delphi_responses_waiting_prompt (migration 0005).
// The onset and reaction time fill in only where the response did not bring them; an rt_ms
// that is NULL means the response had no onset, so it is measured from the prompt's.
const linkResponsesQuery = reusableQuery((db: Db, v: PromptLinkValues) =>
  db
    .updateTable('delphi_responses')
    .set((eb) => ({
      prompt_id: v.prompt_id,
      prompt: v.prompt,
      prompted_at: eb.fn.coalesce('prompted_at', eb.val(v.prompted_at)),
      rt_ms: eb.fn.coalesce(
        'rt_ms',
        eb.case().when('responded_at', '>', v.prompted_at).then(eb('responded_at', '-', v.prompted_at)).else(0).end(),
      ),
    }))
    .where('suite_id', '=', v.suite_id)
    .where('prompt_client_id', '=', v.prompt_client_id)
    .where('prompt_id', 'is', null)
    .where('game_id', '=', v.game_id),
);

/** Links the responses of the prompt's game that name it and wait for it; `runIn`: a transaction of `db`. */
export async function linkWaitingResponses(db: Db, prompt: ArrivedPrompt, runIn: Db = db): Promise<void> {
  await linkResponsesQuery(
    db,
    {
      suite_id: prompt.suiteId,
      game_id: prompt.gameId,
      prompt_client_id: prompt.clientId,
      prompt_id: prompt.id,
      prompt: prompt.prompt,
      prompted_at: prompt.promptedAt,
    },
    runIn,
  );
}

/** Sets the round id on the game's prompts and responses that name the round and have none (rare: plain queries). */
export async function linkWaitingForRound(db: Db, round: { gameId: string; round: string; id: string }): Promise<void> {
  // `round_id is null` makes each a probe of a partial index of migration 0005.
  for (const table of ['delphi_prompts', 'delphi_responses'] as const) {
    await db
      .updateTable(table)
      .set({ round_id: round.id })
      .where('game_id', '=', round.gameId)
      .where('round', '=', round.round)
      .where('round_id', 'is', null)
      .execute();
  }
}

/**
 * A record was just stored without the prompt or round it names: look again, and if it has
 * arrived meanwhile, link everything waiting for it (this record too).
 */
export async function linkIfArrived(db: Db, input: ContextInput, missing: { prompt: boolean; round: boolean }): Promise<void> {
  const context = await findRecordContext(db, input);
  if (!context) return;
  const { game, prompt, roundId } = context;
  if (missing.prompt && prompt && input.prompt !== undefined) {
    await linkWaitingResponses(db, { suiteId: game.suiteId, gameId: game.id, clientId: input.prompt, ...prompt });
  }
  if (missing.round && roundId !== null && input.round !== undefined) {
    await linkWaitingForRound(db, { gameId: game.id, round: input.round, id: roundId });
  }
}
