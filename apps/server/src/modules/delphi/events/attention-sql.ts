/**
 * THE joining rule of attention events to trials (ADR 026), as SQL for both dialects, in one
 * place for the export, the quality flags and the timeline: an event falls in a trial when its
 * time lies between the trial's stimulus onset (`prompted_at`) and its response (`responded_at`),
 * both inclusive, in the same suite. Joined by time when read, so it holds whatever order the
 * records arrived in (no late linking needed). A trial without an onset gets no value (NULL).
 *
 * Hidden time: a `visible` event carries how long the page was hidden before it; that interval
 * [at − duration_ms, at] is clipped to the trial and summed. CASE instead of LEAST/GREATEST
 * (PostgreSQL) or 2-argument min/max (SQLite) keeps one spelling.
 */
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { delphi } from '@chi/contract';

const LEAVE_KINDS = sql.join(delphi.ATTENTION_LEAVE_KINDS.map((kind) => sql.lit(kind)));

/** Attention events (leave kinds) during the trial of the response aliased `r`. */
export function attentionEventsSql(r: string): RawBuilder<number | string | null> {
  const t = sql.ref;
  return sql<number | string | null>`case when ${t(`${r}.prompted_at`)} is null then null else (
    select count(*) from delphi_events ae
    where ae.suite_id = ${t(`${r}.suite_id`)} and ae.kind in (${LEAVE_KINDS})
      and ae.at >= ${t(`${r}.prompted_at`)} and ae.at <= ${t(`${r}.responded_at`)}) end`;
}

/** Milliseconds the page was hidden during the trial of the response aliased `r`. */
export function hiddenMsSql(r: string): RawBuilder<number | string | null> {
  const t = sql.ref;
  const onset = t(`${r}.prompted_at`);
  const response = t(`${r}.responded_at`);
  return sql<number | string | null>`case when ${onset} is null then null else (
    select coalesce(sum(
      (case when he.at < ${response} then he.at else ${response} end)
      - (case when he.at - he.duration_ms > ${onset} then he.at - he.duration_ms else ${onset} end)), 0)
    from delphi_events he
    where he.suite_id = ${t(`${r}.suite_id`)} and he.kind = 'visible' and he.duration_ms is not null
      and he.at > ${onset} and he.at - he.duration_ms < ${response}) end`;
}

/** The events the two columns above read: leave kinds, and `visible` events with a duration. */
export function readsAttentionEvent(e: string): RawBuilder<boolean> {
  const t = sql.ref;
  return sql<boolean>`(${t(`${e}.kind`)} in (${LEAVE_KINDS}) or (${t(`${e}.kind`)} = 'visible' and ${t(`${e}.duration_ms`)} is not null))`;
}

/**
 * The two columns for a bulk read (the export) that knows which suites have any event at all
 * (`withEvents`, from readsAttentionEvent): the subqueries run only for those; every other
 * trial gets what they answer without events (0, or NULL without an onset), with no probe of
 * the events' index. On 10⁶ responses without events the probes were ~0.5 s of CPU (ADR 070).
 */
export function attentionColumnsSql(r: string, withEvents: readonly string[]): [RawBuilder<number | string | null>, RawBuilder<number | string | null>] {
  const noEvents = sql<number | null>`case when ${sql.ref(`${r}.prompted_at`)} is null then null else 0 end`;
  if (withEvents.length === 0) return [noEvents, noEvents];
  const has = sql<boolean>`${sql.ref(`${r}.suite_id`)} in (${sql.join(withEvents)})`;
  return [
    sql<number | string | null>`case when ${has} then ${attentionEventsSql(r)} else ${noEvents} end`,
    sql<number | string | null>`case when ${has} then ${hiddenMsSql(r)} else ${noEvents} end`,
  ];
}
