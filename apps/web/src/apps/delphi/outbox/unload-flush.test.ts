import { describe, expect, it } from 'vitest';
import type { OutboxKind, OutboxRecord } from './outbox';
import { planUnloadSends } from './unload-flush';

const record = (kind: OutboxKind, clientId: string, gameRef: string, input: Record<string, unknown> = {}): OutboxRecord => ({
  _clientId: clientId,
  kind,
  gameRef,
  input: { _clientId: clientId, ...input },
});

const summary = (sends: ReturnType<typeof planUnloadSends>) => sends.map((s) => `${s.kind}:${String(s.input._clientId)}`);

describe('planUnloadSends', () => {
  it('sends every record of a known game in order, with its game id', () => {
    const sends = planUnloadSends(
      [record('logPrompt', 'p1', 'g', { round: 'A' }), record('endRound', 'er', 'g', { round: 'A' }), record('endGame', 'eg', 'g')],
      { g: 'game-1' },
    );
    expect(sends).toEqual([
      { kind: 'logPrompt', input: { _clientId: 'p1', round: 'A', game: 'game-1' } },
      { kind: 'endRound', input: { _clientId: 'er', round: 'A', game: 'game-1' } },
      { kind: 'endGame', input: { _clientId: 'eg' }, id: 'game-1' },
    ]);
  });

  it('sends a record that names a prompt or round still pending once, as is: the server links it when they arrive', () => {
    const sends = planUnloadSends(
      [
        record('startRound', 'sr', 'g', { round: 'B' }),
        record('logPrompt', 'p2', 'g', { round: 'B', prompt: 'stimulus' }),
        record('logResponse', 'r2', 'g', { round: 'B', prompt: 'p2', attributes: { x: 1 } }),
      ],
      { g: 'game-1' },
    );
    expect(summary(sends)).toEqual(['startRound:sr', 'logPrompt:p2', 'logResponse:r2']);
    expect(sends[2]?.input).toEqual({ _clientId: 'r2', round: 'B', prompt: 'p2', game: 'game-1', attributes: { x: 1 } });
  });

  it('sends only the startGame of a game whose id is not known yet', () => {
    const sends = planUnloadSends(
      [record('startGame', 'g', 'g', { gameName: 'QuizTime' }), record('logPrompt', 'p', 'g'), record('logResponse', 'r', 'g', { prompt: 'p' })],
      {},
    );
    expect(sends).toEqual([{ kind: 'startGame', input: { _clientId: 'g', gameName: 'QuizTime' } }]);
  });

  it('keeps to the byte budget, oldest first', () => {
    const big = 'x'.repeat(300);
    const records = [
      record('logPrompt', 'p1', 'g', { prompt: big }),
      record('logResponse', 'r1', 'g', { prompt: 'p1', question: big }),
      record('logPrompt', 'p2', 'g', { prompt: big }),
      record('logResponse', 'r2', 'g', { prompt: 'p2' }),
    ];
    const sends = planUnloadSends(records, { g: 'game-1' }, { budgetBytes: 1300 });
    expect(summary(sends)).toEqual(['logPrompt:p1', 'logResponse:r1']);
  });
});
