/**
 * The games' lazy chunks (each game's screens, ADR 004), in one place: the routes load a game's
 * screens from here, and the hub fetches the chunks of the games still to play while the
 * participant reads it (ADR 061), so a tap on Play draws the game's first screen without a
 * round trip to the server first.
 */
import type { delphi } from '@chi/contract';
import { whenIdle } from '../../../shell/boot-schedule';
import { chunk, type Chunk } from '../../../ui/lazy-with-retry';

export const quizChunk = chunk(() => import('../games/quiz-time/quiz-routes'));
export const flashChunk = chunk(() => import('../games/flash-match/flash-routes'));
export const memoChunk = chunk(() => import('../games/morning-memo/memo-routes'));
export const wordLinksChunk = chunk(() => import('../games/word-links/word-links-routes'));
export const colorCatchChunk = chunk(() => import('../games/color-catch/color-catch-routes'));
export const mimeChunk = chunk(() => import('../games/mime-mix/mime-routes'));

const CHUNKS: Record<delphi.GameName, Chunk<unknown>> = {
  QuizTime: quizChunk,
  FlashMatch: flashChunk,
  MorningMemo: memoChunk,
  WordLinks: wordLinksChunk,
  ColorCatch: colorCatchChunk,
  MimeMix: mimeChunk,
};

/**
 * Loads the named games' chunks one after the other, each when the main thread is idle (one
 * game's module evaluation per task, never all at once). Failures are left to the tap on Play,
 * which tries again (lazyPage).
 */
export function warmGameChunks(names: readonly delphi.GameName[], idle: (then: () => void) => void = (then) => whenIdle(then, 3000)): void {
  const queue = [...names];
  const next = () => {
    const name = queue.shift();
    if (!name) return;
    idle(() => {
      CHUNKS[name].load().catch(() => undefined).finally(next);
    });
  };
  next();
}
