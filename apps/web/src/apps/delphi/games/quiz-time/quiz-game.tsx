import { useCallback, useState } from 'react';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useGameTimeScale } from '../../../../shell/config/config-context';
import { GameProgress } from '../../ui/game-progress';
import { AlreadyPlayed } from '../../ui/already-played';
import { useStimulusOnset } from '../../ui/use-stimulus-onset';
import { responseHandlers } from '../../kit/response-buttons';
import type { GivenResponse } from '../../kit/response-input';
import { useOutboxSnapshot } from '../../outbox/outbox-client';
import { endGameRun, isRunRejected, logRecord, epochNow, startRoundOnce, useGameRun, type GameRun } from '../../suite/game-run';
import { isPlayed, useSuiteState } from '../../suite/suite-store';
import { CATEGORY_LABELS, QUIZ_CATEGORIES, QUIZ_INTER_QUESTION_MS, QUESTIONS_PER_CATEGORY } from './quiz-config';
import { QUIZ_BANK_DK } from './quiz-bank-dk';
import { QUIZ_BANK_EN } from './quiz-bank-en';
import { quizOrder } from './quiz-scoring';
import { useQuizSteps } from './quiz-screens';

interface Shown {
  promptId: string;
  promptedAt: number;
}

function QuizQuestions({ run }: { run: GameRun }) {
  const { t, i18n } = useTranslation('delphiGames');
  const steps = useQuizSteps();
  const scale = useGameTimeScale();
  const navigate = useNavigate();
  const questions = quizOrder(i18n.language === 'dk' ? QUIZ_BANK_DK : QUIZ_BANK_EN);
  const [index, setIndex] = useState(run.answers.length);
  const [visible, setVisible] = useState(true);
  const [shown, setShown] = useState<Shown | null>(null);
  const current = questions[index];

  const onOnset = useCallback(
    (promptedAt: number) => {
      if (!current) return;
      const round = CATEGORY_LABELS[current.category];
      if (current.index === 0) startRoundOnce(run, round, promptedAt);
      const promptId = logRecord(run, 'logPrompt', {
        round,
        prompt: current.question.text,
        _promptedAt: promptedAt,
        attributes: { category: round, questionIndex: index, options: current.question.options },
      });
      setShown({ promptId, promptedAt });
    },
    [current, index, run],
  );
  useStimulusOnset(visible && current ? index : null, onOnset);

  if (!current) return <Navigate to="../Feedback" replace />;

  const answer = ({ response, respondedAt, modality }: GivenResponse<string>) => {
    if (!shown) return;
    const option = Number(response);
    const { question, category } = current;
    const round = CATEGORY_LABELS[category];
    const isCorrect = option === question.answer;
    logRecord(run, 'logResponse', {
      round,
      prompt: shown.promptId,
      response: question.options[option],
      isCorrect,
      correctAnswer: question.options[question.answer],
      category: round,
      questionIndex: index,
      question: question.text,
      modality,
      _promptedAt: shown.promptedAt,
      _respondedAt: respondedAt,
      rtMs: Math.max(0, respondedAt - shown.promptedAt),
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
      setIndex(index + 1);
      setVisible(true);
    }, QUIZ_INTER_QUESTION_MS * scale);
  };

  const titleId = `quiz-question-${index}`;
  return (
    <Stack>
      <GameProgress steps={steps} active={1 + QUIZ_CATEGORIES.indexOf(current.category)} />
      <Text size="sm" c="dimmed">
        {t('quiz.question', { number: index + 1, total: questions.length })}
      </Text>
      {visible && (
        <Card withBorder padding="xl">
          <Title order={2} id={titleId} mb="lg">
            {current.question.text}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} role="group" aria-labelledby={titleId}>
            {current.question.options.map((option, optionIndex) => (
              <Button
                key={option}
                variant="default"
                size="lg"
                mih={48}
                h="auto"
                py="sm"
                disabled={!shown}
                styles={{ label: { whiteSpace: 'normal' } }}
                style={{ touchAction: 'manipulation' }}
                {...responseHandlers(String(optionIndex), answer)}
              >
                {option}
              </Button>
            ))}
          </SimpleGrid>
        </Card>
      )}
    </Stack>
  );
}

/** `/QuizTime/Game`: 30 questions, one way; a reload lands on "already played", never a replay. */
export function QuizGame() {
  const state = useSuiteState();
  const run = useGameRun('QuizTime');
  useOutboxSnapshot(run?.outbox ?? null);
  if (!run || run.ended) return isPlayed(state, 'QuizTime') ? <AlreadyPlayed gameName="QuizTime" /> : <Navigate to="/QuizTime" replace />;
  if (isRunRejected(run)) return <AlreadyPlayed gameName="QuizTime" rejected />;
  return <QuizQuestions run={run} />;
}
