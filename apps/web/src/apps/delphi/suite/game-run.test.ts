import { describe, expect, it, vi } from 'vitest';
import { Outbox } from '../outbox/outbox';
import { endGameRun, interruptRun, isRunLive, isRunRejected, logRecord, startRoundOnce, type GameRun } from './game-run';

function makeRun(): GameRun<'FlashMatch'> {
  const items = new Map<string, string>();
  const outbox = new Outbox({
    storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) },
    key: 'k',
    transport: vi.fn(async () => ({ _id: 'x' })),
    classify: () => 'retry',
  });
  // Not sending: these tests look at what is queued.
  outbox.stop();
  return { gameName: 'FlashMatch', gameRef: 'g1', outbox, session: { participantId: 'P1', suiteId: 'S1', parentOrigin: null }, answers: [], position: {}, ended: false, interrupted: false, release: () => undefined };
}

describe('a game run', () => {
  it('queues its records with the participant credential', () => {
    const run = makeRun();
    logRecord(run, 'logPrompt', { prompt: '3', _promptedAt: 1, attributes: { trial: 0, task: 'search' } });
    expect(run.outbox.pendingCount('g1')).toBe(1);
  });

  it('starts a round only once, however often a screen mounts', () => {
    const run = makeRun();
    startRoundOnce(run, 'SZ_1', 1, { task: 'search', seed: 11 });
    startRoundOnce(run, 'SZ_1', 2, { task: 'search', seed: 11 });
    startRoundOnce(run, 'SZ_2', 3, { task: 'search', seed: 12 });
    expect(run.outbox.pendingCount()).toBe(2);
  });

  it('ends once', () => {
    const run = makeRun();
    endGameRun(run, { responses: 0 });
    endGameRun(run, { responses: 0 });
    expect(run.ended).toBe(true);
    expect(run.outbox.pendingCount()).toBe(1);
    expect(isRunRejected(run)).toBe(false);
  });

  it('ends as interrupted once, recording where the participant left (issue 18)', () => {
    const run = makeRun();
    logRecord(run, 'startRound', { round: 'SZ_1', timestamp: 1, attributes: { task: 'search', seed: 11 } });
    const prompt = logRecord(run, 'logPrompt', { round: 'SZ_1', prompt: '7', _promptedAt: 1, attributes: { trial: 4, task: 'search' } });
    run.answers.push({ group: 'SZ_1', isCorrect: true });
    interruptRun(run, 'link');
    interruptRun(run, 'unload');
    endGameRun(run, { responses: 0 });
    expect(run).toMatchObject({ ended: true, interrupted: true });
    const ends = run.outbox.pendingRecords().filter((r) => r.kind === 'endGame');
    expect(ends).toHaveLength(1);
    expect(ends[0]?.input).toMatchObject({ reason: 'interrupted', attributes: { via: 'link', round: 'SZ_1', prompt, questionIndex: 4, answers: 1 } });
    expect(isRunLive(run)).toBe(false);
  });

  it('a completed game is not interrupted afterwards', () => {
    const run = makeRun();
    endGameRun(run, { responses: 0 });
    interruptRun(run, 'unload');
    expect(run.interrupted).toBe(false);
    expect(run.outbox.pendingRecords().map((r) => r.input.reason)).toEqual(['completed']);
  });
});
