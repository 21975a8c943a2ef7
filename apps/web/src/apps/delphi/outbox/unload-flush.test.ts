import { describe, expect, it } from 'vitest';
import type { OutboxKind, OutboxRecord } from './outbox';
import { planUnloadSends } from './unload-flush';

const record = (kind: OutboxKind, clientId: string, gameRef: string, input: Record<string, unknown> = {}): OutboxRecord => ({
  _clientId: clientId,
  kind,
  gameRef,
  input: { _clientId: clientId, ...input },
});

const summary = (sends: ReturnType<typeof planUnloadSends>) =>
  sends.map((s) => `${s.kind}:${String(s.input._clientId)}${s.input.prompt === undefined && s.kind === 'logResponse' ? ' unlinked' : ''}`);

describe('planUnloadSends', () => {
  it('sends every record of a known game in order, with its game id', () => {
    const sends = planUnloadSends(
      [record('logPrompt', 'p1', 'g', { round: 'A' }), record('endRound', 'er', 'g', { round: 'A' }), record('endGame', 'eg', 'g')],
      { g: 'game-1' },
      { unlinkedCopies: true },
    );
    expect(sends).toEqual([
      { kind: 'logPrompt', input: { _clientId: 'p1', round: 'A', game: 'game-1' } },
      { kind: 'endRound', input: { _clientId: 'er', round: 'A', game: 'game-1' } },
      { kind: 'endGame', input: { _clientId: 'eg' }, id: 'game-1' },
    ]);
  });

  it('adds an unlinked copy, last, of each record that names a prompt or round still pending', () => {
    const sends = planUnloadSends(
      [
        record('startRound', 'sr', 'g', { round: 'B' }),
        record('logPrompt', 'p2', 'g', { round: 'B', prompt: 'stimulus' }),
        record('logResponse', 'r2', 'g', { round: 'B', prompt: 'p2', attributes: { x: 1 } }),
        record('logResponse', 'r1', 'g', { round: 'A', prompt: 'acknowledged-before' }),
      ],
      { g: 'game-1' },
      { unlinkedCopies: true },
    );
    expect(summary(sends)).toEqual(['startRound:sr', 'logPrompt:p2', 'logResponse:r2', 'logResponse:r1', 'logPrompt:p2', 'logResponse:r2 unlinked']);
    expect(sends[4]?.input).toEqual({ _clientId: 'p2', prompt: 'stimulus', game: 'game-1', attributes: { unlinkedRound: 'B' } });
    expect(sends[5]?.input).toEqual({ _clientId: 'r2', game: 'game-1', attributes: { x: 1, unlinkedRound: 'B', unlinkedPrompt: 'p2' } });
  });

  it('sends no unlinked copies for a page that lives on or is resumed from storage', () => {
    const sends = planUnloadSends(
      [record('logPrompt', 'p', 'g'), record('logResponse', 'r', 'g', { prompt: 'p' })],
      { g: 'game-1' },
      { unlinkedCopies: false },
    );
    expect(summary(sends)).toEqual(['logPrompt:p', 'logResponse:r']);
  });

  it('sends only the startGame of a game whose id is not known yet', () => {
    const sends = planUnloadSends(
      [record('startGame', 'g', 'g', { gameName: 'QuizTime' }), record('logPrompt', 'p', 'g'), record('logResponse', 'r', 'g', { prompt: 'p' })],
      {},
      { unlinkedCopies: true },
    );
    expect(sends).toEqual([{ kind: 'startGame', input: { _clientId: 'g', gameName: 'QuizTime' } }]);
  });

  it('keeps to the byte budget, oldest first, a record and its unlinked copy together', () => {
    const big = 'x'.repeat(300);
    const records = [
      record('logPrompt', 'p1', 'g', { prompt: big }),
      record('logResponse', 'r1', 'g', { prompt: 'p1', question: big }),
      record('logPrompt', 'p2', 'g', { prompt: big }),
    ];
    const sends = planUnloadSends(records, { g: 'game-1' }, { unlinkedCopies: true, budgetBytes: 2000 });
    expect(summary(sends)).toEqual(['logPrompt:p1', 'logResponse:r1', 'logResponse:r1 unlinked']);
  });
});
