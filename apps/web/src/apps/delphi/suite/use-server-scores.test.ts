import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { jsonResponse } from '../../../test/render';
import type { GameRun } from './game-run';
import { useServerScores } from './use-server-scores';

/** A run whose outbox knows (or not yet) the server's id of the game. */
function runWithGameId(gameId: string | undefined): GameRun {
  const outbox = { gameId: () => gameId } as unknown as GameRun['outbox'];
  return { gameName: 'QuizTime', gameRef: 'ref-1', outbox, session: { participantId: 'P1', suiteId: 'S1', parentOrigin: null }, answers: [], position: {}, ended: true, interrupted: false, release: () => undefined };
}

const serverScores = {
  games: [
    { gameName: 'FlashMatch', gameId: 'other', ended: true, blocks: {}, categories: {} },
    { gameName: 'QuizTime', gameId: 'G1', ended: true, blocks: {}, categories: { Humanities: { correctAnswers: 7, totalAnswers: 10 } } },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the Feedback scores as the server recorded them', () => {
  it('waits while records are pending, then answers the game\'s own scores from GET_GAME_SCORES', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, serverScores));
    vi.stubGlobal('fetch', fetchMock);
    const run = runWithGameId('G1');
    const { result, rerender } = renderHook(({ pending }) => useServerScores(run, pending), { initialProps: { pending: 2 } });
    expect(result.current).toEqual({ state: 'waiting' });
    expect(fetchMock).not.toHaveBeenCalled();
    rerender({ pending: 0 });
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.state === 'ready' && result.current.scores.categories.Humanities).toEqual({ correctAnswers: 7, totalAnswers: 10 });
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/v1/actions/delphi/Suite/action/getGameScores',
      expect.objectContaining({ body: expect.stringContaining('"participant":"P1"') as unknown }),
    ]);
  });

  it('falls back to the locally counted scores when the server cannot be asked', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(503, {}));
    vi.stubGlobal('fetch', fetchMock);
    const run = runWithGameId('G1');
    const { result } = renderHook(() => useServerScores(run, 0));
    await waitFor(() => expect(result.current.state).toBe('local'), { timeout: 5_000 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('uses the local count when the game never got a server id (its start was refused)', () => {
    vi.stubGlobal('fetch', vi.fn());
    const { result } = renderHook(() => useServerScores(runWithGameId(undefined), 0));
    expect(result.current).toEqual({ state: 'local' });
  });
});
