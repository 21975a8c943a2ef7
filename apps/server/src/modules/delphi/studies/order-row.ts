/**
 * Which row of a balanced Latin square the next newcomer to a study gets (issue 26, ADR 071
 * amended): the row the fewest participants hold a place in, the lowest such row first. Rows are
 * filled evenly and counting kept participants only (PANELS.md §7 and §8 item 10): a place is
 * held by a suite of the same study version and kind (live or pilot) that nobody has excluded and
 * that has completed, or entered less than PLACE_HELD_MS ago and may still be playing. A row whose
 * participant left (after the consent or before it) or was excluded is given again, so dropouts
 * do not unbalance the design the way a plain count of entries does. A device the study cannot use
 * never gets a suite, so it holds no row (study-entry.ts).
 *
 * Called inside the entry's transaction after it has locked the study's row, so two newcomers
 * arriving at once are counted one after the other and never both take the same free row.
 */
import { ExclusionState } from '../quality/exclusions';
import type { Db } from '../delphi-db';

/** How long an unfinished suite keeps its row: the suite takes about 45 minutes, this leaves slow players room. */
export const PLACE_HELD_MS = 3 * 60 * 60 * 1000;

/** The index of the least-filled of `rows` orders (each a list of game names), given the places held now. */
export function leastFilledRow(rows: readonly (readonly string[])[], held: readonly (readonly string[])[]): number {
  const index = new Map(rows.map((row, i) => [row.join('\u0000'), i]));
  const counts = rows.map(() => 0);
  for (const order of held) {
    const i = index.get(order.join('\u0000'));
    if (i !== undefined) counts[i] = (counts[i] ?? 0) + 1;
  }
  let best = 0;
  for (let i = 1; i < counts.length; i += 1) if ((counts[i] ?? 0) < (counts[best] ?? 0)) best = i;
  return best;
}

/** The orders of the suites that hold a place in the study version's design now (see the file's comment). */
export async function heldOrders(db: Db, study: { id: string; version: number }, kind: { preview: number; pilot: number }, now: Date): Promise<string[][]> {
  const since = new Date(now.getTime() - PLACE_HELD_MS).toISOString();
  const [suites, log] = await Promise.all([
    db
      .selectFrom('delphi_suites')
      .select(['id', 'game_order'])
      .where('study_id', '=', study.id)
      .where('study_version', '=', study.version)
      .where('preview', '=', kind.preview)
      .where('pilot', '=', kind.pilot)
      .where((eb) => eb.or([eb('completed_at', 'is not', null), eb('created_at', '>=', since)]))
      .execute(),
    // Only whole-participant exclusions free a row (a game excluded leaves the rest of the order played).
    db
      .selectFrom('delphi_exclusion_log')
      .select(['suite_id', 'game_name', 'action'])
      .where('game_name', 'is', null)
      .where('suite_id', 'in', (eb) => eb.selectFrom('delphi_suites').select('id').where('study_id', '=', study.id))
      .orderBy('seq')
      .execute(),
  ]);
  const excluded = ExclusionState.fold(log);
  return suites.filter((suite) => suite.game_order !== null && !excluded.participantExcluded(suite.id)).map((suite) => JSON.parse(suite.game_order ?? '[]') as string[]);
}
