/**
 * Which order a participant plays a study's games in (issue 26, ADR 071): the study's own order
 * (`fixed`), a shuffle per participant (`random`), or a balanced Latin square (`latin-square`,
 * Williams 1949): every game in every position equally often and, for an even number of games,
 * every game immediately preceded by every other exactly once per cycle (first-order carryover
 * balance). An odd number of games takes two squares (each row and its reverse), 2k orders.
 *
 * Pure: the caller gives the participant's ordinal within the study (0, 1, 2 …) and, for
 * `random`, a random source; the same ordinal always gives the same Latin-square row.
 */

export const STUDY_ORDERS = ['fixed', 'random', 'latin-square'] as const;
export type StudyOrder = (typeof STUDY_ORDERS)[number];

/**
 * The first row of a Williams square for k items (0-based): 0, 1, k−1, 2, k−2, 3, … (the next
 * lowest and the next highest in turn); row r adds r to every entry (mod k).
 */
export function williamsRows(k: number): number[][] {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`williamsRows: k must be a positive integer, got ${k}`);
  const first: number[] = [0];
  let low = 1;
  let high = k - 1;
  for (let i = 1; i < k; i += 1) {
    if (i % 2 === 1) first.push(low++);
    else first.push(high--);
  }
  const rows = Array.from({ length: k }, (_, r) => first.map((item) => (item + r) % k));
  // An odd k needs the second square: every row reversed (PANELS.md §7).
  return k % 2 === 0 ? rows : [...rows, ...rows.map((row) => [...row].reverse())];
}

/** How many participants make one full cycle of the design (the number of distinct orders it hands out). */
export function orderCycleLength(order: StudyOrder, k: number): number {
  if (order === 'latin-square') return williamsRows(k).length;
  return 1;
}

/**
 * The participant's order of `games` (the study's order): `ordinal` is their place among the
 * study's participants (from 0); `random` is a source in [0, 1) used only for `random`.
 */
export function assignGameOrder<T>(games: readonly T[], order: StudyOrder, ordinal: number, random: () => number = Math.random): T[] {
  if (!Number.isInteger(ordinal) || ordinal < 0) throw new RangeError(`assignGameOrder: ordinal must be a non-negative integer, got ${ordinal}`);
  if (games.length <= 1 || order === 'fixed') return [...games];
  if (order === 'random') {
    // Fisher–Yates.
    const shuffled = [...games];
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j] as T, shuffled[i] as T];
    }
    return shuffled;
  }
  const rows = williamsRows(games.length);
  const row = rows[ordinal % rows.length] ?? [];
  return row.map((index) => games[index] as T);
}
