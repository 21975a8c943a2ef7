import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useGameTimeScale } from '../../../../shell/config/config-context';
import { GameProgress } from '../../ui/game-progress';
import { AlreadyPlayed } from '../../ui/already-played';
import { anticipationTimes, responseTimes, useStimulusClock, type Anticipation } from '../../../../game-kit/timing';
import type { GivenResponse, TimedResponse } from '../../../../game-kit/input/response-input';
import { endGameRun, logRecord, epochNow, startRoundOnce, useGameRun, useRunState, type GameRun } from '../../suite/game-run';
import { isPlayed, useSuiteState } from '../../suite/suite-store';
import { CATEGORY_LABELS, QUIZ_CATEGORIES, QUIZ_INTER_QUESTION_MS, QUESTIONS_PER_CATEGORY } from './quiz-config';
import { quizQuestions, shownOrdersOf } from './quiz-play-order';
import { useQuizSteps } from './quiz-screens';
import { QuizQuestionCard, QuizQuestionNumber } from './quiz-question';

interface Shown {
  promptId: string;
  promptedAt: number;
}

function QuizQuestions({ run }: { run: GameRun<'QuizTime'> }) {
  const { t, i18n } = useTranslation('delphiGames');
  const steps = useQuizSteps();
  const scale = useGameTimeScale();
  const navigate = useNavigate();
  const questions = quizQuestions(i18n.language);
  // The participant's option orders (ADR 014): the seed went with startGame (the welcome screen
  // computed its orders already, after its own paint: quiz-play-order.ts).
  const seed = Number(run.attributes?.optionSeed ?? 0);
  const shownOrders = shownOrdersOf(seed);
  const [index, setIndex] = useState(run.answers.length);
  const [visible, setVisible] = useState(true);
  const [shown, setShown] = useState<Shown | null>(null);
  /** The prompt on screen (a ref: an answer may come before React re-renders after the onset). */
  const promptRef = useRef<string | null>(null);
  const current = questions[index];
  const shownOrder = shownOrders[index];
  /** The options as shown, with their bank index. */
  const shownOptions = current && shownOrder ? shownOrder.order.map((bankIndex) => ({ bankIndex, text: current.question.options[bankIndex] as string })) : [];

  const onOnset = useCallback(
    (promptedAt: number) => {
      if (!current) return;
      const round = CATEGORY_LABELS[current.category];
      if (current.index === 0) startRoundOnce(run, round, promptedAt);
      const promptId = logRecord(run, 'logPrompt', {
        round,
        prompt: current.question.text,
        _promptedAt: promptedAt,
        attributes: {
          category: round,
          questionIndex: index,
          options: [...current.question.options],
          shownOptions: shownOptions.map((o) => o.text),
          shownOrder: shownOrder?.order,
          correctPosition: shownOrder?.correctPosition,
          optionSeed: seed,
        },
      });
      promptRef.current = promptId;
      setShown({ promptId, promptedAt });
    },
    [current, index, run, shownOptions, shownOrder, seed],
  );
  // A tap before the onset frame: an anticipation of this question, logged, never scored.
  const onAnticipation = useCallback(
    (anticipation: Anticipation<GivenResponse<string>>) => {
      if (!current) return;
      const round = CATEGORY_LABELS[current.category];
      logRecord(run, 'logResponse', {
        round,
        ...(promptRef.current ? { prompt: promptRef.current } : {}),
        response: current.question.options[Number(anticipation.response)] ?? anticipation.response,
        attributes: { shownPosition: shownOrder?.order.indexOf(Number(anticipation.response)), correctPosition: shownOrder?.correctPosition },
        category: round,
        questionIndex: index,
        question: current.question.text,
        ...anticipationTimes(anticipation),
      });
    },
    [current, index, run, shownOrder],
  );
  const clock = useStimulusClock<GivenResponse<string>>(visible && current ? index : null, { onOnset, onAnticipation }, current?.category);

  function answer(timed: TimedResponse<string>) {
    const promptId = promptRef.current;
    if (promptId === null || !current) return;
    clock.withdraw();
    promptRef.current = null;
    const option = Number(timed.response);
    const { question, category } = current;
    const round = CATEGORY_LABELS[category];
    const isCorrect = option === question.answer;
    logRecord(run, 'logResponse', {
      round,
      prompt: promptId,
      response: question.options[option],
      isCorrect,
      correctAnswer: question.options[question.answer],
      category: round,
      questionIndex: index,
      question: question.text,
      ...responseTimes(timed),
      // Counterbalancing (ADR 014): where the chosen and the right option were shown.
      attributes: { shownPosition: shownOrder?.order.indexOf(option), correctPosition: shownOrder?.correctPosition, shownOrder: shownOrder?.order },
    });
    run.answers.push({ group: category, isCorrect });
    setShown(null);
    if (current.index === QUESTIONS_PER_CATEGORY - 1) logRecord(run, 'endRound', { round, timestamp: epochNow(), attributes: {} });
    if (index === questions.length - 1) {
      endGameRun(run, { answers: run.answers.length });
      void navigate('../Feedback');
      return;
    }
    setVisible(false);
    setTimeout(() => {
      // Rendered in the timer's own task (not a scheduler task after it, where a frame may come
      // first): the next question is in the first frame after its blank. The onset is still that
      // frame's own time (useStimulusClock's layout effect asks for it after this commit).
      flushSync(() => {
        setIndex(index + 1);
        setVisible(true);
      });
    }, QUIZ_INTER_QUESTION_MS * scale);
  }

  // The options are memoised (quiz-question.tsx): they answer through one stable function that
  // calls the answer of the question now on screen.
  const answerRef = useRef<(timed: TimedResponse<string>) => void>(() => undefined);
  const onAnswer = useCallback((timed: TimedResponse<string>) => answerRef.current(timed), []);
  useLayoutEffect(() => {
    answerRef.current = answer;
  });

  if (!current) return <Navigate to="../Feedback" replace />;

  return (
    <Stack>
      <GameProgress steps={steps} active={1 + QUIZ_CATEGORIES.indexOf(current.category)} />
      <QuizQuestionNumber>{t('quiz.question', { number: index + 1, total: questions.length })}</QuizQuestionNumber>
      {visible && (
        <QuizQuestionCard
          titleId={`quiz-question-${index}`}
          question={current.question.text}
          options={shownOptions}
          ready={shown !== null}
          onAnswer={onAnswer}
          clock={clock}
        />
      )}
    </Stack>
  );
}

/** `/QuizTime/Game`: 30 questions, one way; a reload lands on "already played", never a replay. */
export function QuizGame() {
  const state = useSuiteState();
  const run = useGameRun('QuizTime');
  const runAt = useRunState(run);
  if (!run || runAt === 'ended') return isPlayed(state, 'QuizTime') ? <AlreadyPlayed gameName="QuizTime" /> : <Navigate to="/QuizTime" replace />;
  if (runAt === 'rejected') return <AlreadyPlayed gameName="QuizTime" rejected />;
  return <QuizQuestions run={run} />;
}
