/**
 * The Feedback screens' scores as the server recorded them (GET_GAME_SCORES): the figures a
 * participant sees are the figures researchers will export. Asked once the outbox has nothing
 * pending for the game; until the answer arrives the screen says the scores are not ready.
 * Should the server be unreachable right then, the screen falls back to the answers this page
 * counted itself (the same answers, already acknowledged) rather than leaving the participant
 * waiting.
 */
import { useEffect, useState } from 'react';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import type { GameRun } from './game-run';

export type ServerScores =
  | { state: 'waiting' }
  | { state: 'ready'; scores: delphi.GameScores }
  /** The server could not be asked: show the locally counted scores. */
  | { state: 'local' };

const RETRIES = 3;
const RETRY_DELAY_MS = 1_000;

export function useServerScores(run: GameRun | null, pending: number): ServerScores {
  const [result, setResult] = useState<ServerScores>({ state: 'waiting' });
  const gameId = run && pending === 0 ? run.outbox.gameId(run.gameRef) : undefined;
  useEffect(() => {
    if (!run || !gameId) return;
    let cancelled = false;
    const ask = async (attempt: number): Promise<void> => {
      try {
        const { games } = await api.call(
          delphi.getGameScores,
          { participant: run.session.participantId, suite: run.session.suiteId },
          { fresh: true },
        );
        if (cancelled) return;
        const scores = games.find((game) => game.gameId === gameId);
        setResult(scores ? { state: 'ready', scores } : { state: 'local' });
      } catch {
        if (cancelled) return;
        if (attempt + 1 < RETRIES) {
          setTimeout(() => void ask(attempt + 1), RETRY_DELAY_MS);
        } else {
          setResult({ state: 'local' });
        }
      }
    };
    void ask(0);
    return () => {
      cancelled = true;
    };
  }, [run, gameId]);
  if (run && pending === 0 && !gameId) return { state: 'local' }; // its start was refused: nothing on the server to ask
  return gameId ? result : { state: 'waiting' };
}
