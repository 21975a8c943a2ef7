/**
 * What the quality rules need from session events (ADR 026), per game of a page of suites:
 * trials the participant left the page during (THE joining rule, attention-sql.ts) and the
 * display the session context measured. Only suites with any attention event are joined.
 */
import { delphi } from '@chi/contract';
import { sql } from 'kysely';
import type { Db } from '../delphi-db';
import { attentionEventsSql, hiddenMsSql } from './attention-sql';

export interface AttentionFigures {
  readonly trials: number;
  readonly trialsLeft: number;
  readonly events: number;
  readonly hiddenMs: number;
}

export interface SessionDisplay {
  readonly at: number;
  readonly frameIntervalMs: number | null;
  readonly frameJitterMs: number | null;
}

interface AttentionRow {
  game_id: string;
  trials: number | string;
  trials_left: number | string | null;
  events: number | string | null;
  hidden_ms: number | string | null;
}

/** Per game id: its trials with an onset and those with attention events. */
export async function attentionFigures(db: Db, suiteIds: readonly string[]): Promise<Map<string, AttentionFigures>> {
  const result = new Map<string, AttentionFigures>();
  if (suiteIds.length === 0) return result;
  const leaving = await db
    .selectFrom('delphi_events')
    .select('suite_id')
    .distinct()
    .where('suite_id', 'in', suiteIds)
    .where('kind', 'in', [...delphi.ATTENTION_LEAVE_KINDS, 'visible'])
    .execute();
  if (leaving.length === 0) return result;
  const ids = sql.join(leaving.map((row) => sql`${row.suite_id}`));
  const rows = await sql<AttentionRow>`
    select game_id, count(*) as trials, sum(case when att > 0 or hid > 0 then 1 else 0 end) as trials_left,
      sum(att) as events, sum(hid) as hidden_ms
    from (select r.game_id, ${attentionEventsSql('r')} as att, ${hiddenMsSql('r')} as hid
          from delphi_responses r where r.suite_id in (${ids}) and r.prompted_at is not null) trials
    group by game_id`.execute(db);
  for (const row of rows.rows) {
    result.set(row.game_id, {
      trials: Number(row.trials),
      trialsLeft: Number(row.trials_left ?? 0),
      events: Number(row.events ?? 0),
      hiddenMs: Number(row.hidden_ms ?? 0),
    });
  }
  return result;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Per suite id: its session contexts' measured display, oldest first. */
export async function sessionDisplays(db: Db, suiteIds: readonly string[]): Promise<Map<string, SessionDisplay[]>> {
  const result = new Map<string, SessionDisplay[]>();
  if (suiteIds.length === 0) return result;
  const rows = await db
    .selectFrom('delphi_events')
    .select(['suite_id', 'at', 'detail'])
    .where('suite_id', 'in', suiteIds)
    .where('kind', '=', 'sessionContext')
    .orderBy('at')
    .execute();
  for (const row of rows) {
    const detail = JSON.parse(row.detail) as Record<string, unknown>;
    const list = result.get(row.suite_id) ?? [];
    list.push({ at: Number(row.at), frameIntervalMs: numberOrNull(detail.frameIntervalMs), frameJitterMs: numberOrNull(detail.frameJitterMs) });
    result.set(row.suite_id, list);
  }
  return result;
}

/** The session a game was played in: the latest context measured at or before its start, else the first after. */
export function displayAt(displays: readonly SessionDisplay[] | undefined, startedAt: number): SessionDisplay | null {
  if (!displays || displays.length === 0) return null;
  const before = displays.filter((d) => d.at <= startedAt);
  return before[before.length - 1] ?? displays[0] ?? null;
}
