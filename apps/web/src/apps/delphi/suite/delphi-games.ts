/**
 * The suite's games, one line each, in the hub's order (ADR 069): the app's routes, the hub's
 * tiles (games.ts) and the chunks it loads ahead are derived from this list. A new game is its
 * folder (its entry beside its screens) plus one line here, and its declaration in the contract
 * (`packages/contract/src/games/`) plus one line there.
 */
import { COLOR_CATCH_ENTRY } from '../games/color-catch/color-catch-entry';
import { FLASH_MATCH_ENTRY } from '../games/flash-match/flash-entry';
import { MIME_MIX_ENTRY } from '../games/mime-mix/mime-entry';
import { MORNING_MEMO_ENTRY } from '../games/morning-memo/memo-entry';
import { QUIZ_TIME_ENTRY } from '../games/quiz-time/quiz-entry';
import { WORD_LINKS_ENTRY } from '../games/word-links/word-links-entry';
import type { DelphiGame } from './delphi-game';

export const DELPHI_GAMES = [
  QUIZ_TIME_ENTRY,
  FLASH_MATCH_ENTRY,
  WORD_LINKS_ENTRY,
  COLOR_CATCH_ENTRY,
  MIME_MIX_ENTRY,
  MORNING_MEMO_ENTRY,
] as const satisfies readonly DelphiGame[];

/** The games declared in the contract that have no entry here: `never` when the list is complete (a type test checks). */
export type UnlistedGame = Exclude<DelphiGame['name'], (typeof DELPHI_GAMES)[number]['name']>;
