/**
 * The quality flags' figures per game, kept current in the database (issue 17 part 7, ADR 025
 * amended 2026-11-24, migration 0024): `delphi_game_figures` has one row per game with the
 * counts the rules need and its runs of one identical response, so a page of 50 participants
 * reads ≤ 300 rows instead of sorting their 50,000 responses.
 *
 * The triggers that keep the cells (plots/plot-cells.ts) run these statements too: on insert,
 * add the response to its game's counts and extend or restart the current run (a response is
 * appended: runs follow arrival, which is `seq` order); before and after an update of the
 * columns a count reads (a late prompt fills in `rt_ms`), take the counts away and add them
 * again. A deleted suite takes its games' rows with it (foreign key, cascade). Literals only:
 * the SQL is a trigger's body.
 */
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { TOO_FAST_MS } from './quality-rules';

type Sql = RawBuilder<unknown>;

/** The columns an update may change that a count reads (runs read `response`, which no update changes). */
export const FIGURE_UPDATE_COLUMNS = ['rt_ms', 'is_correct', 'anticipation', 'round'];

/**
 * A practice round's response (issue 25, ADR 047): Mime Mix's `practice` (ADR 016), Color
 * Catch's `Practice` (ADR 015), Word Links' `L1_P`/`L2_P` (ADR 017). Practice is not data: it
 * is left out of every quality count, so a flag never mixes 12 practice faces with the 84 of
 * the game (the plots leave it out likewise, plots/plot-cells.ts).
 */
export function practiceRound(r: string): Sql {
  const c = (column: string) => sql.raw(`${r}.${column}`);
  return sql`(lower(coalesce(${c('round')}, '')) = 'practice' or (${c('game_name')} = 'WordLinks' and coalesce(${c('round')}, '') like '%P'))`;
}

/** What one response row (`r`: `new`, `old`, or a table alias) adds to each count. */
function counts(r: string) {
  const c = (column: string) => sql.raw(`${r}.${column}`);
  const counted = sql`not ${practiceRound(r)}`;
  const response = sql`(${c('anticipation')} is null or ${c('anticipation')} = 0) and ${counted}`;
  return {
    responses: sql`(case when ${response} then 1 else 0 end)`,
    anticipations: sql`(case when ${c('anticipation')} = 1 and ${counted} then 1 else 0 end)`,
    timed: sql`(case when ${c('rt_ms')} is not null and ${response} then 1 else 0 end)`,
    fast: sql`(case when ${c('rt_ms')} >= 0 and ${c('rt_ms')} < ${sql.lit(TOO_FAST_MS)} and ${response} then 1 else 0 end)`,
    scored: sql`(case when ${c('is_correct')} is not null and ${counted} then 1 else 0 end)`,
    correct: sql`(case when ${c('is_correct')} = 1 and ${counted} then 1 else 0 end)`,
    /** The response a run counts (NULL: not part of any run, and not breaking one). */
    runResponse: sql`(case when ${c('response')} is not null and ${response} then ${c('response')} end)`,
  };
}

const COUNTED = ['timed', 'fast', 'scored', 'correct', 'responses', 'anticipations'] as const;

/** The statement for a new response (in the insert trigger). */
export function figureInsert(): Sql {
  const n = counts('new');
  const f = (column: string) => sql.raw(`delphi_game_figures.${column}`);
  const x = (column: string) => sql.raw(`excluded.${column}`);
  const runLength = sql`(case when ${x('run_response')} is null then ${f('run_length')} when ${x('run_response')} = ${f('run_response')} then ${f('run_length')} + 1 else 1 end)`;
  return sql`insert into delphi_game_figures (game_id, suite_id, responses, anticipations, timed, fast, scored, correct,
      last_responded, frame_sum, frame_n, run_response, run_length, longest_run, longest_response)
    values (new.game_id, new.suite_id, ${n.responses}, ${n.anticipations}, ${n.timed}, ${n.fast}, ${n.scored}, ${n.correct},
      new.responded_at, coalesce(new.frame_interval_ms, 0), (case when new.frame_interval_ms is null then 0 else 1 end),
      ${n.runResponse}, (case when ${n.runResponse} is null then 0 else 1 end), (case when ${n.runResponse} is null then 0 else 1 end), ${n.runResponse})
    on conflict (game_id) do update set
      ${sql.join(COUNTED.map((k) => sql`${sql.raw(k)} = ${f(k)} + ${x(k)}`))},
      last_responded = (case when ${x('last_responded')} > ${f('last_responded')} then ${x('last_responded')} else ${f('last_responded')} end),
      frame_sum = ${f('frame_sum')} + ${x('frame_sum')},
      frame_n = ${f('frame_n')} + ${x('frame_n')},
      run_response = coalesce(${x('run_response')}, ${f('run_response')}),
      run_length = ${runLength},
      longest_run = (case when ${runLength} > ${f('longest_run')} then ${runLength} else ${f('longest_run')} end),
      longest_response = (case when ${runLength} > ${f('longest_run')} then ${x('run_response')} else ${f('longest_response')} end)`;
}

/** The statement that takes away (`old`, −1) or adds again (`new`, +1) an updated response's counts. */
export function figureUpdate(ref: 'old' | 'new'): Sql {
  const n = counts(ref);
  const sign = ref === 'old' ? sql.raw('-') : sql.raw('+');
  return sql`update delphi_game_figures set ${sql.join(COUNTED.map((k) => sql`${sql.raw(k)} = ${sql.raw(k)} ${sign} ${n[k]}`))}
    where game_id = ${sql.raw(ref)}.game_id`;
}

type Num = number | string | null;

/** Recomputes every game's row from the responses (migration 0024's backfill). */
export async function rebuildGameFigures<DB>(db: Kysely<DB>): Promise<void> {
  await sql`delete from delphi_game_figures`.execute(db);
  const r = counts('r');
  const sums = sql.join(COUNTED.map((k) => sql`sum(${r[k]}) as ${sql.raw(k)}`));
  await sql`insert into delphi_game_figures (game_id, suite_id, responses, anticipations, timed, fast, scored, correct,
      last_responded, frame_sum, frame_n, run_response, run_length, longest_run, longest_response)
    select game_id, suite_id, responses, anticipations, timed, fast, scored, correct, last_responded, frame_sum, frame_n, null, 0, 0, null
    from (select game_id, min(suite_id) as suite_id, ${sums}, max(responded_at) as last_responded,
        coalesce(sum(frame_interval_ms), 0) as frame_sum, count(frame_interval_ms) as frame_n
      from delphi_responses r group by game_id) per_game`.execute(db);
  // Each game's runs (gaps and islands, as the quality figures computed them before): the longest, the first of equal ones, and the current (latest).
  const runs = await sql<{ game_id: string; response: string; run: Num; longest: Num; latest: Num }>`
    select game_id, response, run, longest, latest from (
      select game_id, response, run,
        row_number() over (partition by game_id order by run desc, first_seq) as longest,
        row_number() over (partition by game_id order by last_seq desc) as latest
      from (
        select game_id, response, count(*) as run, min(seq) as first_seq, max(seq) as last_seq from (
          select game_id, response, seq,
            row_number() over (partition by game_id order by seq) - row_number() over (partition by game_id, response order by seq) as island
          from delphi_responses r where ${r.runResponse} is not null
        ) islands group by game_id, response, island
      ) runs
    ) ranked where longest = 1 or latest = 1`.execute(db);
  for (const run of runs.rows) {
    if (Number(run.longest) === 1) {
      await sql`update delphi_game_figures set longest_run = ${Number(run.run)}, longest_response = ${run.response} where game_id = ${run.game_id}`.execute(db);
    }
    if (Number(run.latest) === 1) {
      await sql`update delphi_game_figures set run_length = ${Number(run.run)}, run_response = ${run.response} where game_id = ${run.game_id}`.execute(db);
    }
  }
}
