/**
 * The study funnel (ADR 026), aggregated in SQL on both dialects (never every row in memory):
 * per game, how many participants reached each progress-bar step (their latest `step` event is
 * that step or a later one: steps only move forward), started, finished, were interrupted (a
 * reload or a closed tab mid-game ends a game `interrupted`), or abandoned it (still in
 * progress, no start, event or response of that game since the cut-off); a skipped optional game
 * is counted apart (ADR 047), and "here now" leaves out participants whose game has ended.
 */
import { delphi } from '@chi/contract';
import { sql } from 'kysely';
import type { Db } from '../delphi-db';
import { inScope, suiteCondition } from '../studies/data-scope';
import type { DataScope } from '../studies/data-scope';

interface StatusRow {
  game_name: string;
  started: number | string;
  finished: number | string | null;
  interrupted: number | string | null;
  skipped: number | string | null;
  abandoned: number | string | null;
}

interface LatestStepRow {
  game_name: string;
  latest: number | string;
  n: number | string;
  here: number | string | null;
}

interface StepNameRow {
  game_name: string;
  step: number | string;
  name: string | null;
  steps: number | string | null;
}

/** The funnel of the scope's suites (ADR 074): one study's, live runs unless test runs are asked for. */
export async function studyFunnel(db: Db, scope: DataScope, abandonMinutes: number, now: Date): Promise<{ participants: number; games: delphi.FunnelGame[]; at: string }> {
  const cutoff = now.getTime() - abandonMinutes * 60_000;
  const [participants, statuses, latest, names] = await Promise.all([
    db.selectFrom('delphi_suites').where(suiteCondition(scope)).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    // Only games in progress since before the cut-off are probed for later activity.
    sql<StatusRow>`
      select g.game_name, count(*) as started,
        sum(case when g.status = 'completed' then 1 else 0 end) as finished,
        sum(case when g.status = 'interrupted' then 1 else 0 end) as interrupted,
        sum(case when g.status = 'skipped' then 1 else 0 end) as skipped,
        sum(case when g.status = 'in progress' and g.start_timestamp < ${cutoff}
          and not exists (select 1 from delphi_events e where e.game_id = g.id and e.at >= ${cutoff})
          and not exists (select 1 from delphi_responses r where r.game_id = g.id and r.responded_at >= ${cutoff})
          then 1 else 0 end) as abandoned
      from delphi_games g where ${inScope(scope, 'g')} group by g.game_name`.execute(db),
    // "Here now" is whoever has not ended that game: not started yet (a welcome screen) or in progress.
    sql<LatestStepRow>`
      select ls.game_name, ls.latest, count(*) as n,
        sum(case when g.id is null or g.ended_at is null then 1 else 0 end) as here
      from (
        select suite_id, game_name, max(step) as latest from delphi_events
        where kind = 'step' and game_name is not null and ${inScope(scope)} group by suite_id, game_name
      ) ls left join delphi_games g on g.suite_id = ls.suite_id and g.game_name = ls.game_name
      group by ls.game_name, ls.latest`.execute(db),
    sql<StepNameRow>`
      select game_name, step, min(step_name) as name, max(steps) as steps from delphi_events
      where kind = 'step' and game_name is not null and ${inScope(scope)} group by game_name, step`.execute(db),
  ]);
  const games = delphi.GAME_NAMES.map((gameName): delphi.FunnelGame => {
    const status = statuses.rows.find((row) => row.game_name === gameName);
    const started = Number(status?.started ?? 0);
    const finished = Number(status?.finished ?? 0);
    const interrupted = Number(status?.interrupted ?? 0);
    const skipped = Number(status?.skipped ?? 0);
    const abandoned = Number(status?.abandoned ?? 0);
    const ownNames = names.rows.filter((row) => row.game_name === gameName);
    const ownLatest = latest.rows.filter((row) => row.game_name === gameName);
    const count = Math.max(0, ...ownNames.map((row) => Number(row.steps ?? 0)), ...ownNames.map((row) => Number(row.step) + 1));
    const steps = Array.from({ length: count }, (_, step) => {
      const current = Number(ownLatest.find((row) => Number(row.latest) === step)?.here ?? 0);
      const reached = ownLatest.filter((row) => Number(row.latest) >= step).reduce((sum, row) => sum + Number(row.n), 0);
      const name = ownNames.find((row) => Number(row.step) === step)?.name ?? '';
      return { step, name, reached, current };
    });
    return { gameName, steps, started, finished, interrupted, skipped, abandoned, active: started - finished - interrupted - skipped - abandoned };
  });
  return { participants: Number(participants.n), games, at: now.toISOString() };
}
