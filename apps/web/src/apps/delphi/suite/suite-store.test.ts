import { afterEach, describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { enterSuite, isPlayed, leaveSuite, markStarted, suiteStore } from './suite-store';

const SUITE: delphi.Suite = { _id: 'S1', _participantId: 'P1', _resumableGames: [...delphi.GAME_NAMES], games: [] };

afterEach(() => {
  leaveSuite();
  localStorage.clear();
});

describe('the games this browser started', () => {
  it('keeps what another tab started meanwhile when this tab starts a game', () => {
    enterSuite({ participantId: 'P1', suiteId: 'S1', parentOrigin: null }, SUITE);
    // Another tab of the same participant started Flash Match after this one loaded.
    localStorage.setItem('chi.delphi.started.P1.S1', JSON.stringify(['FlashMatch']));
    markStarted({ gameName: 'QuizTime', gameRef: 'g1' });
    expect(JSON.parse(localStorage.getItem('chi.delphi.started.P1.S1') ?? '[]')).toEqual(['FlashMatch', 'QuizTime']);
    expect(isPlayed(suiteStore.get(), 'FlashMatch')).toBe(true);
  });
});
