/**
 * What a game is for this participant, from what the server said and what this browser knows
 * (DESIGN §7, issue 18). The hub's tiles and every game page read it.
 */
import type { delphi } from '@chi/contract';
import type { SuiteState } from './suite-store';

export type GameStatus = 'unavailable' | 'toPlay' | 'playing' | 'elsewhere' | 'completed' | 'interrupted' | 'skipped';

/**
 * - `unavailable`: not built yet (no route);
 * - `playing`: running in this page;
 * - `completed` / `interrupted`: as the server recorded it, else as this browser ended it;
 * - `skipped`: an optional game the participant chose not to play (server or this browser);
 * - `elsewhere`: not ended, and another page of this browser is playing it (it holds the
 *   game's Web Lock; issue 25): in progress there, neither interrupted nor to play here;
 * - a game started (here or on the server) that is neither running here or elsewhere nor ended
 *   was left mid-game (a reload, a closed tab): `interrupted`; the page load ends it so (recovery).
 */
export function gameStatus(
  state: SuiteState,
  gameName: delphi.GameName,
  options: { available: boolean; live: boolean; elsewhere?: boolean },
): GameStatus {
  if (!options.available) return 'unavailable';
  if (options.live) return 'playing';
  const server = state.suite?.games.find((g) => g.gameName === gameName);
  if (server?.skipped) return 'skipped';
  if (server?.status === 'completed' || server?.status === 'interrupted') return server.status;
  if (server?.status === 'skipped') return 'skipped';
  const local = state.local[gameName]?.outcome;
  if (local) return local;
  if (options.elsewhere) return 'elsewhere';
  if (server?.state === 'played' || state.started.includes(gameName)) return 'interrupted';
  return 'toPlay';
}

/** Minutes left: only the games the participant can still play. */
export function minutesLeft(games: readonly { minutes: number; status: GameStatus }[]): number {
  return games.reduce((sum, game) => sum + (game.status === 'toPlay' ? game.minutes : 0), 0);
}
