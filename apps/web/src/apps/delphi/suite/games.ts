/** The hub's catalogue: which games exist, where they start, and which are not built yet. */
import type { delphi } from '@chi/contract';

export interface HubGame {
  name: delphi.GameName;
  /** i18n key under `games.` */
  key: 'quizTime' | 'flashMatch' | 'wordLinks' | 'colorCatch' | 'mimeMix' | 'morningMemo';
  /** Route of the game's welcome screen; null while the game comes in a later release. */
  path: string | null;
  optional: boolean;
  /** The time estimate the hub adds up (the tile's "About N minutes"). */
  minutes: number;
}

export const HUB_GAMES: readonly HubGame[] = [
  { name: 'QuizTime', minutes: 10, key: 'quizTime', path: '/QuizTime', optional: false },
  { name: 'FlashMatch', minutes: 8, key: 'flashMatch', path: '/FlashMatch', optional: false },
  { name: 'WordLinks', minutes: 10, key: 'wordLinks', path: '/WordLinks', optional: true },
  { name: 'ColorCatch', minutes: 7, key: 'colorCatch', path: '/ColorCatch', optional: false },
  { name: 'MimeMix', minutes: 5, key: 'mimeMix', path: '/MimeMix', optional: false },
  { name: 'MorningMemo', minutes: 5, key: 'morningMemo', path: '/MorningMemo', optional: false },
];

/** The games a participant can finish today: the suite is complete when these are played (an optional game may be left). */
export const PLAYABLE_GAMES = HUB_GAMES.filter((game) => game.path !== null && !game.optional).map((game) => game.name);
