/**
 * One play of one game: started once (startGame through the outbox), its records queued with
 * the participant credential, its answers kept for the feedback screen, then ended. The run
 * lives in memory only: a reload mid-game finds no run and the hub shows the game as played,
 * which is the "never a replay" rule.
 */
import { useSyncExternalStore } from 'react';
import type { delphi } from '@chi/contract';
import { createStore } from '../../../shell/store';
import type { Outbox } from '../outbox/outbox';
import { getOutbox } from '../outbox/outbox-client';
import { clearCurrentGame, isPlayed, markOutcome, markStarted, suiteStore, type SuiteSession } from './suite-store';
import { holdGameLock } from './game-lock';
import type { AttributesArgument, EndAttributes, GameRecords, RecordKind, RoundStartAttributes, StartAttributes } from './game-records';

/** One scored answer as the feedback screens count it. */
export interface RecordedAnswer {
  /** The block (Flash Match round id) or the category (Quiz Time). */
  group: string;
  isCorrect: boolean;
}

/** Where the participant is in the game: the last round, prompt and item logged (for an interruption's record). */
export interface RunPosition {
  round?: string;
  prompt?: string;
  questionIndex?: number;
}

/** A run of game G: its records are typed from G's declaration (game-records.ts). */
export interface GameRun<G extends delphi.GameName = delphi.GameName> {
  readonly gameName: G;
  readonly gameRef: string;
  readonly outbox: Outbox;
  readonly session: SuiteSession;
  readonly answers: RecordedAnswer[];
  readonly position: RunPosition;
  /** The startGame attributes (a game's seed, config…), as logged (declared by the game, ADR 068). */
  readonly attributes?: Readonly<Record<string, unknown>>;
  ended: boolean;
  /** Ended because the participant left mid-game. */
  interrupted: boolean;
  /** Lets go of the game's Web Lock (held while the run lives: no other page recovers it). */
  release: () => void;
}

/** Epoch ms from the high-resolution clock (the same clock as event timestamps). */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

const runs = createStore<Partial<Record<delphi.GameName, GameRun>>>({});

/**
 * Starts the game unless this suite already played it; null means "already played". Its
 * attributes are the game's declared `start` (ADR 068): the server checks them exactly.
 */
export function startGameRun<G extends delphi.GameName>(gameName: G, ...[given]: NoInfer<AttributesArgument<StartAttributes<G>>>): GameRun<G> | null {
  const attributes: Record<string, unknown> = { ...given };
  const state = suiteStore.get();
  const session = state.session;
  if (!session || isPlayed(state, gameName)) return null;
  const outbox = getOutbox(session.participantId, session.suiteId);
  const gameRef = crypto.randomUUID();
  const now = epochNow();
  outbox.enqueue(
    'startGame',
    gameRef,
    { participant: session.participantId, suite: session.suiteId, gameName, _startedAt: now, timestamp: now, attributes, _declared: true },
    gameRef,
  );
  markStarted({ gameName, gameRef });
  const release = holdGameLock(session.suiteId, gameName);
  const run: GameRun<G> = { gameName, gameRef, outbox, session, answers: [], position: {}, attributes, ended: false, interrupted: false, release };
  runs.set((all) => ({ ...all, [gameName]: run }));
  return run;
}

/**
 * Queues one record of the run (the outbox adds the server's game id when it sends it). The
 * record is typed from the game's declaration: a prompt's or response's attributes are exactly
 * the declared ones (ADR 064).
 */
export function logRecord<G extends delphi.GameName, K extends RecordKind>(run: GameRun<G>, kind: K, input: NoInfer<GameRecords<G>[K]>): string {
  return queue(run, kind, input);
}

/** Queues a record typed by its caller; marked: its attributes follow the game's declaration, and the server checks them exactly. */
function queue(run: GameRun, kind: RecordKind, input: { round?: string; attributes?: object; [field: string]: unknown }): string {
  const id = run.outbox.enqueue(kind, run.gameRef, { participant: run.session.participantId, suite: run.session.suiteId, ...input, _declared: true });
  track(run.position, kind, input, id);
  return id;
}

/** Keeps the run's position from the records it logs, so every game reports where it was left. */
function track(position: RunPosition, kind: RecordKind, input: { round?: string; attributes?: object }, id: string): void {
  if (typeof input.round === 'string') position.round = input.round;
  if (kind === 'logPrompt') {
    position.prompt = id;
    const attributes: Record<string, unknown> = { ...input.attributes };
    const index = attributes.questionIndex ?? attributes.trial;
    if (typeof index === 'number') position.questionIndex = index;
  }
}

/** Rounds whose startRound was queued: a re-mounted screen must not start a round twice (409). */
const startedRounds = new WeakMap<GameRun, Set<string>>();

/** Starts round `round` of the run; its attributes are the game's declared round start (ADR 068). */
export function startRoundOnce<G extends delphi.GameName>(
  run: GameRun<G>,
  round: string,
  timestamp: number,
  ...[attributes]: NoInfer<AttributesArgument<RoundStartAttributes<G>>>
): void {
  const started = startedRounds.get(run) ?? new Set<string>();
  startedRounds.set(run, started);
  if (started.has(round)) return;
  started.add(round);
  queue(run, 'startRound', { round, timestamp, attributes: { ...attributes } });
}

/**
 * The endGame input that ends a game now, for the reason given; marked, as its attributes are
 * declared: a completed end's by the game, an interrupted end's by the suite (ADR 068).
 */
function endInput(session: SuiteSession, reason: delphi.EndReason, attributes: object): Record<string, unknown> {
  return { participant: session.participantId, suite: session.suiteId, timestamp: epochNow(), reason, attributes, _declared: true };
}

/** The end of a game left in an earlier page (recovery): interrupted, now. */
export function interruptedEndInput(session: SuiteSession, attributes: delphi.InterruptionAttributes): Record<string, unknown> {
  return endInput(session, 'interrupted', attributes);
}

function finish(run: GameRun, reason: delphi.EndReason, attributes: object): void {
  run.ended = true;
  run.interrupted = reason === 'interrupted';
  run.outbox.enqueue('endGame', run.gameRef, endInput(run.session, reason, attributes));
  markOutcome(run.gameName, run.gameRef, 'skipped' in attributes && attributes.skipped === true ? 'skipped' : reason);
  run.release();
  clearCurrentGame();
  runs.set((all) => ({ ...all }));
}

/** Ends the run as completed; its attributes are the game's declared `end` (ADR 068). */
export function endGameRun<G extends delphi.GameName>(run: GameRun<G>, ...[attributes]: NoInfer<AttributesArgument<EndAttributes<G>>>): void {
  if (run.ended) return;
  finish(run, 'completed', { ...attributes });
}

/** How the participant left a running game (declared with the interrupted end, ADR 068). */
export type LeftVia = delphi.LeftVia;

/**
 * The participant left mid-game: the game ends as interrupted, with when (the end's
 * timestamp), how, and where (round, prompt, item, answers given) in its record.
 */
export function interruptRun(run: GameRun, via: LeftVia): void {
  if (run.ended || isRunRejected(run)) return;
  const where: delphi.InterruptionAttributes = { via, ...run.position, answers: run.answers.length };
  finish(run, 'interrupted', where);
}

/** A run still being played in this page. */
export function isRunLive(run: GameRun | null | undefined): run is GameRun {
  return !!run && !run.ended && !isRunRejected(run);
}

/** The games being played in this page right now. */
export function liveGameNames(): delphi.GameName[] {
  return Object.values(runs.get()).filter(isRunLive).map((run) => run.gameName);
}

/** The run being played in this page now, if any (session events name its game, ADR 026). */
export function currentRun(): GameRun | null {
  return Object.values(runs.get()).find(isRunLive) ?? null;
}

/** True when the server refused this run's start (409: played in another tab or before a reload). */
export function isRunRejected(run: GameRun): boolean {
  return run.outbox.deadLetters().some((letter) => letter.kind === 'startGame' && letter._clientId === run.gameRef);
}

export function useGameRun<G extends delphi.GameName>(gameName: G): GameRun<G> | null {
  // The store keeps each game's run under its own name.
  const get = () => (runs.get()[gameName] as GameRun<G> | undefined) ?? null;
  return useSyncExternalStore(runs.subscribe, get, get);
}

/** Where a run stands: no run, being played, ended, or refused by the server (its startGame dead-lettered). */
export type RunState = 'none' | 'live' | 'ended' | 'rejected';

export function runState(run: GameRun | null | undefined): RunState {
  if (!run) return 'none';
  if (run.ended) return 'ended';
  return isRunRejected(run) ? 'rejected' : 'live';
}

const noSubscription = () => () => undefined;

/**
 * The run's state, re-rendered only when it changes. The outbox notifies on every record it
 * queues or settles (a prompt logged in the onset frame, an answer), and a screen that followed
 * the whole snapshot to notice the end or a refusal re-rendered on each (issue 23, ADR 075).
 */
export function useRunState(run: GameRun | null | undefined): RunState {
  const get = () => runState(run);
  return useSyncExternalStore(run?.outbox.subscribe ?? noSubscription, get, get);
}

/** Test helper. */
export function resetGameRuns(): void {
  runs.set({});
}
