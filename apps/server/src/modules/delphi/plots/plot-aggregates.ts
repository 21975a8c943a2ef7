/**
 * The /Data plots' aggregates (issue 17 part 5, ADR 027): grouped queries over
 * `delphi_responses` (whose rows carry their game name, round, category and score copies).
 * The group's side is a scan, kept per data version (plot-cache.ts); the picked participant's
 * side reads their suite's rows through the index. Nothing row by row leaves the database.
 */
import type { delphi, delphiPlots } from '@chi/contract';
import { sql } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Db } from '../delphi-db';
import { cachedAt, dataVersion } from './plot-cache';
import { NOT_ANTICIPATION, RT_BINS, SCORE_BIN, attributeNumber, attributeText, binOf, conditionOf, groupAudience, participantAudience, people, sumWhen } from './plot-sql';
import type { Audience } from './plot-sql';

type Num = number | string | null;
type Input = { gameName: delphi.GameName; participant?: string | undefined; includeExcluded: boolean };

const n = (value: Num) => Number(value ?? 0);

/**
 * Runs `query` for the group (cached per data version) and for the participant (fresh), and
 * answers both row sets, the group's first: rows of equal keys are summed by the caller.
 */
async function bothSides<R>(db: Db, name: string, input: Input, query: (who: Audience) => Promise<R[]>) {
  const [version, group] = await Promise.all([dataVersion(db), groupAudience(db, input.gameName, input.includeExcluded)]);
  const mine = participantAudience(input.participant);
  const [found, groupRows, mineRows] = await Promise.all([
    people(db, input.gameName, { included: group.included, highlighted: mine?.highlighted ?? group.highlighted }),
    cachedAt(db, `${name}/${input.gameName}/${String(input.includeExcluded)}`, version, () => query(group)),
    mine ? query(mine) : Promise.resolve([]),
  ]);
  return { found, rows: [...groupRows, ...mineRows] };
}

/** Sums rows of equal `key` field by field (a number column summed, a key column kept). */
function merge<R extends Record<string, unknown>>(rows: readonly R[], key: (row: R) => string, sums: readonly (keyof R)[]): R[] {
  const merged = new Map<string, R>();
  for (const row of rows) {
    const k = key(row);
    const seen = merged.get(k);
    if (!seen) {
      merged.set(k, { ...row });
      continue;
    }
    const target = seen as Record<keyof R, unknown>;
    for (const field of sums) target[field] = n(seen[field] as Num) + n(row[field] as Num);
  }
  return [...merged.values()];
}

export async function responseTimes(db: Db, dialect: Dialect, input: Input) {
  const { binMs, maxMs } = RT_BINS[input.gameName];
  type RtRow = { condition: string; block: string | null; bin: Num; g: Num; gs: Num; p: Num; ps: Num };
  const { found, rows } = await bothSides(db, 'rt', input, async (who) => (await sql<RtRow>`
      select ${conditionOf(input.gameName)} as condition, coalesce(round, '') as block, ${binOf(sql`rt_ms`, binMs, maxMs, dialect)} as bin,
        ${sumWhen(who.included)} as g, ${sumWhen(who.included, sql`rt_ms`)} as gs,
        ${sumWhen(who.highlighted)} as p, ${sumWhen(who.highlighted, sql`rt_ms`)} as ps
      from delphi_responses
      where game_name = ${input.gameName} and rt_ms is not null and rt_ms >= 0 and ${NOT_ANTICIPATION} and ${who.any}
      group by 1, 2, 3`.execute(db)).rows);
  const bins: delphiPlots.RtBin[] = [];
  const sums = new Map<string, delphiPlots.RtSummary & { gs: number; ps: number }>();
  const merged = merge(rows, (r) => `${r.condition}\u0000${r.block ?? ''}\u0000${n(r.bin)}`, ['g', 'gs', 'p', 'ps']);
  merged.sort((a, b) => compare(a.condition, b.condition) || compare(a.block ?? '', b.block ?? '') || n(a.bin) - n(b.bin));
  for (const row of merged) {
    const block = row.block ?? '';
    const group = n(row.g);
    const participant = n(row.p);
    if (group + participant > 0) bins.push({ condition: row.condition, block, binStart: n(row.bin), group, participant });
    const key = `${row.condition}\u0000${block}`;
    const sum = sums.get(key) ?? { condition: row.condition, block, group: 0, groupMeanMs: null, participant: 0, participantMeanMs: null, gs: 0, ps: 0 };
    sum.group += group;
    sum.participant += participant;
    sum.gs += n(row.gs);
    sum.ps += n(row.ps);
    sums.set(key, sum);
  }
  const summary = [...sums.values()].map(({ gs, ps, ...s }) => ({
    ...s,
    groupMeanMs: s.group > 0 ? gs / s.group : null,
    participantMeanMs: s.participant > 0 ? ps / s.participant : null,
  }));
  return { ...found, binMs, maxMs, bins, summary };
}

export async function accuracy(db: Db, input: Input) {
  const correct = sql`(is_correct = 1)`;
  type AccuracyRow = { block: string | null; category: string | null; gn: Num; gc: Num; pn: Num; pc: Num };
  const { found, rows } = await bothSides(db, 'accuracy', input, async (who) => (await sql<AccuracyRow>`
      select coalesce(round, '') as block, coalesce(category, '') as category,
        ${sumWhen(who.included)} as gn, ${sumWhen(sql`${who.included} and ${correct}`)} as gc,
        ${sumWhen(who.highlighted)} as pn, ${sumWhen(sql`${who.highlighted} and ${correct}`)} as pc
      from delphi_responses
      where game_name = ${input.gameName} and is_correct is not null and ${NOT_ANTICIPATION} and ${who.any}
      group by 1, 2`.execute(db)).rows);
  const cells = merge(rows, (r) => `${r.block ?? ''}\u0000${r.category ?? ''}`, ['gn', 'gc', 'pn', 'pc'])
    .sort((a, b) => compare(a.block ?? '', b.block ?? '') || compare(a.category ?? '', b.category ?? ''))
    .map((row) => ({
      block: row.block ?? '',
      category: row.category ?? '',
      groupScored: n(row.gn),
      groupCorrect: n(row.gc),
      participantScored: n(row.pn),
      participantCorrect: n(row.pc),
    }))
    .filter((c) => c.groupScored + c.participantScored > 0);
  return { ...found, cells };
}

/** The rows × columns of each game's own view, or none. */
function viewOf(gameName: delphi.GameName, dialect: Dialect) {
  switch (gameName) {
    case 'ColorCatch':
      // ADR 015: a wrong click's error type (outdated / other; a time-out), per level.
      return {
        kind: 'errorTypes' as const,
        binWidth: null,
        row: sql`coalesce(round, '')`,
        column: sql`case when is_correct = 1 then 'correct' else coalesce(${attributeText('errorType', dialect)}, 'other') end`,
        where: sql`is_correct is not null`,
      };
    case 'MimeMix':
      // ADR 016: the cued half's emotion × the answer (`none` for a time-out), main game only.
      return {
        kind: 'confusion' as const,
        binWidth: null,
        row: sql`correct_answer`,
        column: sql`coalesce(nullif(response, ''), 'none')`,
        where: sql`correct_answer is not null and coalesce(round, '') <> 'practice'`,
      };
    case 'WordLinks': {
      // ADR 017: each accepted word's score (0-100) per level (rounds L1_…, L2_…), practice left out.
      const score = attributeNumber('score', dialect);
      return {
        kind: 'scores' as const,
        binWidth: SCORE_BIN,
        row: sql`substr(coalesce(round, ''), 1, 2)`,
        column: sql`cast(${binOf(score, SCORE_BIN, 100 - SCORE_BIN, dialect)} as text)`,
        where: sql`${score} is not null and coalesce(round, '') not like ${'%P'}`,
      };
    }
    default:
      return null;
  }
}

export async function gameView(db: Db, dialect: Dialect, input: Input) {
  const view = viewOf(input.gameName, dialect);
  type ViewRow = { row_key: string | null; column_key: string | null; g: Num; p: Num };
  const { found, rows } = await bothSides(db, 'view', input, async (who) => {
    if (!view) return [];
    return (await sql<ViewRow>`
    select ${view.row} as row_key, ${view.column} as column_key, ${sumWhen(who.included)} as g, ${sumWhen(who.highlighted)} as p
    from delphi_responses
    where game_name = ${input.gameName} and ${NOT_ANTICIPATION} and ${view.where} and ${who.any}
    group by 1, 2`.execute(db)).rows;
  });
  if (!view) return { ...found, kind: 'none' as const, binWidth: null, cells: [] };
  const cells = merge(rows, (r) => `${r.row_key ?? ''}\u0000${normaliseBin(r.column_key ?? '')}`, ['g', 'p'])
    .map((row) => ({ row: row.row_key ?? '', column: normaliseBin(row.column_key ?? ''), group: n(row.g), participant: n(row.p) }))
    .sort((a, b) => compare(a.row, b.row) || compare(a.column, b.column))
    .filter((c) => c.group + c.participant > 0);
  return { ...found, kind: view.kind, binWidth: view.binWidth, cells };
}

/** One order on both dialects (their collations differ): by code unit. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** PostgreSQL writes a floored double as `40`, SQLite an integer as `40`; a float as `40.0` is made `40`. */
function normaliseBin(column: string): string {
  return /^\d+\.0+$/.test(column) ? column.replace(/\.0+$/, '') : column;
}
