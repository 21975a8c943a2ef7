/**
 * Quiz Time in the suite (ADR 069): its name, its hub tile, its screens' lazy chunk and its routes. The suite's one
 * list of games (`suite/delphi-games.ts`) gives the routes to the app and the chunk to the hub,
 * which loads it ahead of the tap on Play (ADR 061); the screens stay out of the home chunk.
 */
import { chunkPage } from '../../../../ui/lazy-page';
import { chunk } from '../../../../ui/lazy-with-retry';
import type { DelphiGame } from '../../suite/delphi-game';

const quiz = chunk(() => import('./quiz-routes'));

export const QUIZ_TIME_ENTRY = {
  name: 'QuizTime',
  chunk: quiz,
  hub: { key: 'quizTime', minutes: 10 },
  routes: [
    {
      name: 'quizTime',
      path: '/QuizTime',
      Component: chunkPage(quiz, (m) => m.QuizLayout),
      children: [
        { name: 'quizTimeWelcome', path: '', Component: chunkPage(quiz, (m) => m.QuizWelcome) },
        { name: 'quizTimeGame', path: 'Game', Component: chunkPage(quiz, (m) => m.QuizGame) },
        { name: 'quizTimeFeedback', path: 'Feedback', Component: chunkPage(quiz, (m) => m.QuizFeedback) },
      ],
    },
  ],
} satisfies DelphiGame;
