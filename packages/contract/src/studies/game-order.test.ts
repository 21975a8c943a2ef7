/**
 * The balanced Latin square (Williams design, PANELS.md §7): over one full cycle every game is
 * in every position equally often; for an even number of games every ordered pair of games
 * follows each other exactly once (first-order carryover balance), for an odd number twice.
 */
import { describe, expect, it } from 'vitest';
import { assignGameOrder, orderCycleLength, williamsRows } from './game-order';

const GAMES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];

function cycle(k: number): string[][] {
  const games = GAMES.slice(0, k);
  return Array.from({ length: orderCycleLength('latin-square', k) }, (_, n) => assignGameOrder(games, 'latin-square', n));
}

function positionCounts(orders: string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const order of orders) order.forEach((game, position) => counts.set(`${game}@${position}`, (counts.get(`${game}@${position}`) ?? 0) + 1));
  return counts;
}

function pairCounts(orders: string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const order of orders) for (let i = 1; i < order.length; i += 1) {
    const pair = `${order[i - 1]}>${order[i]}`;
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

describe('game order', () => {
  it('writes the first row of a Williams square as 0, 1, k−1, 2, k−2 …', () => {
    expect(williamsRows(6)[0]).toEqual([0, 1, 5, 2, 4, 3]);
    expect(williamsRows(4)).toEqual([
      [0, 1, 3, 2],
      [1, 2, 0, 3],
      [2, 3, 1, 0],
      [3, 0, 2, 1],
    ]);
    // Odd k: the square and its rows reversed.
    expect(williamsRows(3)).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
      [0, 2, 1],
      [1, 0, 2],
    ]);
  });

  it.each([2, 3, 4, 5, 6, 7, 8, 9])('puts each of %i games in each position equally often over a full cycle', (k) => {
    const orders = cycle(k);
    expect(orders).toHaveLength(k % 2 === 0 ? k : 2 * k);
    const counts = positionCounts(orders);
    expect(counts.size).toBe(k * k);
    expect(new Set(counts.values())).toEqual(new Set([k % 2 === 0 ? 1 : 2]));
    // Every order is a permutation of the games.
    for (const order of orders) expect([...order].sort()).toEqual(GAMES.slice(0, k));
  });

  it.each([2, 4, 6, 8])('balances first-order carryover for an even number of games (%i): every ordered pair exactly once', (k) => {
    const counts = pairCounts(cycle(k));
    expect(counts.size).toBe(k * (k - 1));
    expect(new Set(counts.values())).toEqual(new Set([1]));
  });

  it.each([3, 5, 7, 9])('balances carryover over the two squares for an odd number of games (%i): every ordered pair exactly twice', (k) => {
    const counts = pairCounts(cycle(k));
    expect(counts.size).toBe(k * (k - 1));
    expect(new Set(counts.values())).toEqual(new Set([2]));
  });

  it('gives a participant the row of their ordinal, so the next cycle repeats the first', () => {
    const games = GAMES.slice(0, 6);
    expect(assignGameOrder(games, 'latin-square', 6)).toEqual(assignGameOrder(games, 'latin-square', 0));
    expect(assignGameOrder(games, 'latin-square', 1)).toEqual(['B', 'C', 'A', 'D', 'F', 'E']);
  });

  it('keeps the study order for fixed, and shuffles for random with the source given', () => {
    const games = GAMES.slice(0, 4);
    expect(assignGameOrder(games, 'fixed', 5)).toEqual(games);
    // A source that always answers 0 moves each last element to the front in turn.
    expect(assignGameOrder(games, 'random', 0, () => 0)).toEqual(['B', 'C', 'D', 'A']);
    const seen = new Set<string>();
    let seed = 1;
    const lcg = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let i = 0; i < 200; i += 1) seen.add(assignGameOrder(games, 'random', i, lcg).join(''));
    expect(seen.size).toBe(24);
  });

  it('refuses a negative or fractional ordinal', () => {
    expect(() => assignGameOrder(['A', 'B'], 'latin-square', -1)).toThrow(RangeError);
    expect(() => assignGameOrder(['A', 'B'], 'latin-square', 1.5)).toThrow(RangeError);
  });
});
