/**
 * Issue 25 (ADR 047): research data that read wrong.
 * - delphi_games.status gains 'skipped': a game started with `attributes.skipped` (an optional
 *   game the participant chose not to play) and ended was stored 'completed'; such games
 *   already ended become 'skipped'. The column is text: no constraint changes.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/** The same reading of `attributes.skipped` as the server's (suite.service.ts), in JavaScript: one spelling for both dialects. */
function startedSkipped(attributes: string): boolean {
  try {
    return (JSON.parse(attributes) as { skipped?: unknown }).skipped === true;
  } catch {
    return false;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const games = await sql<{ id: string; attributes: string }>`
    select id, attributes from delphi_games where status = 'completed' and attributes like '%skipped%'`.execute(db);
  for (const game of games.rows) {
    if (startedSkipped(game.attributes)) await sql`update delphi_games set status = 'skipped' where id = ${game.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update delphi_games set status = 'completed' where status = 'skipped'`.execute(db);
}
