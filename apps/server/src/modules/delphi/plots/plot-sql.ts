/**
 * The SQL pieces the plot aggregates share (ADR 027), written once for both dialects: who is
 * counted (exclusions, the highlighted participant), histogram bins and JSON attribute reads
 * (a response's cell per plot is in plot-cells.ts).
 */
import type { delphi } from '@chi/contract';
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Db } from '../delphi-db';
import { ExclusionState } from '../quality/exclusions';
import { inScope, suiteCondition } from '../studies/data-scope';
import type { DataScope } from '../studies/data-scope';

type Sql = RawBuilder<unknown>;

/** RT histogram: bin width and the open last bin's start, ms, per game (its typical response times). */
export const RT_BINS: Readonly<Record<delphi.GameName, { binMs: number; maxMs: number }>> = {
  FlashMatch: { binMs: 50, maxMs: 2000 },
  ColorCatch: { binMs: 100, maxMs: 5000 },
  MimeMix: { binMs: 100, maxMs: 5000 },
  QuizTime: { binMs: 500, maxMs: 20_000 },
  WordLinks: { binMs: 1000, maxMs: 30_000 },
  MorningMemo: { binMs: 1000, maxMs: 30_000 },
};

/** Word Links' word scores (0-100, ADR 017) in bins of this width. */
export const SCORE_BIN = 10;

/** `floor(value / width) * width`, capped at `max` (values at or above it fall in the last bin). */
export function binOf(value: Sql, width: number, max: number, dialect: Dialect): Sql {
  // PostgreSQL's integer cast rounds; SQLite's truncates (and its floor() is optional).
  // Literals, not parameters: the same SQL goes into migration 0024's triggers (DDL has no parameters).
  const [w, m] = [sql.lit(width), sql.lit(max)];
  const floor = dialect === 'sqlite' ? sql`cast(${value} / ${w} as integer)` : sql`floor(${value} / ${w})`;
  return sql`case when ${value} >= ${m} then ${m} else ${floor} * ${w} end`;
}

/** A text field of a response's `attributes` JSON. */
export function attributeText(field: string, dialect: Dialect): Sql {
  return dialect === 'sqlite' ? sql`json_extract(attributes, ${sql.lit(`$.${field}`)})` : sql`(attributes::jsonb ->> ${sql.lit(field)})`;
}

/**
 * A numeric field of a response's `attributes` JSON: NULL when absent or not a JSON number.
 * Never a cast of whatever a client sent: this expression runs in migration 0024's insert
 * triggers, where a failing cast (PostgreSQL: "invalid input syntax") would refuse the response
 * itself, and SQLite's cast would count a text as 0.
 */
export function attributeNumber(field: string, dialect: Dialect): Sql {
  const path = sql.lit(`$.${field}`);
  return dialect === 'sqlite'
    ? sql`(case when json_type(attributes, ${path}) in ('integer', 'real') then json_extract(attributes, ${path}) end)`
    : sql`(case when jsonb_typeof(attributes::jsonb -> ${sql.lit(field)}) = 'number' then (attributes::jsonb ->> ${sql.lit(field)})::double precision end)`;
}

/** The scope's suites excluded (wholly, or this game of theirs) from the exclusion log (ADR 025, 074). */
export async function excludedSuites(db: Db, gameName: delphi.GameName, scope: DataScope): Promise<string[]> {
  const rows = await db.selectFrom('delphi_exclusion_log').select(['suite_id', 'game_name', 'action']).where(inScope(scope)).orderBy('seq').execute();
  const state = ExclusionState.fold(rows);
  return [...new Set(rows.map((r) => r.suite_id))].filter((suite) => state.excludes(suite, gameName));
}

/** The picked participant of the scope's study (always counted, excluded or not), found through their suite (an index probe): a condition on a table with `suite_id`. */
export function participantAudience(participant: string | undefined, scope: DataScope): { highlighted: Sql } | null {
  if (!participant) return null;
  return { highlighted: sql`suite_id in (select id from delphi_suites where participant_id = ${participant} and ${suiteCondition(scope)})` };
}

/** Responses, not anticipations (ADR 013). */
export const NOT_ANTICIPATION = sql`(anticipation is null or anticipation = 0)`;

/** How many participants the group counts (the scope's who played the game less the excluded), and whether the highlighted one played it. */
export async function people(db: Db, gameName: delphi.GameName, scope: DataScope, excluded: readonly string[], highlighted: Sql | null): Promise<{ participants: number; participantFound: boolean }> {
  const included = excluded.length === 0 ? sql`1 = 1` : sql`suite_id not in (${sql.join(excluded.map((id) => sql`${id}`))})`;
  const row = await sql<{ n: number | string | null; found: number | string | null }>`
    select sum(case when ${included} then 1 else 0 end) as n, sum(case when ${highlighted ?? sql`1 = 0`} then 1 else 0 end) as found
    from delphi_games
    where game_name = ${gameName} and ${inScope(scope)}`.execute(db);
  return { participants: Number(row.rows[0]?.n ?? 0), participantFound: Number(row.rows[0]?.found ?? 0) > 0 };
}
