/**
 * The hub's warm-up of the games' lazy chunks (each game's screens, ADR 004; each game brings
 * its chunk in its entry, ADR 069): the hub fetches the chunks of the games still to play while
 * the participant reads it (ADR 061), so a tap on Play draws the game's first screen without a
 * round trip to the server first. The routes load the same chunks.
 */
import type { delphi } from '@chi/contract';
import { whenIdle } from '../../../shell/boot-schedule';
import type { Chunk } from '../../../ui/lazy-with-retry';
import { DELPHI_GAMES } from './delphi-games';

/** Each game's chunk by its name, from the one list of games (delphi-games.ts; a test checks every game has one). */
const CHUNKS = new Map<delphi.GameName, Chunk<unknown>>(DELPHI_GAMES.map((game) => [game.name, game.chunk]));

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
      const gameChunk = CHUNKS.get(name);
      if (!gameChunk) return next();
      gameChunk.load().catch(() => undefined).finally(next);
    });
  };
  next();
}
