/**
 * The SQL pieces the plot aggregates share (ADR 027), written once for both dialects: who is
 * counted (exclusions, the highlighted participant), the condition of a response per game,
 * histogram bins and JSON attribute reads.
 */
import type { delphi } from '@chi/contract';
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Db } from '../delphi-db';
import { ExclusionState } from '../quality/exclusions';

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

/**
 * The condition of a response: Flash Match's expected answer (target present or the two
 * strings the same → `yes`; ADR 022, SPEC §9), otherwise the logged category (Mime Mix's cued
 * half × congruence, Quiz Time's category), or `all`.
 */
export function conditionOf(gameName: delphi.GameName): Sql {
  if (gameName === 'FlashMatch') {
    return sql`case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end`;
  }
  return sql`coalesce(category, 'all')`;
}

/** `floor(value / width) * width`, capped at `max` (values at or above it fall in the last bin). */
export function binOf(value: Sql, width: number, max: number, dialect: Dialect): Sql {
  // PostgreSQL's integer cast rounds; SQLite's truncates (and its floor() is optional).
  const floor = dialect === 'sqlite' ? sql`cast(${value} / ${width} as integer)` : sql`floor(${value} / ${width})`;
  return sql`case when ${value} >= ${max} then ${max} else ${floor} * ${width} end`;
}

/** A text field of a response's `attributes` JSON. */
export function attributeText(field: string, dialect: Dialect): Sql {
  return dialect === 'sqlite' ? sql`json_extract(attributes, ${`$.${field}`})` : sql`(attributes::jsonb ->> ${field})`;
}

/** A numeric field of a response's `attributes` JSON (NULL when absent). */
export function attributeNumber(field: string, dialect: Dialect): Sql {
  return dialect === 'sqlite'
    ? sql`cast(json_extract(attributes, ${`$.${field}`}) as real)`
    : sql`cast(attributes::jsonb ->> ${field} as double precision)`;
}

/** Who a query counts: `included` in the group's column, `highlighted` in the participant's; `any` for the WHERE clause. */
export interface Audience {
  readonly included: Sql;
  readonly highlighted: Sql;
  readonly any: Sql;
}

const NONE = sql`1 = 0`;

/** The suites excluded (wholly, or this game of theirs) from the exclusion log (ADR 025). */
async function excludedSuites(db: Db, gameName: delphi.GameName): Promise<string[]> {
  const rows = await db.selectFrom('delphi_exclusion_log').select(['suite_id', 'game_name', 'action']).orderBy('seq').execute();
  const state = ExclusionState.fold(rows);
  return [...new Set(rows.map((r) => r.suite_id))].filter((suite) => state.excludes(suite, gameName));
}

/** The group: everyone, less the excluded unless they are asked for. */
export async function groupAudience(db: Db, gameName: delphi.GameName, includeExcluded: boolean): Promise<Audience> {
  const excluded = includeExcluded ? [] : await excludedSuites(db, gameName);
  const included = excluded.length === 0 ? sql`1 = 1` : sql`suite_id not in (${sql.join(excluded.map((id) => sql`${id}`))})`;
  return { included, highlighted: NONE, any: included };
}

/** The picked participant (always counted, excluded or not), found through their suite (an index probe). */
export function participantAudience(participant: string | undefined): Audience | null {
  if (!participant) return null;
  const highlighted = sql`suite_id in (select id from delphi_suites where participant_id = ${participant})`;
  return { included: NONE, highlighted, any: highlighted };
}

/** `sum(case when <who> then <value> else 0 end)`: one pass counts the group and the participant. */
export function sumWhen(who: Sql, value: Sql = sql`1`): Sql {
  return sql`sum(case when ${who} then ${value} else 0 end)`;
}

/** Responses, not anticipations (ADR 013). */
export const NOT_ANTICIPATION = sql`(anticipation is null or anticipation = 0)`;

/** How many participants the group counts, and whether the highlighted one played this game. */
export async function people(db: Db, gameName: delphi.GameName, who: Pick<Audience, 'included' | 'highlighted'>): Promise<{ participants: number; participantFound: boolean }> {
  const row = await sql<{ n: number | string | null; found: number | string | null }>`
    select ${sumWhen(who.included)} as n, ${sumWhen(who.highlighted)} as found
    from delphi_games
    where game_name = ${gameName}`.execute(db);
  return { participants: Number(row.rows[0]?.n ?? 0), participantFound: Number(row.rows[0]?.found ?? 0) > 0 };
}
