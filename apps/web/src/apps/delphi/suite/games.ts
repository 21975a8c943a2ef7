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
  { name: 'WordLinks', minutes: 10, key: 'wordLinks', path: null, optional: true },
  { name: 'ColorCatch', minutes: 7, key: 'colorCatch', path: null, optional: false },
  { name: 'MimeMix', minutes: 5, key: 'mimeMix', path: null, optional: false },
  { name: 'MorningMemo', minutes: 5, key: 'morningMemo', path: null, optional: false },
];

/** The games a participant can finish today: the suite is complete when these are played. */
export const PLAYABLE_GAMES = HUB_GAMES.filter((game) => game.path !== null).map((game) => game.name);
