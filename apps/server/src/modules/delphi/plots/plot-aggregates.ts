/**
 * The /Data plots' aggregates (issue 17 part 5, ADR 027): one grouped query each over
 * `delphi_responses` (whose rows carry their game name, round, category and score copies),
 * counting the group and the highlighted participant in the same pass. Nothing row by row
 * leaves the database.
 */
import type { delphi, delphiPlots } from '@chi/contract';
import { sql } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Db } from '../delphi-db';
import { NOT_ANTICIPATION, RT_BINS, SCORE_BIN, attributeNumber, attributeText, audience, binOf, conditionOf, people, sumWhen } from './plot-sql';

type Num = number | string | null;
type Input = { gameName: delphi.GameName; participant?: string | undefined; includeExcluded: boolean };

const n = (value: Num) => Number(value ?? 0);

export async function responseTimes(db: Db, dialect: Dialect, input: Input) {
  const who = await audience(db, input.gameName, input.participant, input.includeExcluded);
  const { binMs, maxMs } = RT_BINS[input.gameName];
  const [found, result] = await Promise.all([
    people(db, input.gameName, who),
    sql<{ condition: string; block: string | null; bin: Num; g: Num; gs: Num; p: Num; ps: Num }>`
      select ${conditionOf(input.gameName)} as condition, coalesce(round, '') as block, ${binOf(sql`rt_ms`, binMs, maxMs, dialect)} as bin,
        ${sumWhen(who.included)} as g, ${sumWhen(who.included, sql`rt_ms`)} as gs,
        ${sumWhen(who.highlighted)} as p, ${sumWhen(who.highlighted, sql`rt_ms`)} as ps
      from delphi_responses
      where game_name = ${input.gameName} and rt_ms is not null and rt_ms >= 0 and ${NOT_ANTICIPATION} and ${who.any}
      group by 1, 2, 3
      order by 1, 2, 3`.execute(db),
  ]);
  const bins: delphiPlots.RtBin[] = [];
  const sums = new Map<string, delphiPlots.RtSummary & { gs: number; ps: number }>();
  for (const row of result.rows) {
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
  const who = await audience(db, input.gameName, input.participant, input.includeExcluded);
  const correct = sql`(is_correct = 1)`;
  const [found, result] = await Promise.all([
    people(db, input.gameName, who),
    sql<{ block: string | null; category: string | null; gn: Num; gc: Num; pn: Num; pc: Num }>`
      select coalesce(round, '') as block, coalesce(category, '') as category,
        ${sumWhen(who.included)} as gn, ${sumWhen(sql`${who.included} and ${correct}`)} as gc,
        ${sumWhen(who.highlighted)} as pn, ${sumWhen(sql`${who.highlighted} and ${correct}`)} as pc
      from delphi_responses
      where game_name = ${input.gameName} and is_correct is not null and ${NOT_ANTICIPATION} and ${who.any}
      group by 1, 2
      order by 1, 2`.execute(db),
  ]);
  const cells = result.rows
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
  const who = await audience(db, input.gameName, input.participant, input.includeExcluded);
  const found = await people(db, input.gameName, who);
  if (!view) return { ...found, kind: 'none' as const, binWidth: null, cells: [] };
  const result = await sql<{ row_key: string | null; column_key: string | null; g: Num; p: Num }>`
    select ${view.row} as row_key, ${view.column} as column_key, ${sumWhen(who.included)} as g, ${sumWhen(who.highlighted)} as p
    from delphi_responses
    where game_name = ${input.gameName} and ${NOT_ANTICIPATION} and ${view.where} and ${who.any}
    group by 1, 2
    order by 1, 2`.execute(db);
  const cells = result.rows
    .map((row) => ({ row: row.row_key ?? '', column: normaliseBin(row.column_key ?? ''), group: n(row.g), participant: n(row.p) }))
    .filter((c) => c.group + c.participant > 0);
  return { ...found, kind: view.kind, binWidth: view.binWidth, cells };
}

/** PostgreSQL writes a floored double as `40`, SQLite an integer as `40`; a float as `40.0` is made `40`. */
function normaliseBin(column: string): string {
  return /^\d+\.0+$/.test(column) ? column.replace(/\.0+$/, '') : column;
}
