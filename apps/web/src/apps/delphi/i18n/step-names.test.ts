/** Issue 25 item 9: every game names its last step the same way, in each language. */
import { describe, expect, it } from 'vitest';
import gamesEn from '../games/i18n/en.json';
import gamesDk from '../games/i18n/dk.json';
import colorEn from '../games/color-catch/i18n/en.json';
import colorDk from '../games/color-catch/i18n/dk.json';
import mimeEn from '../games/mime-mix/i18n/en.json';
import mimeDk from '../games/mime-mix/i18n/dk.json';
import memoEn from '../games/morning-memo/i18n/en.json';
import memoDk from '../games/morning-memo/i18n/dk.json';
import wordEn from '../games/word-links/i18n/en.json';
import wordDk from '../games/word-links/i18n/dk.json';

describe('the last step of every game', () => {
  it('has one name in English and one in Danish', () => {
    const en = [gamesEn.quiz.steps.feedback, gamesEn.flash.steps.feedback, colorEn.steps.feedback, mimeEn.steps.feedback, memoEn.steps.feedback, wordEn.steps.feedback];
    const dk = [gamesDk.quiz.steps.feedback, gamesDk.flash.steps.feedback, colorDk.steps.feedback, mimeDk.steps.feedback, memoDk.steps.feedback, wordDk.steps.feedback];
    expect(new Set(en)).toEqual(new Set(['Feedback']));
    expect(new Set(dk)).toEqual(new Set(['Resultater']));
  });
});
