/** Quiz Time's pure scoring: correctAnswers/totalAnswers per category (SPEC §3). */
import { QUIZ_CATEGORIES, type QuizCategory } from './quiz-config';

export interface QuizAnswer {
  category: QuizCategory;
  isCorrect: boolean;
}

export type QuizEvaluation = Record<QuizCategory, { correctAnswers: number; totalAnswers: number }>;

export function scoreQuiz(answers: readonly QuizAnswer[]): QuizEvaluation {
  const result = Object.fromEntries(QUIZ_CATEGORIES.map((c) => [c, { correctAnswers: 0, totalAnswers: 0 }])) as QuizEvaluation;
  for (const answer of answers) {
    const entry = result[answer.category];
    entry.totalAnswers += 1;
    if (answer.isCorrect) entry.correctAnswers += 1;
  }
  return result;
}

/** The questions in play order: every category in order, its questions in bank order. */
export function quizOrder<Q>(bank: Record<QuizCategory, readonly Q[]>): { category: QuizCategory; index: number; question: Q }[] {
  return QUIZ_CATEGORIES.flatMap((category) => bank[category].map((question, index) => ({ category, index, question })));
}
