import { describe, expect, it } from 'vitest';
import { OPTIONS_PER_QUESTION, QUESTIONS_PER_CATEGORY, QUIZ_CATEGORIES, QUIZ_STEPS } from './quiz-config';
import { QUIZ_BANK_DK } from './quiz-bank-dk';
import { QUIZ_BANK_EN } from './quiz-bank-en';
import { quizOrder, scoreQuiz } from './quiz-scoring';
import { counterbalance } from './quiz-counterbalance';

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

describe('counterbalanced options (issue 11, ADR 014)', () => {
  const answers = quizOrder(QUIZ_BANK_EN).map((q) => q.question.answer);

  it('shows every option once, the right one at correctPosition, the same for the same seed', () => {
    const shown = counterbalance(12345, answers);
    expect(shown).toHaveLength(30);
    shown.forEach(({ order, correctPosition }, i) => {
      expect([...order].sort()).toEqual([0, 1, 2, 3]);
      expect(order[correctPosition]).toBe(answers[i]);
    });
    expect(counterbalance(12345, answers)).toEqual(shown);
    expect(counterbalance(54321, answers)).not.toEqual(shown);
  });

  it('balances the right answer’s position within each participant: 7 or 8 of 30 at each', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const counts = [0, 0, 0, 0];
      for (const { correctPosition } of counterbalance(seed * 7919, answers)) counts[correctPosition] = (counts[correctPosition] ?? 0) + 1;
      for (const n of counts) expect([7, 8]).toContain(n);
    }
  });

  it('balances it across participants: each position 25 % ± 5 % for every question and over the bank', () => {
    const participants = 2000;
    const perQuestion = answers.map(() => [0, 0, 0, 0]);
    const overall = [0, 0, 0, 0];
    for (let p = 0; p < participants; p++) {
      counterbalance((p * 2654435761) >>> 0, answers).forEach(({ correctPosition }, i) => {
        const counts = perQuestion[i] as number[];
        counts[correctPosition] = (counts[correctPosition] ?? 0) + 1;
        overall[correctPosition] = (overall[correctPosition] ?? 0) + 1;
      });
    }
    for (const counts of perQuestion) for (const n of counts) expect(Math.abs(n / participants - 0.25)).toBeLessThanOrEqual(0.05);
    for (const n of overall) expect(Math.abs(n / (participants * answers.length) - 0.25)).toBeLessThanOrEqual(0.005);
    // The bank itself is not balanced: that is what counterbalancing repairs.
    expect(answers.filter((a) => a === 3)).toHaveLength(0);
  });

  it('makes a position strategy score about chance (25 %), not 50 %', () => {
    let hits = 0;
    for (let p = 0; p < 500; p++) hits += counterbalance(p + 1, answers).filter((s) => s.correctPosition === 1).length;
    expect(hits / (500 * 30)).toBeGreaterThan(0.2);
    expect(hits / (500 * 30)).toBeLessThan(0.3);
  });
});
