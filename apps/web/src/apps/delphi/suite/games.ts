/** The hub's catalogue: which games exist, where they start, and which are not built yet (from the one list of games, ADR 069). */
import { delphi } from '@chi/contract';
import type { GameTextKey } from './delphi-game';
import { DELPHI_GAMES } from './delphi-games';

export interface HubGame {
  name: delphi.GameName;
  /** i18n key under `games.` */
  key: GameTextKey;
  /** Route of the game's welcome screen; null while the game comes in a later release. */
  path: string | null;
  optional: boolean;
  /** The time estimate the hub adds up (the tile's "About N minutes"). */
  minutes: number;
}

/** The games in the hub's order; a game is optional when its declared default says so (ADR 064). */
export const HUB_GAMES: readonly HubGame[] = DELPHI_GAMES.map((game) => ({
  name: game.name,
  minutes: game.hub.minutes,
  key: game.hub.key,
  path: game.routes[0]?.path ?? null,
  optional: delphi.SUITE_OPTIONAL_GAMES.includes(game.name),
}));

/** The games a participant can finish today: the suite is complete when these are played (an optional game may be left). */
export const PLAYABLE_GAMES = HUB_GAMES.filter((game) => game.path !== null && !game.optional).map((game) => game.name);
