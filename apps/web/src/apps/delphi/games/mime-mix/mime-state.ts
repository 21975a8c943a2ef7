/** Where the participant is in Mime Mix: the one-way stage, in memory with the game run. */
import { useSyncExternalStore } from 'react';
import { createStore } from '../../../../shell/store';
import { nextScreen } from '../../../../game-kit/random/sequence';
import type { GameRun } from '../../suite/game-run';
import { MIME_SEQUENCE, type MimeStage } from './mime-config';
import type { MimeAnswer } from './mime-scoring';

const stageStore = createStore<MimeStage>('welcome');

export function useMimeStage(): MimeStage {
  return useSyncExternalStore(stageStore.subscribe, stageStore.get, stageStore.get);
}

export function setMimeStage(stage: MimeStage): void {
  stageStore.set(stage);
}

/** Moves one step forward (never back) and returns the new stage. */
export function advanceMimeStage(): MimeStage {
  const next = nextScreen(MIME_SEQUENCE, stageStore.get()) ?? 'end';
  stageStore.set(next);
  return next;
}

/** The main game's answers of a run, for the local scores (the Feedback screen prefers the server's). */
const mainAnswers = new WeakMap<GameRun<'MimeMix'>, MimeAnswer[]>();

export function mimeAnswers(run: GameRun<'MimeMix'>): MimeAnswer[] {
  let answers = mainAnswers.get(run);
  if (!answers) {
    answers = [];
    mainAnswers.set(run, answers);
  }
  return answers;
}
