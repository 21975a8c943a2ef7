/**
 * Issue 17 part 7 (ADR 027, amended 2026-11-24): the /Data plots' group side kept current in
 * the database instead of rescanning a game's responses after every new one.
 * - delphi_plot_cells: per game, plot ('rt' | 'accuracy' | 'view'), shard (0–7, by suite) and
 *   cell keys k1–k3 (text), the number of responses `n` and their sum `s` (RT ms, correct
 *   answers). Primary key in that order: a plot reads one range of it.
 * - triggers on delphi_responses (for both dialects, as plots/plot-cells.ts wrote them):
 *   after insert add the row's contribution; before and after an update of a column a cell
 *   depends on (a late prompt fills in rt_ms) take it away and add it again; before delete
 *   (a suite deleted, cascading) take it away. Same transaction as the write, every process.
 * - delphi_game_figures: per game, the counts the quality flags read and its runs of one
 *   identical response (current and longest), kept by the same triggers (quality/figure-rows.ts;
 *   ADR 025 amended 2026-11-24); its suite's deletion cascades.
 * - backfill both from the responses already stored.
 * - delphi_events_step_names (kind, game_name, step, steps, step_name): the funnel's step names
 *   read from the index alone.
 * Frozen (issue 28): the SQL that plots/plot-cells.ts and quality/figure-rows.ts built for this
 * migration is written out below as text, so this migration does the same on every database
 * whatever those files become. A later change of a cell's expression needs a new migration that
 * drops and recreates the triggers and rebuilds the cells.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

type Num = number | string | null;

/**
 * The statements as plot-cells.ts and figure-rows.ts wrote them when this migration was frozen
 * (issue 28): literal text, so a later change of those files never changes what this migration
 * does. Per dialect: the trigger DDL, its drop, and the two backfills (cells; games' figures).
 */
const FROZEN = {
  sqlite: {
    triggers: [
      `create trigger delphi_plot_cells_insert after insert on delphi_responses begin insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (unicode(substr(suite_id, -1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else cast(rt_ms / 50 as integer) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else cast(rt_ms / 100 as integer) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else cast(rt_ms / 100 as integer) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else cast(rt_ms / 500 as integer) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else cast(rt_ms / 1000 as integer) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else cast(rt_ms / 1000 as integer) * 1000 end end as text), 1 * count(*), 1 * sum(rt_ms)
      from delphi_responses where seq = new.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (unicode(substr(suite_id, -1)) % 8), coalesce(round, ''), coalesce(category, ''), '', 1 * count(*), 1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = new.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (unicode(substr(suite_id, -1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce(json_extract(attributes, '$.errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) >= 90 then 90 else cast((case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) / 10 as integer) * 10 end as text) end, '', 1 * count(*), 1 * sum(0)
      from delphi_responses where seq = new.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) is not null and coalesce(round, '') not like '%P'))
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
      longest_response = (case when (case when excluded.run_response is null then delphi_game_figures.run_length when excluded.run_response = delphi_game_figures.run_response then delphi_game_figures.run_length + 1 else 1 end) > delphi_game_figures.longest_run then excluded.run_response else delphi_game_figures.longest_response end); end`,
      `create trigger delphi_plot_cells_before_update before update of game_name, suite_id, round, response, is_correct, correct_answer, category, rt_ms, anticipation, attributes on delphi_responses begin insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (unicode(substr(suite_id, -1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else cast(rt_ms / 50 as integer) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else cast(rt_ms / 100 as integer) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else cast(rt_ms / 100 as integer) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else cast(rt_ms / 500 as integer) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else cast(rt_ms / 1000 as integer) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else cast(rt_ms / 1000 as integer) * 1000 end end as text), -1 * count(*), -1 * sum(rt_ms)
      from delphi_responses where seq = old.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (unicode(substr(suite_id, -1)) % 8), coalesce(round, ''), coalesce(category, ''), '', -1 * count(*), -1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = old.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (unicode(substr(suite_id, -1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce(json_extract(attributes, '$.errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) >= 90 then 90 else cast((case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) / 10 as integer) * 10 end as text) end, '', -1 * count(*), -1 * sum(0)
      from delphi_responses where seq = old.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
update delphi_game_figures set timed = timed - (case when old.rt_ms is not null and (old.anticipation is null or old.anticipation = 0) and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), fast = fast - (case when old.rt_ms >= 0 and old.rt_ms < 150 and (old.anticipation is null or old.anticipation = 0) and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), scored = scored - (case when old.is_correct is not null and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), correct = correct - (case when old.is_correct = 1 and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), responses = responses - (case when (old.anticipation is null or old.anticipation = 0) and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end), anticipations = anticipations - (case when old.anticipation = 1 and not (lower(coalesce(old.round, '')) = 'practice' or (old.game_name = 'WordLinks' and coalesce(old.round, '') like '%P')) then 1 else 0 end)
    where game_id = old.game_id; end`,
      `create trigger delphi_plot_cells_after_update after update of game_name, suite_id, round, response, is_correct, correct_answer, category, rt_ms, anticipation, attributes on delphi_responses begin insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (unicode(substr(suite_id, -1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else cast(rt_ms / 50 as integer) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else cast(rt_ms / 100 as integer) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else cast(rt_ms / 100 as integer) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else cast(rt_ms / 500 as integer) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else cast(rt_ms / 1000 as integer) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else cast(rt_ms / 1000 as integer) * 1000 end end as text), 1 * count(*), 1 * sum(rt_ms)
      from delphi_responses where seq = new.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (unicode(substr(suite_id, -1)) % 8), coalesce(round, ''), coalesce(category, ''), '', 1 * count(*), 1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = new.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (unicode(substr(suite_id, -1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce(json_extract(attributes, '$.errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) >= 90 then 90 else cast((case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) / 10 as integer) * 10 end as text) end, '', 1 * count(*), 1 * sum(0)
      from delphi_responses where seq = new.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
update delphi_game_figures set timed = timed + (case when new.rt_ms is not null and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), fast = fast + (case when new.rt_ms >= 0 and new.rt_ms < 150 and (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), scored = scored + (case when new.is_correct is not null and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), correct = correct + (case when new.is_correct = 1 and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), responses = responses + (case when (new.anticipation is null or new.anticipation = 0) and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end), anticipations = anticipations + (case when new.anticipation = 1 and not (lower(coalesce(new.round, '')) = 'practice' or (new.game_name = 'WordLinks' and coalesce(new.round, '') like '%P')) then 1 else 0 end)
    where game_id = new.game_id; end`,
      `create trigger delphi_plot_cells_delete before delete on delphi_responses begin insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (unicode(substr(suite_id, -1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else cast(rt_ms / 50 as integer) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else cast(rt_ms / 100 as integer) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else cast(rt_ms / 100 as integer) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else cast(rt_ms / 500 as integer) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else cast(rt_ms / 1000 as integer) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else cast(rt_ms / 1000 as integer) * 1000 end end as text), -1 * count(*), -1 * sum(rt_ms)
      from delphi_responses where seq = old.seq and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (unicode(substr(suite_id, -1)) % 8), coalesce(round, ''), coalesce(category, ''), '', -1 * count(*), -1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where seq = old.seq and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s;
insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (unicode(substr(suite_id, -1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce(json_extract(attributes, '$.errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) >= 90 then 90 else cast((case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) / 10 as integer) * 10 end as text) end, '', -1 * count(*), -1 * sum(0)
      from delphi_responses where seq = old.seq and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s; end`,
    ],
    drop: [
      `drop trigger if exists delphi_plot_cells_insert`,
      `drop trigger if exists delphi_plot_cells_before_update`,
      `drop trigger if exists delphi_plot_cells_after_update`,
      `drop trigger if exists delphi_plot_cells_delete`,
    ],
    rebuildPlotCells: [
      `delete from delphi_plot_cells`,
      `insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (unicode(substr(suite_id, -1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else cast(rt_ms / 50 as integer) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else cast(rt_ms / 100 as integer) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else cast(rt_ms / 100 as integer) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else cast(rt_ms / 500 as integer) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else cast(rt_ms / 1000 as integer) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else cast(rt_ms / 1000 as integer) * 1000 end end as text), 1 * count(*), 1 * sum(rt_ms)
      from delphi_responses where 1 = 1 and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s`,
      `insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (unicode(substr(suite_id, -1)) % 8), coalesce(round, ''), coalesce(category, ''), '', 1 * count(*), 1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where 1 = 1 and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s`,
      `insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (unicode(substr(suite_id, -1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce(json_extract(attributes, '$.errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) >= 90 then 90 else cast((case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) / 10 as integer) * 10 end as text) end, '', 1 * count(*), 1 * sum(0)
      from delphi_responses where 1 = 1 and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when json_type(attributes, '$.score') in ('integer', 'real') then json_extract(attributes, '$.score') end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s`,
    ],
    /** rebuildGameFigures: clear, one row per game; then each game's runs (read by the loop below). */
    rebuildGameFigures: [
      `delete from delphi_game_figures`,
      `insert into delphi_game_figures (game_id, suite_id, responses, anticipations, timed, fast, scored, correct,
      last_responded, frame_sum, frame_n, run_response, run_length, longest_run, longest_response)
    select game_id, suite_id, responses, anticipations, timed, fast, scored, correct, last_responded, frame_sum, frame_n, null, 0, 0, null
    from (select game_id, min(suite_id) as suite_id, sum((case when r.rt_ms is not null and (r.anticipation is null or r.anticipation = 0) and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as timed, sum((case when r.rt_ms >= 0 and r.rt_ms < 150 and (r.anticipation is null or r.anticipation = 0) and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as fast, sum((case when r.is_correct is not null and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as scored, sum((case when r.is_correct = 1 and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as correct, sum((case when (r.anticipation is null or r.anticipation = 0) and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as responses, sum((case when r.anticipation = 1 and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as anticipations, max(responded_at) as last_responded,
        coalesce(sum(frame_interval_ms), 0) as frame_sum, count(frame_interval_ms) as frame_n
      from delphi_responses r group by game_id) per_game`,
    ],
    gameRuns: `
    select game_id, response, run, longest, latest from (
      select game_id, response, run,
        row_number() over (partition by game_id order by run desc, first_seq) as longest,
        row_number() over (partition by game_id order by last_seq desc) as latest
      from (
        select game_id, response, count(*) as run, min(seq) as first_seq, max(seq) as last_seq from (
          select game_id, response, seq,
            row_number() over (partition by game_id order by seq) - row_number() over (partition by game_id, response order by seq) as island
          from delphi_responses r where (case when r.response is not null and (r.anticipation is null or r.anticipation = 0) and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then r.response end) is not null
        ) islands group by game_id, response, island
      ) runs
    ) ranked where longest = 1 or latest = 1`,
  },
  postgres: {
    triggers: [
      `create function delphi_plot_cells_add() returns trigger language plpgsql as $body$ begin
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
      `create function delphi_plot_cells_remove() returns trigger language plpgsql as $body$ begin
      if tg_op = 'UPDATE' then insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
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
      `create trigger delphi_plot_cells_insert after insert on delphi_responses for each row execute function delphi_plot_cells_add()`,
      `create trigger delphi_plot_cells_before_update before update of game_name, suite_id, round, response, is_correct, correct_answer, category, rt_ms, anticipation, attributes on delphi_responses for each row execute function delphi_plot_cells_remove()`,
      `create trigger delphi_plot_cells_after_update after update of game_name, suite_id, round, response, is_correct, correct_answer, category, rt_ms, anticipation, attributes on delphi_responses for each row execute function delphi_plot_cells_add()`,
      `create trigger delphi_plot_cells_delete before delete on delphi_responses for each row execute function delphi_plot_cells_remove()`,
    ],
    drop: [
      `drop trigger if exists delphi_plot_cells_insert on delphi_responses`,
      `drop trigger if exists delphi_plot_cells_before_update on delphi_responses`,
      `drop trigger if exists delphi_plot_cells_after_update on delphi_responses`,
      `drop trigger if exists delphi_plot_cells_delete on delphi_responses`,
      `drop function if exists delphi_plot_cells_add()`,
      `drop function if exists delphi_plot_cells_remove()`,
    ],
    rebuildPlotCells: [
      `delete from delphi_plot_cells`,
      `insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'rt', (ascii(right(suite_id, 1)) % 8), case when game_name = 'FlashMatch' then (case when correct_answer = 'ArrowRight' then 'yes' when correct_answer = 'ArrowLeft' then 'no' else 'all' end) else coalesce(category, 'all') end, coalesce(round, ''), cast(case game_name when 'FlashMatch' then case when rt_ms >= 2000 then 2000 else floor(rt_ms / 50) * 50 end when 'ColorCatch' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'MimeMix' then case when rt_ms >= 5000 then 5000 else floor(rt_ms / 100) * 100 end when 'QuizTime' then case when rt_ms >= 20000 then 20000 else floor(rt_ms / 500) * 500 end when 'WordLinks' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end when 'MorningMemo' then case when rt_ms >= 30000 then 30000 else floor(rt_ms / 1000) * 1000 end end as text), 1 * count(*), 1 * sum(rt_ms)
      from delphi_responses where 1 = 1 and game_name in ('FlashMatch', 'ColorCatch', 'MimeMix', 'QuizTime', 'WordLinks', 'MorningMemo') and rt_ms is not null and rt_ms >= 0 and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s`,
      `insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'accuracy', (ascii(right(suite_id, 1)) % 8), coalesce(round, ''), coalesce(category, ''), '', 1 * count(*), 1 * sum((case when is_correct = 1 then 1 else 0 end))
      from delphi_responses where 1 = 1 and game_name in ('QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo') and is_correct is not null and (anticipation is null or anticipation = 0)
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s`,
      `insert into delphi_plot_cells (game_name, plot, shard, k1, k2, k3, n, s)
      select game_name, 'view', (ascii(right(suite_id, 1)) % 8), case game_name when 'ColorCatch' then coalesce(round, '') when 'MimeMix' then correct_answer else substr(coalesce(round, ''), 1, 2) end, case game_name
      when 'ColorCatch' then (case when is_correct = 1 then 'correct' else coalesce((attributes::jsonb ->> 'errorType'), 'other') end)
      when 'MimeMix' then coalesce(nullif(response, ''), 'none')
      else cast(case when (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) >= 90 then 90 else floor((case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) / 10) * 10 end as text) end, '', 1 * count(*), 1 * sum(0)
      from delphi_responses where 1 = 1 and (anticipation is null or anticipation = 0) and (
      (game_name = 'ColorCatch' and is_correct is not null)
      or (game_name = 'MimeMix' and correct_answer is not null and coalesce(round, '') <> 'practice')
      or (game_name = 'WordLinks' and (case when jsonb_typeof(attributes::jsonb -> 'score') = 'number' then (attributes::jsonb ->> 'score')::double precision end) is not null and coalesce(round, '') not like '%P'))
      group by 1, 2, 3, 4, 5, 6
      on conflict (game_name, plot, shard, k1, k2, k3) do update set n = delphi_plot_cells.n + excluded.n, s = delphi_plot_cells.s + excluded.s`,
    ],
    /** rebuildGameFigures: clear, one row per game; then each game's runs (read by the loop below). */
    rebuildGameFigures: [
      `delete from delphi_game_figures`,
      `insert into delphi_game_figures (game_id, suite_id, responses, anticipations, timed, fast, scored, correct,
      last_responded, frame_sum, frame_n, run_response, run_length, longest_run, longest_response)
    select game_id, suite_id, responses, anticipations, timed, fast, scored, correct, last_responded, frame_sum, frame_n, null, 0, 0, null
    from (select game_id, min(suite_id) as suite_id, sum((case when r.rt_ms is not null and (r.anticipation is null or r.anticipation = 0) and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as timed, sum((case when r.rt_ms >= 0 and r.rt_ms < 150 and (r.anticipation is null or r.anticipation = 0) and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as fast, sum((case when r.is_correct is not null and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as scored, sum((case when r.is_correct = 1 and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as correct, sum((case when (r.anticipation is null or r.anticipation = 0) and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as responses, sum((case when r.anticipation = 1 and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then 1 else 0 end)) as anticipations, max(responded_at) as last_responded,
        coalesce(sum(frame_interval_ms), 0) as frame_sum, count(frame_interval_ms) as frame_n
      from delphi_responses r group by game_id) per_game`,
    ],
    gameRuns: `
    select game_id, response, run, longest, latest from (
      select game_id, response, run,
        row_number() over (partition by game_id order by run desc, first_seq) as longest,
        row_number() over (partition by game_id order by last_seq desc) as latest
      from (
        select game_id, response, count(*) as run, min(seq) as first_seq, max(seq) as last_seq from (
          select game_id, response, seq,
            row_number() over (partition by game_id order by seq) - row_number() over (partition by game_id, response order by seq) as island
          from delphi_responses r where (case when r.response is not null and (r.anticipation is null or r.anticipation = 0) and not (lower(coalesce(r.round, '')) = 'practice' or (r.game_name = 'WordLinks' and coalesce(r.round, '') like '%P')) then r.response end) is not null
        ) islands group by game_id, response, island
      ) runs
    ) ranked where longest = 1 or latest = 1`,
  },
} as const;

/** Every statement of a list, in order. */
async function run(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** The games' quality figures from the responses already stored (figure-rows.ts's rebuildGameFigures as it was). */
async function rebuildGameFigures(db: Kysely<unknown>, frozen: (typeof FROZEN)[keyof typeof FROZEN]): Promise<void> {
  await run(db, frozen.rebuildGameFigures);
  const runs = await sql.raw<{ game_id: string; response: string; run: Num; longest: Num; latest: Num }>(frozen.gameRuns).execute(db);
  for (const row of runs.rows) {
    if (Number(row.longest) === 1) {
      await sql`update delphi_game_figures set longest_run = ${Number(row.run)}, longest_response = ${row.response} where game_id = ${row.game_id}`.execute(db);
    }
    if (Number(row.latest) === 1) {
      await sql`update delphi_game_figures set run_length = ${Number(row.run)}, run_response = ${row.response} where game_id = ${row.game_id}`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  await db.schema
    .createTable('delphi_plot_cells')
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('plot', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('k1', 'text', (c) => c.notNull())
    .addColumn('k2', 'text', (c) => c.notNull())
    .addColumn('k3', 'text', (c) => c.notNull())
    .addColumn('n', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('s', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('delphi_plot_cells_key', ['game_name', 'plot', 'shard', 'k1', 'k2', 'k3'])
    // SQLite: the rows live in the primary key's b-tree (one range read per plot, no rowid lookups).
    .$call((builder) => (dialect === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder))
    .execute();
  await db.schema
    .createTable('delphi_game_figures')
    .addColumn('game_id', 'text', (c) => c.primaryKey())
    .addColumn('suite_id', 'text', (c) => c.notNull().references('delphi_suites.id').onDelete('cascade'))
    .addColumn('responses', 'integer', (c) => c.notNull())
    .addColumn('anticipations', 'integer', (c) => c.notNull())
    .addColumn('timed', 'integer', (c) => c.notNull())
    .addColumn('fast', 'integer', (c) => c.notNull())
    .addColumn('scored', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('last_responded', 'double precision', (c) => c.notNull())
    .addColumn('frame_sum', 'double precision', (c) => c.notNull())
    .addColumn('frame_n', 'integer', (c) => c.notNull())
    .addColumn('run_response', 'text')
    .addColumn('run_length', 'integer', (c) => c.notNull())
    .addColumn('longest_run', 'integer', (c) => c.notNull())
    .addColumn('longest_response', 'text')
    .execute();
  await db.schema.createIndex('delphi_game_figures_suite').on('delphi_game_figures').columns(['suite_id']).execute();
  // The funnel's step names and counts (events/funnel.ts) from the index alone: no row lookups for step events.
  await db.schema.createIndex('delphi_events_step_names').on('delphi_events').columns(['kind', 'game_name', 'step', 'steps', 'step_name']).execute();
  await run(db, FROZEN[dialect].triggers);
  await run(db, FROZEN[dialect].rebuildPlotCells);
  await rebuildGameFigures(db, FROZEN[dialect]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  await run(db, FROZEN[dialect].drop);
  await db.schema.dropIndex('delphi_events_step_names').execute();
  await db.schema.dropTable('delphi_plot_cells').execute();
  await db.schema.dropTable('delphi_game_figures').execute();
}
