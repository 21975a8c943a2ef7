import { describe, expect, it } from 'vitest';
import { QUIZ_BANK } from './quiz-bank';
import { scoreQuiz, shuffleQuiz } from './quiz-scoring';

describe('knowledge quiz', () => {
  it('has 10 questions in each of three categories plus two one-question attention categories, in both languages', () => {
    for (const language of ['en', 'dk'] as const) {
      const bank = QUIZ_BANK[language];
      expect(bank.map((c) => [c.id, c.questions.length, c.attention])).toEqual([
        ['socialScience', 10, false],
        ['attention1', 1, true],
        ['naturalScience', 10, false],
        ['attention2', 1, true],
        ['humanities', 10, false],
      ]);
      for (const question of bank.flatMap((c) => c.questions)) expect(new Set(question.options).size).toBe(4);
    }
    // The same questions in the same places in both languages.
    expect(QUIZ_BANK.dk.flatMap((c) => c.questions.map((q) => q.id))).toEqual(QUIZ_BANK.en.flatMap((c) => c.questions.map((q) => q.id)));
  });

  it('shuffles options at start, reproducibly from the seed, keeping the correct answer', () => {
    const a = shuffleQuiz(QUIZ_BANK.en, 1);
    expect(shuffleQuiz(QUIZ_BANK.en, 1)).toEqual(a);
    const questions = a.flatMap((c) => c.questions);
    expect(questions.every((q) => [...q.shown].sort().join() === [...q.options].sort().join() && q.shown.includes(q.correctAnswer))).toBe(true);
    // Not every correct answer stays first.
    expect(questions.filter((q) => q.shown[0] === q.correctAnswer).length).toBeLessThan(questions.length);
  });

  it('scores total correct over the 30 non-attention questions, with a per-category layout as JSON', () => {
    const bank = QUIZ_BANK.en;
    const answers = [
      ...Array.from({ length: 10 }, (_, i) => ({ categoryId: 'socialScience', isCorrect: i < 7 })),
      { categoryId: 'attention1', isCorrect: true },
      ...Array.from({ length: 10 }, (_, i) => ({ categoryId: 'naturalScience', isCorrect: i < 5 })),
      { categoryId: 'attention2', isCorrect: false },
      ...Array.from({ length: 10 }, () => ({ categoryId: 'humanities', isCorrect: true })),
    ];
    const score = scoreQuiz(bank, answers);
    expect(score.correct).toBe(22);
    expect(score.total).toBe(30);
    expect(score.score).toBeCloseTo(22 / 30, 12);
    expect(JSON.parse(score.layout)).toEqual({
      socialScience: { correctAnswers: 7, totalAnswers: 10 },
      naturalScience: { correctAnswers: 5, totalAnswers: 10 },
      humanities: { correctAnswers: 10, totalAnswers: 10 },
    });
    expect(score.attention).toEqual({ passed: 1, total: 2 });
    // Attention answers never change the score.
    expect(scoreQuiz(bank, answers.map((a) => (a.categoryId.startsWith('attention') ? { ...a, isCorrect: true } : a))).score).toBe(score.score);
  });
});
