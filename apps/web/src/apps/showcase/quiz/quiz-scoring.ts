/**
 * Knowledge quiz scoring (SPEC §4, §9; formula in ADR 022): score = total correct answers /
 * number of non-attention questions; the layout is per-category `{ correctAnswers,
 * totalAnswers }` as JSON, scored categories only; attention checks are reported apart.
 */
import { seededRandom, shuffled } from '../../../game-kit/random/seeded-random';
import type { QuizCategory, QuizQuestion } from './quiz-bank';

export interface ShuffledQuestion extends QuizQuestion {
  readonly categoryId: QuizCategory['id'];
  readonly correctAnswer: string;
  /** Options in the order shown. */
  readonly shown: readonly string[];
}

/** Categories in order; each question's options shuffled once, at start, from the logged seed. */
export function shuffleQuiz(categories: readonly QuizCategory[], seed: number): { category: QuizCategory; questions: ShuffledQuestion[] }[] {
  const random = seededRandom(seed);
  return categories.map((category) => ({
    category,
    questions: category.questions.map((question) => ({
      ...question,
      categoryId: category.id,
      correctAnswer: question.options[0],
      shown: shuffled(question.options, random),
    })),
  }));
}

export interface QuizAnswer {
  readonly categoryId: string;
  readonly isCorrect: boolean;
}

export interface CategoryEvaluation {
  readonly correctAnswers: number;
  readonly totalAnswers: number;
}

export interface QuizScore {
  /** 0–1: correct answers of scored categories / number of non-attention questions. */
  readonly score: number;
  readonly correct: number;
  readonly total: number;
  /** JSON of `{ [categoryId]: { correctAnswers, totalAnswers } }`, scored categories in order. */
  readonly layout: string;
  readonly attention: { readonly passed: number; readonly total: number };
}

export function scoreQuiz(categories: readonly QuizCategory[], answers: readonly QuizAnswer[]): QuizScore {
  const layout: Record<string, CategoryEvaluation> = {};
  let passed = 0;
  let attentionTotal = 0;
  let total = 0;
  for (const category of categories) {
    const own = answers.filter((a) => a.categoryId === category.id);
    const correct = own.filter((a) => a.isCorrect).length;
    if (category.attention) {
      attentionTotal += category.questions.length;
      passed += correct;
      continue;
    }
    total += category.questions.length;
    layout[category.id] = { correctAnswers: correct, totalAnswers: category.questions.length };
  }
  const correct = Object.values(layout).reduce((sum, c) => sum + c.correctAnswers, 0);
  return { score: total === 0 ? 0 : correct / total, correct, total, layout: JSON.stringify(layout), attention: { passed, total: attentionTotal } };
}
