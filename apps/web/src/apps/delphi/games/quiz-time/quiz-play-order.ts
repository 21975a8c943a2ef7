/**
 * What Quiz Time's first question needs, ready before the Start tap (issue 23, ADR 075 h27): the
 * questions in play order per language (constant, built once when the chunk loads) and the
 * counterbalanced option orders of a seed (ADR 014), kept after their first computation. The
 * welcome screen draws the seed it will log with startGame and computes its orders after its own
 * paint, so the tap that opens the first question neither computes them nor compiles the code
 * that does. The orders are the same pure function of the seed as before.
 */
import { QUIZ_BANK_DK } from './quiz-bank-dk';
import { QUIZ_BANK_EN } from './quiz-bank-en';
import { quizOrder } from './quiz-scoring';
import { counterbalance, type ShownOrder } from './quiz-counterbalance';

const QUESTIONS = { en: quizOrder(QUIZ_BANK_EN), dk: quizOrder(QUIZ_BANK_DK) };

/** The questions in play order in the participant's language (Danish for `dk`, English otherwise). */
export function quizQuestions(language: string): (typeof QUESTIONS)['en'] {
  return language === 'dk' ? QUESTIONS.dk : QUESTIONS.en;
}

/** The right answer's bank index per question (play order): the same in both banks, counterbalanced on the English one as before. */
const ANSWERS = QUESTIONS.en.map((q) => q.question.answer);

let cached: { seed: number; orders: ShownOrder[] } | null = null;

/** The shown option orders of `seed`'s participant (`counterbalance`), computed once per seed. */
export function shownOrdersOf(seed: number): ShownOrder[] {
  if (cached?.seed !== seed) cached = { seed, orders: counterbalance(seed, ANSWERS) };
  return cached.orders;
}
