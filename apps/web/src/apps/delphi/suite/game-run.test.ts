import { describe, expect, it, vi } from 'vitest';
import { Outbox } from '../outbox/outbox';
import { endGameRun, isRunRejected, logRecord, startRoundOnce, type GameRun } from './game-run';

function makeRun(): GameRun {
  const items = new Map<string, string>();
  const outbox = new Outbox({
    storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) },
    key: 'k',
    transport: vi.fn(async () => ({ _id: 'x' })),
    classify: () => 'retry',
  });
  // Not sending: these tests look at what is queued.
  outbox.stop();
  return { gameName: 'FlashMatch', gameRef: 'g1', outbox, session: { participantId: 'P1', suiteId: 'S1', parentOrigin: null }, answers: [], ended: false };
}

describe('a game run', () => {
  it('queues its records with the participant credential', () => {
    const run = makeRun();
    logRecord(run, 'logPrompt', { prompt: '3' });
    expect(run.outbox.pendingCount('g1')).toBe(1);
  });

  it('starts a round only once, however often a screen mounts', () => {
    const run = makeRun();
    startRoundOnce(run, 'SZ_1', 1);
    startRoundOnce(run, 'SZ_1', 2);
    startRoundOnce(run, 'SZ_2', 3);
    expect(run.outbox.pendingCount()).toBe(2);
  });

  it('ends once', () => {
    const run = makeRun();
    endGameRun(run);
    endGameRun(run);
    expect(run.ended).toBe(true);
    expect(run.outbox.pendingCount()).toBe(1);
    expect(isRunRejected(run)).toBe(false);
  });
});
