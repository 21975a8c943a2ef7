/** Where the participant is in Flash Match: the one-way stage, in memory with the game run. */
import { useSyncExternalStore } from 'react';
import { createStore } from '../../../../shell/store';
import { nextScreen } from '../../../../game-kit/random/sequence';
import { FLASH_SEQUENCE, type FlashStage } from './flash-config';

const stageStore = createStore<FlashStage>('welcome');

export function useFlashStage(): FlashStage {
  return useSyncExternalStore(stageStore.subscribe, stageStore.get, stageStore.get);
}

export function setFlashStage(stage: FlashStage): void {
  stageStore.set(stage);
}

/** Moves one step forward (never back) and returns the new stage. */
export function advanceFlashStage(): FlashStage {
  const next = nextScreen(FLASH_SEQUENCE, stageStore.get()) ?? 'feedback';
  stageStore.set(next);
  return next;
}
