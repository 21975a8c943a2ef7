import { useEffect, useState } from 'react';
import { Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useGamesNamespace } from '../i18n/games-namespace';
import { GameLayout } from '../../ui/game-layout';
import { GameProgress } from '../../ui/game-progress';
import { AlreadyPlayed } from '../../ui/already-played';
import { NoSuite } from '../../ui/no-suite';
import { FeedbackFooter, SavingState } from '../../ui/saving-state';
import { useOutboxSnapshot } from '../../outbox/outbox-client';
import { isRunRejected, startGameRun, useGameRun } from '../../suite/game-run';
import { newSeed } from '../../../../game-kit/random/seeded-random';
import { isPlayed, useSuiteState } from '../../suite/suite-store';
import { useServerScores } from '../../suite/use-server-scores';
import { CATEGORY_LABELS, QUIZ_CATEGORIES, QUIZ_STEPS, type QuizCategory } from './quiz-config';
import { scoreQuiz, type QuizAnswer } from './quiz-scoring';
import { shownOrdersOf } from './quiz-play-order';
import { afterNextPaint } from '../../../../shell/live-on-intent';

export function useQuizSteps(): string[] {
  const { t } = useTranslation('delphiGames');
  return QUIZ_STEPS.map((step) => t(`quiz.steps.${step}`));
}

/** `/QuizTime`: the frame of every Quiz Time screen. */
export function QuizLayout() {
  useGamesNamespace();
  const { t } = useTranslation('delphiGames');
  return <GameLayout title={t('quiz.welcomeTitle')} gameName="QuizTime" basePath="/QuizTime" />;
}

/** `/QuizTime` index: the welcome screen; the start button needs a suite id (SPEC §2). */
export function QuizWelcome() {
  const { t } = useTranslation('delphiGames');
  const steps = useQuizSteps();
  const navigate = useNavigate();
  const state = useSuiteState();
  const run = useGameRun('QuizTime');
  // The counterbalancing seed this participant's Start logs (ADR 014), drawn when the screen opens;
  // its option orders are computed after this screen is painted, not in the Start tap (ADR 075 h27).
  const [optionSeed] = useState(newSeed);
  useEffect(() => {
    let open = true;
    afterNextPaint(() => open && shownOrdersOf(optionSeed));
    return () => {
      open = false;
    };
  }, [optionSeed]);
  if (run && !run.ended) return <Navigate to="Game" replace />;
  const played = isPlayed(state, 'QuizTime');
  return (
    <Stack>
      <GameProgress steps={steps} active={0} />
      <Title order={1}>{t('quiz.welcomeTitle')}</Title>
      <Text>{t('quiz.welcomeBody')}</Text>
      {!state.session?.suiteId ? (
        <NoSuite />
      ) : played ? (
        <AlreadyPlayed gameName="QuizTime" />
      ) : (
        <Button
          w="fit-content"
          size="lg"
          onClick={() => {
            if (startGameRun('QuizTime', { questions: 30, optionSeed })) void navigate('Game');
          }}
        >
          {t('play.start')}
        </Button>
      )}
    </Stack>
  );
}

/** `/QuizTime/Feedback`: waits until every record is saved, then correct/total per category. */
/** Correct/total per category as the server recorded them (GET_GAME_SCORES), once saved. */
export function QuizFeedback() {
  const { t } = useTranslation('delphiGames');
  const steps = useQuizSteps();
  const run = useGameRun('QuizTime');
  const snapshot = useOutboxSnapshot(run?.outbox ?? null);
  const pending = run ? run.outbox.pendingCount(run.gameRef) : 0;
  const server = useServerScores(run, pending);
  if (!run) return <Navigate to="/" replace />;
  if (isRunRejected(run)) return <AlreadyPlayed gameName="QuizTime" rejected />;
  if (run.interrupted) return <AlreadyPlayed gameName="QuizTime" />;
  const local = scoreQuiz(run.answers.map((a) => ({ category: a.group, isCorrect: a.isCorrect }) as QuizAnswer));
  const scoreOf = (category: QuizCategory) =>
    server.state === 'ready'
      ? (server.scores.categories[CATEGORY_LABELS[category]] ?? { correctAnswers: 0, totalAnswers: 0 })
      : local[category];
  return (
    <Stack>
      <GameProgress steps={steps} active={steps.length - 1} />
      <Title order={1}>{t('quiz.feedbackTitle')}</Title>
      {pending > 0 && <SavingState snapshot={snapshot} />}
      {pending === 0 && server.state === 'waiting' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('play.loadingScores')}</Text>
        </Group>
      )}
      {server.state !== 'waiting' && (
        <Card withBorder>
          <Text mb="sm">{t('quiz.feedbackBody')}</Text>
          <Table>
            <Table.Tbody>
              {QUIZ_CATEGORIES.map((category) => (
                <Table.Tr key={category}>
                  <Table.Th scope="row">{t(`quiz.steps.${category}`)}</Table.Th>
                  <Table.Td>{t('quiz.score', { correct: scoreOf(category).correctAnswers, total: scoreOf(category).totalAnswers })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <FeedbackFooter run={run} />
    </Stack>
  );
}
