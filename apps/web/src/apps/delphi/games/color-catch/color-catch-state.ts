/** Where the participant is in Color Catch: the one-way stage, in memory with the game run. */
import { useSyncExternalStore } from 'react';
import { createStore } from '../../../../shell/store';
import { nextScreen } from '../../../../game-kit/random/sequence';
import { COLOR_STAGES, type ColorStage } from './color-catch-config';

const stageStore = createStore<ColorStage>('welcome');

export function useColorStage(): ColorStage {
  return useSyncExternalStore(stageStore.subscribe, stageStore.get, stageStore.get);
}

export function setColorStage(stage: ColorStage): void {
  stageStore.set(stage);
}

/** Moves one step forward (never back) and returns the new stage. */
export function advanceColorStage(): ColorStage {
  const next = nextScreen(COLOR_STAGES, stageStore.get()) ?? 'done';
  stageStore.set(next);
  return next;
}
