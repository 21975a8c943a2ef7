import { describe, expect, it } from 'vitest';
import type { OutboxKind, OutboxRecord } from './outbox';
import { planUnloadBatch } from './unload-flush';

const who = { participant: 'P1', suite: 'suite-1' };

const record = (kind: OutboxKind, clientId: string, gameRef: string, input: Record<string, unknown> = {}): OutboxRecord => ({
  _clientId: clientId,
  kind,
  gameRef,
  input: { ...who, _clientId: clientId, ...input },
});

const summary = (batch: ReturnType<typeof planUnloadBatch>) => batch?.records.map((r) => `${r.kind}:${String(r.input._clientId)}`);

describe('planUnloadBatch', () => {
  it('sends every record of a known game in order, with its game id, the credential once', () => {
    const batch = planUnloadBatch(
      [record('logPrompt', 'p1', 'g', { round: 'A' }), record('endRound', 'er', 'g', { round: 'A' }), record('endGame', 'eg', 'g')],
      { g: 'game-1' },
    );
    expect(batch).toEqual({
      ...who,
      records: [
        { kind: 'logPrompt', input: { _clientId: 'p1', round: 'A', game: 'game-1' } },
        { kind: 'endRound', input: { _clientId: 'er', round: 'A', game: 'game-1' } },
        { kind: 'endGame', input: { _clientId: 'eg' }, id: 'game-1' },
      ],
    });
  });

  it('names a game whose start is not answered yet by the start\'s client id, so its answers go with it', () => {
    const batch = planUnloadBatch(
      [record('startGame', 'g', 'g', { gameName: 'QuizTime' }), record('logPrompt', 'p', 'g'), record('logResponse', 'r', 'g', { prompt: 'p' })],
      {},
    );
    expect(batch?.records).toEqual([
      { kind: 'startGame', input: { _clientId: 'g', gameName: 'QuizTime' } },
      { kind: 'logPrompt', input: { _clientId: 'p' }, gameClientId: 'g' },
      { kind: 'logResponse', input: { _clientId: 'r', prompt: 'p' }, gameClientId: 'g' },
    ]);
  });

  it('leaves out the records of a game that is neither known nor starting (its start was refused), but not its events', () => {
    const batch = planUnloadBatch([record('logResponse', 'r', 'refused'), record('logEvent', 'e', 'refused', { kind: 'blur' }), record('logEvent', 'e2', '')], {});
    expect(summary(batch)).toEqual(['logEvent:e', 'logEvent:e2']);
    expect(planUnloadBatch([record('logResponse', 'r', 'refused')], {})).toBeNull();
    expect(planUnloadBatch([], {})).toBeNull();
  });

  it('keeps to the byte budget, oldest first', () => {
    const big = 'x'.repeat(300);
    const records = [
      record('logPrompt', 'p1', 'g', { prompt: big }),
      record('logResponse', 'r1', 'g', { prompt: 'p1', question: big }),
      record('logPrompt', 'p2', 'g', { prompt: big }),
      record('logResponse', 'r2', 'g', { prompt: 'p2' }),
    ];
    const batch = planUnloadBatch(records, { g: 'game-1' }, { budgetBytes: 1300 });
    expect(summary(batch)).toEqual(['logPrompt:p1', 'logResponse:r1']);
  });
});
