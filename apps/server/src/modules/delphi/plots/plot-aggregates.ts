/**
 * The /Data plots' aggregates (issue 17 part 5, ADR 027): counts and sums per cell of a plot.
 * The group's side comes from the cells the database keeps current (plot-cells.ts, migration
 * 0024) of the study's scope (ADR 074), less the excluded participants' own responses; the picked participant's side reads
 * their suite's rows through the index. Nothing row by row leaves the database, and nothing is
 * kept in the process: every call reads the database's current state.
 */
import type { delphi, delphiPlots } from '@chi/contract';
import { sql } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Db } from '../delphi-db';
import { plotCells } from './plot-cells';
import type { GroupSource, PlotKind } from './plot-cells';
import { inScope, suiteCondition } from '../studies/data-scope';
import type { DataScope } from '../studies/data-scope';
import { RT_BINS, SCORE_BIN, excludedSuites, participantAudience, people } from './plot-sql';

type Input = { gameName: delphi.GameName; participant?: string | undefined; includeExcluded: boolean };

/** Who a plot counts: the scope's excluded suites (none when they are asked for), the picked participant, and how many each side has. */
async function audience(db: Db, input: Input, scope: DataScope) {
  const excluded = input.includeExcluded ? [] : await excludedSuites(db, input.gameName, scope);
  const highlighted = participantAudience(input.participant, scope)?.highlighted ?? null;
  return { excluded, highlighted };
}

/**
 * Where the group's counts come from (ADR 074): the kept cells when the scope is every suite;
 * otherwise whichever side is smaller, by suites: the kept cells less the suites outside the
 * scope, or the scope's own responses (a new study beside the default study's million rows).
 */
async function groupSource(db: Db, scope: DataScope): Promise<GroupSource> {
  if (scope.everything) return { from: 'kept', outside: null };
  const row = await db
    .selectFrom('delphi_suites')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number | string | null>(sql<number>`case when ${suiteCondition(scope)} then 1 else 0 end`).as('inside')])
    .executeTakeFirstOrThrow();
  const inside = Number(row.inside ?? 0);
  return inside <= Number(row.n) - inside
    ? { from: 'responses', inside: inScope(scope) }
    : { from: 'kept', outside: sql`not (${inScope(scope)})` };
}

/** The plot's cells for the group (less the excluded unless asked for) and the picked participant, and who they count. */
async function cellsOf(db: Db, dialect: Dialect, kind: PlotKind, input: Input, scope: DataScope) {
  const [{ excluded, highlighted }, source] = await Promise.all([audience(db, input, scope), groupSource(db, scope)]);
  const [found, cells] = await Promise.all([
    people(db, input.gameName, scope, excluded, highlighted),
    plotCells(db, dialect, kind, input.gameName, excluded, highlighted, source),
  ]);
  return { found, cells };
}

export async function responseTimes(db: Db, dialect: Dialect, input: Input, scope: DataScope) {
  const { binMs, maxMs } = RT_BINS[input.gameName];
  const { found, cells } = await cellsOf(db, dialect, 'rt', input, scope);
  // k1 condition, k2 block, k3 the bin's start.
  const sorted = cells.sort((a, b) => compare(a.k1, b.k1) || compare(a.k2, b.k2) || Number(a.k3) - Number(b.k3));
  const bins: delphiPlots.RtBin[] = sorted.map((c) => ({ condition: c.k1, block: c.k2, binStart: Number(c.k3), group: c.g, participant: c.p }));
  const sums = new Map<string, delphiPlots.RtSummary & { gs: number; ps: number }>();
  for (const c of sorted) {
    const key = `${c.k1}\u0000${c.k2}`;
    const sum = sums.get(key) ?? { condition: c.k1, block: c.k2, group: 0, groupMeanMs: null, participant: 0, participantMeanMs: null, gs: 0, ps: 0 };
    sum.group += c.g;
    sum.participant += c.p;
    sum.gs += c.gs;
    sum.ps += c.ps;
    sums.set(key, sum);
  }
  const summary = [...sums.values()].map(({ gs, ps, ...s }) => ({
    ...s,
    groupMeanMs: s.group > 0 ? gs / s.group : null,
    participantMeanMs: s.participant > 0 ? ps / s.participant : null,
  }));
  return { ...found, binMs, maxMs, bins, summary };
}

export async function accuracy(db: Db, dialect: Dialect, input: Input, scope: DataScope) {
  const { found, cells } = await cellsOf(db, dialect, 'accuracy', input, scope);
  // k1 block, k2 category; the sum counts the correct answers.
  return {
    ...found,
    cells: cells
      .sort((a, b) => compare(a.k1, b.k1) || compare(a.k2, b.k2))
      .map((c) => ({ block: c.k1, category: c.k2, groupScored: c.g, groupCorrect: c.gs, participantScored: c.p, participantCorrect: c.ps })),
  };
}

/** What each later game's own view shows (plot-cells.ts writes its rows × columns), or none. */
const VIEWS: Partial<Record<delphi.GameName, { kind: 'errorTypes' | 'confusion' | 'scores'; binWidth: number | null }>> = {
  ColorCatch: { kind: 'errorTypes', binWidth: null },
  MimeMix: { kind: 'confusion', binWidth: null },
  WordLinks: { kind: 'scores', binWidth: SCORE_BIN },
};

export async function gameView(db: Db, dialect: Dialect, input: Input, scope: DataScope) {
  const view = VIEWS[input.gameName];
  if (!view) {
    const { excluded, highlighted } = await audience(db, input, scope);
    return { ...(await people(db, input.gameName, scope, excluded, highlighted)), kind: 'none' as const, binWidth: null, cells: [] };
  }
  const { found, cells } = await cellsOf(db, dialect, 'view', input, scope);
  // k1 the row, k2 the column.
  const merged = new Map<string, { row: string; column: string; group: number; participant: number }>();
  for (const c of cells) {
    const column = normaliseBin(c.k2);
    const key = `${c.k1}\u0000${column}`;
    const cell = merged.get(key) ?? { row: c.k1, column, group: 0, participant: 0 };
    cell.group += c.g;
    cell.participant += c.p;
    merged.set(key, cell);
  }
  return { ...found, kind: view.kind, binWidth: view.binWidth, cells: [...merged.values()].sort((a, b) => compare(a.row, b.row) || compare(a.column, b.column)) };
}

/** One order on both dialects (their collations differ): by code unit. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** PostgreSQL writes a floored double as `40`, SQLite an integer as `40`; a float as `40.0` is made `40`. */
function normaliseBin(column: string): string {
  return /^\d+\.0+$/.test(column) ? column.replace(/\.0+$/, '') : column;
}
