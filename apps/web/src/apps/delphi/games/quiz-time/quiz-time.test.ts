import { describe, expect, it } from 'vitest';
import { OPTIONS_PER_QUESTION, QUESTIONS_PER_CATEGORY, QUIZ_CATEGORIES, QUIZ_STEPS } from './quiz-config';
import { QUIZ_BANK_DK } from './quiz-bank-dk';
import { QUIZ_BANK_EN } from './quiz-bank-en';
import { quizOrder, scoreQuiz } from './quiz-scoring';

describe('Quiz Time question banks', () => {
  it.each([
    ['en', QUIZ_BANK_EN],
    ['dk', QUIZ_BANK_DK],
  ])('%s has 30 questions, 3 categories of 10, 4 distinct options, the answer among them', (_language, bank) => {
    expect(Object.keys(bank)).toEqual([...QUIZ_CATEGORIES]);
    expect(quizOrder(bank)).toHaveLength(30);
    for (const category of QUIZ_CATEGORIES) {
      expect(bank[category]).toHaveLength(QUESTIONS_PER_CATEGORY);
      for (const question of bank[category]) {
        expect(question.text.trim()).not.toBe('');
        expect(question.options).toHaveLength(OPTIONS_PER_QUESTION);
        expect(new Set(question.options).size).toBe(OPTIONS_PER_QUESTION);
        expect(question.answer).toBeGreaterThanOrEqual(0);
        expect(question.answer).toBeLessThan(OPTIONS_PER_QUESTION);
      }
    }
  });

  it('English and Danish have the same structure and the same right answers', () => {
    for (const category of QUIZ_CATEGORIES) {
      expect(QUIZ_BANK_DK[category].map((q) => q.answer)).toEqual(QUIZ_BANK_EN[category].map((q) => q.answer));
      const differs = QUIZ_BANK_DK[category].filter((q, i) => q.text !== QUIZ_BANK_EN[category][i]?.text);
      expect(differs).toHaveLength(QUESTIONS_PER_CATEGORY);
    }
  });

  it('has the progress steps of SPEC §2: welcome, the three categories, feedback', () => {
    expect(QUIZ_STEPS).toEqual(['welcome', 'socialScience', 'naturalScience', 'humanities', 'feedback']);
  });
});

describe('scoreQuiz', () => {
  it('counts correct and total answers per category', () => {
    const result = scoreQuiz([
      { category: 'socialScience', isCorrect: true },
      { category: 'socialScience', isCorrect: false },
      { category: 'humanities', isCorrect: true },
    ]);
    expect(result).toEqual({
      socialScience: { correctAnswers: 1, totalAnswers: 2 },
      naturalScience: { correctAnswers: 0, totalAnswers: 0 },
      humanities: { correctAnswers: 1, totalAnswers: 1 },
    });
  });

  it('plays categories in order, questions in bank order', () => {
    const order = quizOrder(QUIZ_BANK_EN);
    expect(order[0]).toMatchObject({ category: 'socialScience', index: 0 });
    expect(order[10]).toMatchObject({ category: 'naturalScience', index: 0 });
    expect(order[29]).toMatchObject({ category: 'humanities', index: 9 });
  });
});
