import { describe, expect, it } from 'vitest';
import type { delphi } from '@chi/contract';
import { gameStatus, minutesLeft } from './game-status';
import type { SuiteState } from './suite-store';
import { recoveryCandidates } from './interruption-recovery';

function game(gameName: delphi.GameName, status: delphi.GameStatus | null, gameId?: string): delphi.GameState {
  return { gameName, state: status ? 'played' : 'toPlay', ended: status === 'completed' || status === 'interrupted', status, ...(gameId ? { gameId } : {}) };
}

function state(partial: Partial<SuiteState>): SuiteState {
  return { session: { participantId: 'P', suiteId: 'S', parentOrigin: null }, suite: null, started: [], local: {}, current: null, ...partial };
}

const suite = (...games: delphi.GameState[]): delphi.Suite => ({ _id: 'S', _participantId: 'P', _resumableGames: [], games });
const open = { available: true, live: false };

describe('a game status (issue 18)', () => {
  it('says what the server recorded', () => {
    const s = state({ suite: suite(game('QuizTime', 'completed'), game('FlashMatch', 'interrupted'), game('WordLinks', null)) });
    expect(gameStatus(s, 'QuizTime', open)).toBe('completed');
    expect(gameStatus(s, 'FlashMatch', open)).toBe('interrupted');
    expect(gameStatus(s, 'WordLinks', open)).toBe('toPlay');
    expect(gameStatus(s, 'WordLinks', { available: false, live: false })).toBe('unavailable');
  });

  it('knows an end before the server has it, and a game left mid-way as interrupted', () => {
    const s = state({
      suite: suite(game('QuizTime', 'in progress'), game('FlashMatch', 'in progress')),
      local: { QuizTime: { gameRef: 'q', outcome: 'completed' } },
      started: ['QuizTime', 'FlashMatch', 'MimeMix'],
    });
    expect(gameStatus(s, 'QuizTime', open)).toBe('completed');
    expect(gameStatus(s, 'FlashMatch', open)).toBe('interrupted');
    expect(gameStatus(s, 'FlashMatch', { available: true, live: true })).toBe('playing');
    expect(gameStatus(s, 'MimeMix', open)).toBe('interrupted');
  });

  it('says a skipped optional game is skipped, not played, from the server or from this browser', () => {
    const skipped: delphi.GameState = { ...game('WordLinks', 'completed'), skipped: true };
    expect(gameStatus(state({ suite: suite(skipped) }), 'WordLinks', open)).toBe('skipped');
    expect(gameStatus(state({ suite: suite(game('WordLinks', 'completed')) }), 'WordLinks', open)).toBe('completed');
    const local = state({ suite: suite(game('WordLinks', 'in progress')), local: { WordLinks: { gameRef: 'w', outcome: 'skipped' } }, started: ['WordLinks'] });
    expect(gameStatus(local, 'WordLinks', open)).toBe('skipped');
    expect(minutesLeft([{ minutes: 6, status: 'skipped' }, { minutes: 8, status: 'toPlay' }])).toBe(8);
  });

  it('says a game another tab is playing is played elsewhere: not interrupted, not to play (issue 25)', () => {
    const elsewhere = { available: true, live: false, elsewhere: true };
    // Started in the other tab: the server says in progress, or this tab's suite is older than the start.
    expect(gameStatus(state({ suite: suite(game('FlashMatch', 'in progress')) }), 'FlashMatch', elsewhere)).toBe('elsewhere');
    expect(gameStatus(state({ suite: suite(game('FlashMatch', null)) }), 'FlashMatch', elsewhere)).toBe('elsewhere');
    // Once it has ended it is what it ended as, and without the other tab it was left mid-game.
    expect(gameStatus(state({ suite: suite(game('FlashMatch', 'completed')) }), 'FlashMatch', elsewhere)).toBe('completed');
    expect(gameStatus(state({ suite: suite(game('FlashMatch', 'in progress')) }), 'FlashMatch', open)).toBe('interrupted');
    expect(minutesLeft([{ minutes: 8, status: 'elsewhere' }])).toBe(0);
  });

  it('counts only the minutes of games still to play', () => {
    expect(minutesLeft([{ minutes: 10, status: 'completed' }, { minutes: 8, status: 'toPlay' }, { minutes: 7, status: 'unavailable' }, { minutes: 5, status: 'interrupted' }])).toBe(8);
  });
});

describe('recovering games left in an earlier page', () => {
  it('ends started games that are neither live here nor ended, under their local ref or the server id', () => {
    const s = state({
      suite: suite(game('QuizTime', 'in progress', 'g-q'), game('FlashMatch', 'in progress', 'g-f'), game('MimeMix', 'completed', 'g-m')),
      local: { QuizTime: { gameRef: 'ref-q' }, ColorCatch: { gameRef: 'ref-c', outcome: 'interrupted' } },
      started: ['QuizTime', 'ColorCatch'],
    });
    expect(recoveryCandidates(s, [])).toEqual([
      { gameName: 'QuizTime', gameRef: 'ref-q', gameId: 'g-q' },
      { gameName: 'FlashMatch', gameRef: 'srv-g-f', gameId: 'g-f' },
    ]);
    expect(recoveryCandidates(s, ['QuizTime', 'FlashMatch'])).toEqual([]);
  });
});
