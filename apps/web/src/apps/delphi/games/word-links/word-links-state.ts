/**
 * Where one play of Word Links is and what it scored so far. Like the run it belongs to, it
 * lives in memory only: a reload mid-game ends the game as interrupted, never a replay.
 */
import { useSyncExternalStore } from 'react';
import { wordLinks } from '@chi/contract';
import { createStore } from '../../../../shell/store';
import type { GameRun } from '../../suite/game-run';
import { WORD_LINKS_ROUNDS, type WordLinksRound } from './word-links-config';

export interface RoundResult {
  round: WordLinksRound;
  /** Lemmas as scored, start word first. */
  words: string[];
  /** Pairwise distances (×100) of `words`. */
  matrix: number[][];
  /** Level 1: the mean distance to the start word; level 2: the chain's forward flow. */
  score: number;
  /** Level 1 only: mean over all pairs of the round's own words (DAT-style). */
  datScore?: number;
}

export interface WordLinksProgress {
  /** Index into WORD_LINKS_ROUNDS of the round to play next (its length once all are played). */
  next: number;
  results: RoundResult[];
}

const progress = createStore<Record<string, WordLinksProgress>>({});

export function progressOf(run: GameRun<'WordLinks'>): WordLinksProgress {
  return progress.get()[run.gameRef] ?? { next: 0, results: [] };
}

export function useProgress(run: GameRun<'WordLinks'> | null): WordLinksProgress | null {
  return useSyncExternalStore(
    progress.subscribe,
    () => (run ? (progress.get()[run.gameRef] ?? null) : null),
    () => null,
  );
}

export function startProgress(run: GameRun<'WordLinks'>): void {
  progress.set((all) => ({ ...all, [run.gameRef]: { next: 0, results: [] } }));
}

export function recordRound(run: GameRun<'WordLinks'>, result: RoundResult): WordLinksProgress {
  const current = progressOf(run);
  const next = { next: WORD_LINKS_ROUNDS.indexOf(result.round) + 1, results: [...current.results, result] };
  progress.set((all) => ({ ...all, [run.gameRef]: next }));
  return next;
}

/** SPEC §9 and ADR 017: each level's average of its five scored rounds, and their mean, rounded. */
export function summarise(results: readonly RoundResult[]): { level1: number; level2: number; global: number } {
  const scored = (level: number) => results.filter((r) => r.round.level === level && !r.round.practice).map((r) => r.score);
  const level1 = wordLinks.levelAverage(scored(1));
  const level2 = wordLinks.levelAverage(scored(2));
  return { level1, level2, global: wordLinks.globalScore([level1, level2]) };
}

/** Test helper. */
export function resetWordLinksProgress(): void {
  progress.set({});
}
