/**
 * One play of one game: started once (startGame through the outbox), its records queued with
 * the participant credential, its answers kept for the feedback screen, then ended. The run
 * lives in memory only: a reload mid-game finds no run and the hub shows the game as played,
 * which is the "never a replay" rule.
 */
import { useSyncExternalStore } from 'react';
import type { delphi } from '@chi/contract';
import { createStore } from '../../../shell/store';
import type { Outbox, OutboxKind } from '../outbox/outbox';
import { getOutbox } from '../outbox/outbox-client';
import { clearCurrentGame, isPlayed, markStarted, suiteStore, type SuiteSession } from './suite-store';

/** One scored answer as the feedback screens count it. */
export interface RecordedAnswer {
  /** The block (Flash Match round id) or the category (Quiz Time). */
  group: string;
  isCorrect: boolean;
}

export interface GameRun {
  readonly gameName: delphi.GameName;
  readonly gameRef: string;
  readonly outbox: Outbox;
  readonly session: SuiteSession;
  readonly answers: RecordedAnswer[];
  ended: boolean;
}

/** Epoch ms from the high-resolution clock (the same clock as event timestamps). */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

const runs = createStore<Partial<Record<delphi.GameName, GameRun>>>({});

/** Starts the game unless this suite already played it; null means "already played". */
export function startGameRun(gameName: delphi.GameName, attributes: Record<string, unknown> = {}): GameRun | null {
  const state = suiteStore.get();
  const session = state.session;
  if (!session || isPlayed(state, gameName)) return null;
  const outbox = getOutbox(session.participantId, session.suiteId);
  const gameRef = crypto.randomUUID();
  const now = epochNow();
  outbox.enqueue(
    'startGame',
    gameRef,
    { participant: session.participantId, suite: session.suiteId, gameName, _startedAt: now, timestamp: now, attributes },
    gameRef,
  );
  markStarted({ gameName, gameRef });
  const run: GameRun = { gameName, gameRef, outbox, session, answers: [], ended: false };
  runs.set((all) => ({ ...all, [gameName]: run }));
  return run;
}

/** Queues one record of the run (the outbox adds the server's game id when it sends it). */
export function logRecord(run: GameRun, kind: Exclude<OutboxKind, 'startGame' | 'endGame'>, input: Record<string, unknown>): string {
  return run.outbox.enqueue(kind, run.gameRef, { participant: run.session.participantId, suite: run.session.suiteId, ...input });
}

/** Rounds whose startRound was queued: a re-mounted screen must not start a round twice (409). */
const startedRounds = new WeakMap<GameRun, Set<string>>();

export function startRoundOnce(run: GameRun, round: string, timestamp: number, attributes: Record<string, unknown> = {}): void {
  const started = startedRounds.get(run) ?? new Set<string>();
  startedRounds.set(run, started);
  if (started.has(round)) return;
  started.add(round);
  logRecord(run, 'startRound', { round, timestamp, attributes });
}

export function endGameRun(run: GameRun, attributes: Record<string, unknown> = {}): void {
  if (run.ended) return;
  run.ended = true;
  run.outbox.enqueue('endGame', run.gameRef, {
    participant: run.session.participantId,
    suite: run.session.suiteId,
    timestamp: epochNow(),
    attributes,
  });
  clearCurrentGame();
  runs.set((all) => ({ ...all }));
}

/** True when the server refused this run's start (409: played in another tab or before a reload). */
export function isRunRejected(run: GameRun): boolean {
  return run.outbox.deadLetters().some((letter) => letter.kind === 'startGame' && letter._clientId === run.gameRef);
}

export function useGameRun(gameName: delphi.GameName): GameRun | null {
  return useSyncExternalStore(
    runs.subscribe,
    () => runs.get()[gameName] ?? null,
    () => runs.get()[gameName] ?? null,
  );
}

/** Test helper. */
export function resetGameRuns(): void {
  runs.set({});
}
