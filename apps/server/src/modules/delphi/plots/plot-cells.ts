/**
 * The plots' group side, kept current in the database (issue 17 part 7, ADR 027 amended
 * 2026-11-24, migration 0024): `delphi_plot_cells` holds, per game, plot and cell (the keys a
 * plot groups by), the number of responses in the cell and a sum (RT ms, correct answers),
 * split over a few shards by suite so concurrent writers on PostgreSQL rarely wait on one
 * row. Triggers on `delphi_responses` add a response's contribution when it is stored, move
 * it when a late prompt fills in its reaction time (subtract before the update, add after),
 * and take it away when its suite is deleted: in the same transaction as the write, on every
 * process, so a plot reads a few thousand cells instead of scanning a game's responses.
 * Counts and sums merge by addition, so the excluded participants are subtracted (their own
 * rows, found through the suite index) and the picked participant read the same way.
 *
 * Every expression here is written with literals only: the same SQL is the triggers' body
 * (DDL has no parameters), the backfill, and the straightforward query the tests compare with.
 */
import { delphi } from '@chi/contract';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Dialect } from '../../../db/database';
import { FIGURE_UPDATE_COLUMNS, figureInsert, figureUpdate } from '../quality/figure-rows';
import { NOT_ANTICIPATION, RT_BINS, SCORE_BIN, attributeNumber, attributeText, binOf } from './plot-sql';

type Sql = RawBuilder<unknown>;

export const PLOT_KINDS = ['rt', 'accuracy', 'view'] as const;
export type PlotKind = (typeof PLOT_KINDS)[number];

/** Shards of a cell (by the suite id's last character): a PostgreSQL writer locks one of these rows per plot. */
export const SHARDS = 8;

/** What a plot counts of a response: which responses (`where`), its cell (`k1`–`k3`, text) and what it adds to the cell's sum. */
export interface CellSql {
  readonly where: Sql;
  readonly k1: Sql;
  readonly k2: Sql;
  readonly k3: Sql;
  readonly s: Sql;
}

const lit = (value: string) => sql.lit(value);
const gameIn = (names: readonly string[]) => sql`game_name in (${sql.join(names.map(lit))})`;

/** The RT histogram's cell: condition (ADR 022 for Flash Match, else the category), block, bin start. */
function rtCell(dialect: Dialect): CellSql {
  const games = Object.keys(RT_BINS) as delphi.GameName[];
  const bins = sql.join(
    games.map((name) => sql`when ${lit(name)} then ${binOf(sql`rt_ms`, RT_BINS[name].binMs, RT_BINS[name].maxMs, dialect)}`),
    sql` `,
  );
  return {
    where: sql`${gameIn(games)} and rt_ms is not null and rt_ms >= 0 and ${NOT_ANTICIPATION}`,
    k1: sql`case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end`,
    k2: sql`coalesce(round, '')`,
    k3: sql`cast(case game_name ${bins} end as text)`,
    s: sql`rt_ms`,
  };
}

/** Accuracy's cell: block and category. */
function accuracyCell(): CellSql {
  return {
    where: sql`${gameIn(delphi.GAME_NAMES)} and is_correct is not null and ${NOT_ANTICIPATION}`,
    k1: sql`coalesce(round, '')`,
    k2: sql`coalesce(category, '')`,
    k3: sql`''`,
    s: sql`(case when is_correct = 1 then 1 else 0 end)`,
  };
}

/**
 * Each later game's own view: Color Catch's error types per level (ADR 015), Mime Mix's cued
 * emotion × answer in the main game (ADR 016), Word Links' accepted word scores per level,
 * practice left out (ADR 017).
 */
function viewCell(dialect: Dialect): CellSql {
  const score = attributeNumber('score', dialect);
  return {
    where: sql`${NOT_ANTICIPATION} and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and ${score} is not null and coalesce(round, '') not like '%P'))`,
    k1: sql`case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end`,
    k2: sql`case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce(${attributeText('errorType', dialect)}, 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(${binOf(score, SCORE_BIN, 100 - SCORE_BIN, dialect)} as text) end`,
    k3: sql`''`,
    s: sql`0`,
  };
}

/** The games that have a view of their own. */
export const VIEW_GAMES: readonly delphi.GameName[] = ['ColorCatch', 'MimeMix', 'WordLinks'];

export function cellSql(kind: PlotKind, dialect: Dialect): CellSql {
  return kind === 'rt' ? rtCell(dialect) : kind === 'accuracy' ? accuracyCell() : viewCell(dialect);
}

function shardOf(dialect: Dialect): Sql {
  return dialect === 'sqlite' ? sql`(unicode(substr(suite_id, -1)) % ${sql.lit(SHARDS)})` : sql`(ascii(right(suite_id, 1)) % ${sql.lit(SHARDS)})`;
}

/**
 * Adds (`sign` 1) or takes away (−1) the contribution of the responses `rows` selects (a
 * condition on `delphi_responses`), grouped, to the cells: one statement per plot (the rebuild).
 */
function applyStatements(dialect: Dialect, rows: Sql, sign: 1 | -1): Sql[] {
  return PLOT_KINDS.map((kind) => {
    const c = cellSql(kind, dialect);
    return sql`insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, ${lit(kind)}, ${shardOf(dialect)}, ${c.k1}, ${c.k2}, ${c.k3}, ${sql.lit(sign)} * count(*), ${sql.lit(sign)} * sum(${c.s})
      from delphi_responses where ${rows} and ${c.where}
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s`;
  });
}

/** The columns whose change moves a response to another cell (a trigger's UPDATE OF list), and the ones a cell reads. */
const CELL_COLUMNS = ['game_name', 'suite_id', 'round', 'response', 'is_correct', 'correct_answer', 'category', 'rt_ms', 'anticipation', 'attributes'];

/**
 * A trigger's statements (migration 0040): the one row `ref` (`new` or `old`) is added to (`sign`
 * 1) or taken away from (−1) the one cell per plot it falls in, computed from the row's own
 * values (a one-row derived table with the columns a cell reads, so the cell expressions are the
 * very ones of the rebuild) rather than by looking the row up again and grouping it with itself.
 * A row outside a plot's `where` yields no row, so no cell is created or touched, as before.
 */
function rowStatements(dialect: Dialect, ref: 'new' | 'old', sign: 1 | -1): Sql[] {
  const row = sql.join(CELL_COLUMNS.map((column) => sql.raw(`${ref}.${column} as ${column}`)));
  return PLOT_KINDS.map((kind) => {
    const c = cellSql(kind, dialect);
    return sql`insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, ${lit(kind)}, ${shardOf(dialect)}, ${c.k1}, ${c.k2}, ${c.k3}, ${sql.lit(sign)}, ${sql.lit(sign)} * ${c.s}
      from (select ${row}) r where ${c.where}
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s`;
  });
}

/** Recomputes every cell from the responses (migration 0024's backfill; a repair if ever needed). */
export async function rebuildPlotCells<DB>(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  await sql`delete from delphi_plot_cells`.execute(db);
  for (const statement of applyStatements(dialect, sql`1 = 1`, 1)) await statement.execute(db);
}

/**
 * PostgreSQL: the key space of the cells' advisory locks (the first of pg_advisory_xact_lock's
 * two keys), so they never meet another advisory lock of the product.
 */
export const CELL_LOCK_SPACE = 270036;

/**
 * The lock a trigger takes before it touches a cell or a game's figures (migration 0036, ADR 067):
 * one transaction-scoped advisory lock per game name and shard, the very rows it will touch
 * (cells are keyed by game name and shard; a game's figures belong to one game name and suite).
 * Writers of one game's cells therefore queue on this one lock instead of taking the cell rows
 * one by one in statement order (an INSERT adds RT then accuracy; a late prompt's UPDATE takes
 * accuracy away before it adds RT), which deadlocked. A delete (a suite's cascade may span
 * several games) takes the locks of every game name of its shard in name order, so two deletes
 * never wait on each other crosswise either.
 */
function cellLock(ref: 'new' | 'old', gameName: Sql = sql.raw(`${ref}.game_name`)): Sql {
  const shard = sql`(ascii(right(${sql.raw(ref)}.suite_id, 1)) % ${sql.lit(SHARDS)})`;
  return sql`perform pg_advisory_xact_lock(${sql.lit(CELL_LOCK_SPACE)}, hashtext(${gameName} || ':' || ${shard}));`;
}

function allGamesLock(ref: 'old'): Sql {
  return sql.join([...delphi.GAME_NAMES].sort().map((name) => cellLock(ref, lit(name))), sql`\n`);
}

/**
 * PostgreSQL: the trigger functions; `locked` false is migration 0024's locking (none, 0036's
 * down). `perRow` (migration 0040) computes each cell from the row itself (rowStatements); false
 * is the earlier form, one grouped insert-select per plot (0036's text).
 */
export function cellTriggerFunctions(locked = true, perRow = true): Sql[] {
  const apply = (ref: 'new' | 'old', sign: 1 | -1) => perRow ? rowStatements('postgres', ref, sign) : applyStatements('postgres', sql`seq = ${sql.raw(ref)}.seq`, sign);
  const body = (statements: Sql[]) => sql.join(statements.map((s) => sql`${s};`), sql`\n`);
  const none = sql``;
  // An update that moved a response to another game or suite (nothing does today) locks both, old first.
  const updateLocks = locked
    ? sql`${cellLock('old')} if new.game_name is distinct from old.game_name or new.suite_id is distinct from old.suite_id then ${cellLock('new')} end if;`
    : none;
  return [
    sql`create or replace function delphi_plot_cells_add() returns trigger language plpgsql as $body$ begin
      ${locked ? cellLock('new') : none}
      if tg_op = 'INSERT' then ${body([...apply('new', 1), figureInsert()])} else ${body([...apply('new', 1), figureUpdate('new')])} end if;
      return null; end $body$`,
    sql`create or replace function delphi_plot_cells_remove() returns trigger language plpgsql as $body$ begin
      if tg_op = 'UPDATE' then ${updateLocks} ${body([...apply('old', -1), figureUpdate('old')])} return new; end if;
      ${locked ? allGamesLock('old') : none}
      ${body(apply('old', -1))} return old; end $body$`,
  ];
}

/** The DDL of the triggers that keep the cells and the games' quality figures (quality/figure-rows.ts) current (migrations 0024, 0040). */
export function cellTriggers(dialect: Dialect): Sql[] {
  const of = sql.raw([...new Set([...CELL_COLUMNS, ...FIGURE_UPDATE_COLUMNS])].join(', '));
  if (dialect === 'sqlite') {
    // One writer at a time: SQLite has no row locks to take in the wrong order.
    const add = (ref: 'new' | 'old') => rowStatements(dialect, ref, 1);
    const remove = (ref: 'new' | 'old') => rowStatements(dialect, ref, -1);
    const body = (statements: Sql[]) => sql.join(statements.map((s) => sql`${s};`), sql`\n`);
    return [
      sql`create trigger delphi_plot_cells_insert after insert on delphi_responses begin ${body([...add('new'), figureInsert()])} end`,
      sql`create trigger delphi_plot_cells_before_update before update of ${of} on delphi_responses begin ${body([...remove('old'), figureUpdate('old')])} end`,
      sql`create trigger delphi_plot_cells_after_update after update of ${of} on delphi_responses begin ${body([...add('new'), figureUpdate('new')])} end`,
      sql`create trigger delphi_plot_cells_delete before delete on delphi_responses begin ${body(remove('old'))} end`,
    ];
  }
  return [
    ...cellTriggerFunctions(),
    sql`create trigger delphi_plot_cells_insert after insert on delphi_responses for each row execute function delphi_plot_cells_add()`,
    sql`create trigger delphi_plot_cells_before_update before update of ${of} on delphi_responses for each row execute function delphi_plot_cells_remove()`,
    sql`create trigger delphi_plot_cells_after_update after update of ${of} on delphi_responses for each row execute function delphi_plot_cells_add()`,
    sql`create trigger delphi_plot_cells_delete before delete on delphi_responses for each row execute function delphi_plot_cells_remove()`,
  ];
}

/** Drops what cellTriggers created (migration 0024's down). */
export function dropCellTriggers(dialect: Dialect): Sql[] {
  const triggers = ['insert', 'before_update', 'after_update', 'delete'].map((t) => `delphi_plot_cells_${t}`);
  if (dialect === 'sqlite') return triggers.map((t) => sql`drop trigger if exists ${sql.raw(t)}`);
  return [
    ...triggers.map((t) => sql`drop trigger if exists ${sql.raw(t)} on delphi_responses`),
    sql`drop function if exists delphi_plot_cells_add()`,
    sql`drop function if exists delphi_plot_cells_remove()`,
  ];
}

/** One cell's counts: the group's (`g`, `gs`) and the picked participant's (`p`, `ps`). */
export interface CellRow {
  readonly k1: string;
  readonly k2: string;
  readonly k3: string;
  g: number;
  gs: number;
  p: number;
  ps: number;
}

type Num = number | string | null;
type Raw = { k1: string; k2: string; k3: string; n: Num; s: Num };

/** The cells of `rows` (a condition on delphi_responses) counted straight from the responses. */
export async function cellsFromResponses<DB>(db: Kysely<DB>, dialect: Dialect, kind: PlotKind, gameName: delphi.GameName, rows: Sql): Promise<Raw[]> {
  const c = cellSql(kind, dialect);
  return (await sql<Raw>`
    select ${c.k1} as k1, ${c.k2} as k2, ${c.k3} as k3, count(*) as n, sum(${c.s}) as s
    from delphi_responses where game_name = ${gameName} and ${rows} and ${c.where}
    group by 1, 2, 3`.execute(db)).rows;
}

/** The cells of everyone, summed over shards, from the kept table. */
export async function keptCells<DB>(db: Kysely<DB>, kind: PlotKind, gameName: delphi.GameName): Promise<Raw[]> {
  return (await sql<Raw>`
    select k1, k2, k3, sum(n) as n, sum(s) as s from delphi_plot_cells
    where game_name = ${gameName} and plot = ${kind}
    group by k1, k2, k3`.execute(db)).rows;
}

/**
 * Where the group's counts come from (ADR 074): the kept cells (every suite's), less the
 * responses `outside` selects (suites of other studies or runs; null: none), or, when the scope
 * is the smaller side, straight from the responses `inside` selects. Either way the cost grows
 * with the smaller of the two sides, never with the whole table.
 */
export type GroupSource = { readonly from: 'kept'; readonly outside: Sql | null } | { readonly from: 'responses'; readonly inside: Sql };

/**
 * A plot's cells: the group (from `source`, less the `excluded` suites' own responses; the
 * excluded are suites of the group) and the participant `highlighted` selects (a condition on
 * delphi_responses), or none.
 */
export async function plotCells<DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  kind: PlotKind,
  gameName: delphi.GameName,
  excluded: readonly string[],
  highlighted: Sql | null,
  source: GroupSource = { from: 'kept', outside: null },
): Promise<CellRow[]> {
  const inSuites = (ids: readonly string[]) => sql`suite_id in (${sql.join(ids.map((id) => sql`${id}`))})`;
  const none = Promise.resolve([] as Raw[]);
  const [all, outside, less, mine] = await Promise.all([
    source.from === 'kept' ? keptCells(db, kind, gameName) : cellsFromResponses(db, dialect, kind, gameName, source.inside),
    source.from === 'kept' && source.outside !== null ? cellsFromResponses(db, dialect, kind, gameName, source.outside) : none,
    excluded.length === 0 ? none : cellsFromResponses(db, dialect, kind, gameName, inSuites(excluded)),
    highlighted === null ? none : cellsFromResponses(db, dialect, kind, gameName, highlighted),
  ]);
  const cells = new Map<string, CellRow>();
  const cell = (row: Raw) => {
    const key = `${row.k1}\u0000${row.k2}\u0000${row.k3}`;
    const found = cells.get(key) ?? { k1: row.k1, k2: row.k2, k3: row.k3, g: 0, gs: 0, p: 0, ps: 0 };
    cells.set(key, found);
    return found;
  };
  for (const row of all) {
    const c = cell(row);
    c.g += Number(row.n ?? 0);
    c.gs += Number(row.s ?? 0);
  }
  for (const row of [...outside, ...less]) {
    const c = cell(row);
    c.g -= Number(row.n ?? 0);
    c.gs -= Number(row.s ?? 0);
  }
  for (const row of mine) {
    const c = cell(row);
    c.p += Number(row.n ?? 0);
    c.ps += Number(row.s ?? 0);
  }
  return [...cells.values()].filter((c) => c.g > 0 || c.p > 0);
}
