/**
 * One participant's timeline (ADR 026): their agreement to the consent (ADR 079), their games' starts and ends, the steps they entered,
 * attention events (each with the round and prompt of the trial it fell in, by THE joining rule
 * of attention-sql.ts) and session contexts, oldest first; last seen is their latest activity.
 */
import { delphi } from '@chi/contract';
import { sql } from 'kysely';
import { AppError } from '../../../http/app-error';
import type { Db } from '../delphi-db';

interface EventRow {
  kind: string;
  game_name: string | null;
  at: number | string;
  duration_ms: number | string | null;
  step: number | string | null;
  steps: number | string | null;
  step_name: string | null;
  detail: string;
  round: string | null;
  prompt_id: string | null;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const gameNameOf = (name: string | null) => (delphi.isGameName(name) ? name : null);

/** What a session context shows in a timeline: the parsed browser and OS, the screen and the measured display. */
function contextDetail(json: string): Record<string, string | number | null> {
  const detail = JSON.parse(json) as Record<string, unknown>;
  const pick: Record<string, string | number | null> = {};
  for (const key of ['browser', 'browserVersion', 'os', 'osVersion', 'device', 'screenWidth', 'screenHeight', 'devicePixelRatio', 'timeZone', 'language', 'inputType', 'refreshHz', 'frameJitterMs', 'appVersion']) {
    const value = detail[key];
    pick[key] = typeof value === 'string' || typeof value === 'number' ? value : null;
  }
  return pick;
}

export async function participantTimeline(db: Db, suiteId: string) {
  const suite = await db
    .selectFrom('delphi_suites')
    .select(['id', 'participant_id', 'consent_at', 'consent_version', 'consent_language'])
    .where('id', '=', suiteId)
    .executeTakeFirst();
  if (!suite) throw new AppError(delphi.DELPHI_ERRORS.unknownSuite);
  const limit = delphi.TIMELINE_LIMIT;
  const [games, events, lastResponse] = await Promise.all([
    db.selectFrom('delphi_games').select(['game_name', 'start_timestamp', 'ended_at', 'status']).where('suite_id', '=', suite.id).execute(),
    // The newest events (one more than shown, to know whether some were left out), each with its trial.
    sql<EventRow>`
      select e.kind, e.game_name, e.at, e.duration_ms, e.step, e.steps, e.step_name, e.detail,
        (select r.round from delphi_responses r where r.suite_id = e.suite_id and r.prompted_at <= e.at and r.responded_at >= e.at
          order by r.responded_at limit 1) as round,
        (select r.prompt_client_id from delphi_responses r where r.suite_id = e.suite_id and r.prompted_at <= e.at and r.responded_at >= e.at
          order by r.responded_at limit 1) as prompt_id
      from delphi_events e where e.suite_id = ${suite.id}
      order by e.at desc limit ${limit + 1}`.execute(db),
    db.selectFrom('delphi_responses').select((eb) => eb.fn.max('responded_at').as('last')).where('suite_id', '=', suite.id).executeTakeFirst(),
  ]);
  const entries: delphi.TimelineEntry[] = [];
  for (const game of games) {
    const gameName = gameNameOf(game.game_name);
    entries.push({ at: iso(game.start_timestamp), kind: 'gameStarted', gameName, detail: {}, round: null, promptId: null });
    if (game.ended_at !== null) entries.push({ at: iso(game.ended_at), kind: 'gameEnded', gameName, detail: { status: game.status }, round: null, promptId: null });
  }
  // The agreement to the study's consent (its latest), with the version and the language of the text read (ADR 079).
  if (suite.consent_at !== null) {
    const detail = { version: suite.consent_version === null ? null : Number(suite.consent_version), language: suite.consent_language };
    entries.push({ at: suite.consent_at, kind: 'consentAgreed', gameName: null, detail, round: null, promptId: null });
  }
  const truncated = events.rows.length > limit;
  for (const row of events.rows.slice(0, limit)) {
    const kind = (delphi.EVENT_KINDS as readonly string[]).includes(row.kind) ? (row.kind as delphi.EventKind) : null;
    if (kind === null) continue;
    const detail: Record<string, string | number | null> =
      kind === 'sessionContext'
        ? contextDetail(row.detail)
        : kind === 'step'
          ? { step: Number(row.step) + 1, steps: Number(row.steps), name: row.step_name ?? '' }
          : row.duration_ms === null ? {} : { durationMs: Math.round(Number(row.duration_ms)) };
    entries.push({ at: iso(row.at), kind, gameName: gameNameOf(row.game_name), detail, round: row.round, promptId: row.prompt_id });
  }
  entries.sort((a, b) => a.at.localeCompare(b.at));
  const times = [
    ...games.flatMap((g) => [Number(g.start_timestamp), g.ended_at === null ? 0 : Number(g.ended_at)]),
    ...events.rows.map((row) => Number(row.at)),
    Number(lastResponse?.last ?? 0),
    suite.consent_at === null ? 0 : Date.parse(suite.consent_at),
  ];
  const last = Math.max(0, ...times);
  return { participantId: suite.participant_id, lastSeen: last > 0 ? iso(last) : null, entries, truncated };
}
