/**
 * Issue 27 (ADR 067): migration 0024's triggers took a game's plot-cell rows in statement order
 * (an INSERT: RT cell, then accuracy; a late prompt's UPDATE: accuracy out, then RT in), and two
 * writers of one game could deadlock on PostgreSQL. The trigger functions are replaced by ones
 * that first take one transaction-scoped advisory lock per game name and shard. The triggers
 * themselves are unchanged. SQLite has one writer at a time and no row locks: nothing to do.
 *
 * Frozen (issue 28): the statements are written out as `plots/plot-cells.ts`
 * (`cellTriggerFunctions(true)` for up, `(false)` for down) generated them when this migration
 * shipped, so a later change of that file never changes what this migration does.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The trigger functions with the advisory lock first. */
export const UP: readonly string[] = [
  `create or replace function delphi_plot_cells_add() returns trigger language plpgsql as $body$ begin
      perform pg_advisory_xact_lock(270036, hashtext(new.game_name || ':' || (ascii(right(new.suite_id, 1)) % 8)));
      if tg_op = 'INSERT' then insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (ascii(right(suite_id, 1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else floor(rt_ms / 50) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else floor(rt_ms / 500) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end end as text), 1 * count(*), 1 * sum(rt_ms)
      from delphi_responses where seq = new.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (ascii(right(suite_id, 1)) % 8), coalesce(round, ''), coalesce(category, ''), '', 1 * count(*), 1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = new.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (ascii(right(suite_id, 1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce((attributes::jsonb ->> 'errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) >= 90 then 90 else floor((case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) / 10) * 10 end as text) end, '', 1 * count(*), 1 * sum(0)
      from delphi_responses where seq = new.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_game_figures (game_id, suite_id, responses, anticipations, timed, fast, scored, correct,
      last_responded, frame_sum, frame_n, run_response, run_length, longest_run, longest_response)
    values (new.game_id, new.suite_id, (case when (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), (case when new.anticipation = 1 and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), (case when new.rt_ms is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), (case when new.rt_ms >= 0 and new.rt_ms < 150 and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), (case when new.is_correct is not null and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), (case when new.is_correct = 1 and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end),
      new.responded_at, coalesce(new.frame_interval_ms, 0), (case when new.frame_interval_ms is null then 0 else 1 end),
      (case when new.response is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then new.response end), (case when (case when new.response is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then new.response end) is null then 0 else 1 end), (case when (case when new.response is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then new.response end) is null then 0 else 1 end), (case when new.response is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then new.response end))
    on conflict (game_id) do update set
      timed = delphi_game_figures.timed + excluded.timed, fast = delphi_game_figures.fast + excluded.fast, scored = delphi_game_figures.scored + excluded.scored, correct = delphi_game_figures.correct + excluded.correct, responses = delphi_game_figures.responses + excluded.responses, anticipations = delphi_game_figures.anticipations + excluded.anticipations,
      last_responded = (case when excluded.last_responded > delphi_game_figures.last_responded then excluded.last_responded else delphi_game_figures.last_responded end),
      frame_sum = delphi_game_figures.frame_sum + excluded.frame_sum,
      frame_n = delphi_game_figures.frame_n + excluded.frame_n,
      run_response = coalesce(excluded.run_response, delphi_game_figures.run_response),
      run_length = (case when excluded.run_response is null then delphi_game_figures.run_length when excluded.run_response = delphi_game_figures.run_response then delphi_game_figures.run_length + 1 else 1 end),
      longest_run = (case when (case when excluded.run_response is null then delphi_game_figures.run_length when excluded.run_response = delphi_game_figures.run_response then delphi_game_figures.run_length + 1 else 1 end) > delphi_game_figures.longest_run then (case when excluded.run_response is null then delphi_game_figures.run_length when excluded.run_response = delphi_game_figures.run_response then delphi_game_figures.run_length + 1 else 1 end) else delphi_game_figures.longest_run end),
      longest_response = (case when (case when excluded.run_response is null then delphi_game_figures.run_length when excluded.run_response = delphi_game_figures.run_response then delphi_game_figures.run_length + 1 else 1 end) > delphi_game_figures.longest_run then excluded.run_response else delphi_game_figures.longest_response end); else insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (ascii(right(suite_id, 1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else floor(rt_ms / 50) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else floor(rt_ms / 500) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end end as text), 1 * count(*), 1 * sum(rt_ms)
      from delphi_responses where seq = new.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (ascii(right(suite_id, 1)) % 8), coalesce(round, ''), coalesce(category, ''), '', 1 * count(*), 1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = new.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (ascii(right(suite_id, 1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce((attributes::jsonb ->> 'errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) >= 90 then 90 else floor((case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) / 10) * 10 end as text) end, '', 1 * count(*), 1 * sum(0)
      from delphi_responses where seq = new.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
update delphi_game_figures set timed = timed + (case when new.rt_ms is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), fast = fast + (case when new.rt_ms >= 0 and new.rt_ms < 150 and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), scored = scored + (case when new.is_correct is not null and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), correct = correct + (case when new.is_correct = 1 and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), responses = responses + (case when (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), anticipations = anticipations + (case when new.anticipation = 1 and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end)
    where game_id = new.game_id; end if;
      return null; end $body$`,
  `create or replace function delphi_plot_cells_remove() returns trigger language plpgsql as $body$ begin
      if tg_op = 'UPDATE' then perform pg_advisory_xact_lock(270036, hashtext(old.game_name || ':' || (ascii(right(old.suite_id, 1)) % 8))); if new.game_name is distinct from old.game_name or new.suite_id is distinct from old.suite_id then perform pg_advisory_xact_lock(270036, hashtext(new.game_name || ':' || (ascii(right(new.suite_id, 1)) % 8))); end if; insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (ascii(right(suite_id, 1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else floor(rt_ms / 50) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else floor(rt_ms / 500) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end end as text), -1 * count(*), -1 * sum(rt_ms)
      from delphi_responses where seq = old.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (ascii(right(suite_id, 1)) % 8), coalesce(round, ''), coalesce(category, ''), '', -1 * count(*), -1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = old.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (ascii(right(suite_id, 1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce((attributes::jsonb ->> 'errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) >= 90 then 90 else floor((case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) / 10) * 10 end as text) end, '', -1 * count(*), -1 * sum(0)
      from delphi_responses where seq = old.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
update delphi_game_figures set timed = timed - (case when old.rt_ms is not null and (old.anticipation is null or old.anticipation = 0) and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), fast = fast - (case when old.rt_ms >= 0 and old.rt_ms < 150 and (old.anticipation is null or old.anticipation = 0) and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), scored = scored - (case when old.is_correct is not null and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), correct = correct - (case when old.is_correct = 1 and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), responses = responses - (case when (old.anticipation is null or old.anticipation = 0) and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), anticipations = anticipations - (case when old.anticipation = 1 and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end)
    where game_id = old.game_id; return new; end if;
      perform pg_advisory_xact_lock(270036, hashtext('ColorCatch' || ':' || (ascii(right(old.suite_id, 1)) % 8)));
perform pg_advisory_xact_lock(270036, hashtext('FlashMatch' || ':' || (ascii(right(old.suite_id, 1)) % 8)));
perform pg_advisory_xact_lock(270036, hashtext('MimeMix' || ':' || (ascii(right(old.suite_id, 1)) % 8)));
perform pg_advisory_xact_lock(270036, hashtext('MorningMemo' || ':' || (ascii(right(old.suite_id, 1)) % 8)));
perform pg_advisory_xact_lock(270036, hashtext('QuizTime' || ':' || (ascii(right(old.suite_id, 1)) % 8)));
perform pg_advisory_xact_lock(270036, hashtext('WordLinks' || ':' || (ascii(right(old.suite_id, 1)) % 8)));
      insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (ascii(right(suite_id, 1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else floor(rt_ms / 50) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else floor(rt_ms / 500) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end end as text), -1 * count(*), -1 * sum(rt_ms)
      from delphi_responses where seq = old.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (ascii(right(suite_id, 1)) % 8), coalesce(round, ''), coalesce(category, ''), '', -1 * count(*), -1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = old.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (ascii(right(suite_id, 1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce((attributes::jsonb ->> 'errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) >= 90 then 90 else floor((case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) / 10) * 10 end as text) end, '', -1 * count(*), -1 * sum(0)
      from delphi_responses where seq = old.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s; return old; end $body$`,
];

/** The trigger functions as 0024 created them. */
const DOWN: readonly string[] = [
  `create or replace function delphi_plot_cells_add() returns trigger language plpgsql as $body$ begin
      
      if tg_op = 'INSERT' then insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (ascii(right(suite_id, 1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else floor(rt_ms / 50) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else floor(rt_ms / 500) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end end as text), 1 * count(*), 1 * sum(rt_ms)
      from delphi_responses where seq = new.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (ascii(right(suite_id, 1)) % 8), coalesce(round, ''), coalesce(category, ''), '', 1 * count(*), 1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = new.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (ascii(right(suite_id, 1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce((attributes::jsonb ->> 'errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) >= 90 then 90 else floor((case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) / 10) * 10 end as text) end, '', 1 * count(*), 1 * sum(0)
      from delphi_responses where seq = new.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_game_figures (game_id, suite_id, responses, anticipations, timed, fast, scored, correct,
      last_responded, frame_sum, frame_n, run_response, run_length, longest_run, longest_response)
    values (new.game_id, new.suite_id, (case when (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), (case when new.anticipation = 1 and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), (case when new.rt_ms is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), (case when new.rt_ms >= 0 and new.rt_ms < 150 and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), (case when new.is_correct is not null and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), (case when new.is_correct = 1 and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end),
      new.responded_at, coalesce(new.frame_interval_ms, 0), (case when new.frame_interval_ms is null then 0 else 1 end),
      (case when new.response is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then new.response end), (case when (case when new.response is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then new.response end) is null then 0 else 1 end), (case when (case when new.response is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then new.response end) is null then 0 else 1 end), (case when new.response is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then new.response end))
    on conflict (game_id) do update set
      timed = delphi_game_figures.timed + excluded.timed, fast = delphi_game_figures.fast + excluded.fast, scored = delphi_game_figures.scored + excluded.scored, correct = delphi_game_figures.correct + excluded.correct, responses = delphi_game_figures.responses + excluded.responses, anticipations = delphi_game_figures.anticipations + excluded.anticipations,
      last_responded = (case when excluded.last_responded > delphi_game_figures.last_responded then excluded.last_responded else delphi_game_figures.last_responded end),
      frame_sum = delphi_game_figures.frame_sum + excluded.frame_sum,
      frame_n = delphi_game_figures.frame_n + excluded.frame_n,
      run_response = coalesce(excluded.run_response, delphi_game_figures.run_response),
      run_length = (case when excluded.run_response is null then delphi_game_figures.run_length when excluded.run_response = delphi_game_figures.run_response then delphi_game_figures.run_length + 1 else 1 end),
      longest_run = (case when (case when excluded.run_response is null then delphi_game_figures.run_length when excluded.run_response = delphi_game_figures.run_response then delphi_game_figures.run_length + 1 else 1 end) > delphi_game_figures.longest_run then (case when excluded.run_response is null then delphi_game_figures.run_length when excluded.run_response = delphi_game_figures.run_response then delphi_game_figures.run_length + 1 else 1 end) else delphi_game_figures.longest_run end),
      longest_response = (case when (case when excluded.run_response is null then delphi_game_figures.run_length when excluded.run_response = delphi_game_figures.run_response then delphi_game_figures.run_length + 1 else 1 end) > delphi_game_figures.longest_run then excluded.run_response else delphi_game_figures.longest_response end); else insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (ascii(right(suite_id, 1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else floor(rt_ms / 50) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else floor(rt_ms / 500) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end end as text), 1 * count(*), 1 * sum(rt_ms)
      from delphi_responses where seq = new.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (ascii(right(suite_id, 1)) % 8), coalesce(round, ''), coalesce(category, ''), '', 1 * count(*), 1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = new.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (ascii(right(suite_id, 1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce((attributes::jsonb ->> 'errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) >= 90 then 90 else floor((case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) / 10) * 10 end as text) end, '', 1 * count(*), 1 * sum(0)
      from delphi_responses where seq = new.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
update delphi_game_figures set timed = timed + (case when new.rt_ms is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), fast = fast + (case when new.rt_ms >= 0 and new.rt_ms < 150 and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), scored = scored + (case when new.is_correct is not null and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), correct = correct + (case when new.is_correct = 1 and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), responses = responses + (case when (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), anticipations = anticipations + (case when new.anticipation = 1 and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end)
    where game_id = new.game_id; end if;
      return null; end $body$`,
  `create or replace function delphi_plot_cells_remove() returns trigger language plpgsql as $body$ begin
      if tg_op = 'UPDATE' then  insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (ascii(right(suite_id, 1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else floor(rt_ms / 50) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else floor(rt_ms / 500) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end end as text), -1 * count(*), -1 * sum(rt_ms)
      from delphi_responses where seq = old.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (ascii(right(suite_id, 1)) % 8), coalesce(round, ''), coalesce(category, ''), '', -1 * count(*), -1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = old.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (ascii(right(suite_id, 1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce((attributes::jsonb ->> 'errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) >= 90 then 90 else floor((case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) / 10) * 10 end as text) end, '', -1 * count(*), -1 * sum(0)
      from delphi_responses where seq = old.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
update delphi_game_figures set timed = timed - (case when old.rt_ms is not null and (old.anticipation is null or old.anticipation = 0) and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), fast = fast - (case when old.rt_ms >= 0 and old.rt_ms < 150 and (old.anticipation is null or old.anticipation = 0) and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), scored = scored - (case when old.is_correct is not null and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), correct = correct - (case when old.is_correct = 1 and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), responses = responses - (case when (old.anticipation is null or old.anticipation = 0) and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), anticipations = anticipations - (case when old.anticipation = 1 and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end)
    where game_id = old.game_id; return new; end if;
      
      insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (ascii(right(suite_id, 1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else floor(rt_ms / 50) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else floor(rt_ms / 500) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end end as text), -1 * count(*), -1 * sum(rt_ms)
      from delphi_responses where seq = old.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (ascii(right(suite_id, 1)) % 8), coalesce(round, ''), coalesce(category, ''), '', -1 * count(*), -1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = old.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (ascii(right(suite_id, 1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce((attributes::jsonb ->> 'errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) >= 90 then 90 else floor((case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) / 10) * 10 end as text) end, '', -1 * count(*), -1 * sum(0)
      from delphi_responses where seq = old.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s; return old; end $body$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
