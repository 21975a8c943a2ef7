import { useCallback, useMemo, type ReactNode } from 'react';
import { Alert, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { Section } from '../../../../ui/section';
import { useDocumentTitle } from '../../../../ui/use-document-title';
import { useGamesNamespace } from '../../i18n/games-namespace';
import { LeaveGuard } from '../../kit/leave-guard';
import { useHintStyle } from '../../kit/input-hints';
import { GameProgress } from '../../ui/game-progress';
import { GameWelcome } from '../../ui/game-welcome';
import { AlreadyPlayed } from '../../ui/already-played';
import { FeedbackFooter, SavingState } from '../../ui/saving-state';
import { useOutboxSnapshot } from '../../outbox/outbox-client';
import { endGameRun, isRunRejected, startGameRun, useGameRun, type GameRun } from '../../suite/game-run';
import { isPlayed, useSuiteState } from '../../suite/suite-store';
import { useServerScores } from '../../suite/use-server-scores';
import {
  HALVES,
  MAIN_ROUND,
  MAIN_SEED,
  MIME_STEPS,
  PRACTICE_ROUND,
  PRACTICE_SEED,
  RESPONSE_LIMIT_MS,
  STAGE_PATHS,
  STAGE_STEP,
  type MimeStage,
} from './mime-config';
import { mainTrials, practiceTrials } from './mime-trials';
import { advanceMimeStage, mimeAnswers, setMimeStage, useMimeStage } from './mime-state';
import { MimeRunner } from './mime-runner';
import { cellsFromCategories, scoreMimeMix, type Cell } from './mime-scoring';
import { useMimeNamespace } from './mime-namespace';

const BASE = '/MimeMix';

function useMimeSteps(): string[] {
  const { t } = useTranslation('delphiMimeMix');
  return MIME_STEPS.map((step) => t(`steps.${step}`));
}

/** `/MimeMix`: the frame of every Mime Mix screen: its texts, title, one narrow section and the leave guard. */
export function MimeLayout() {
  useGamesNamespace();
  useMimeNamespace();
  const { t } = useTranslation('delphiMimeMix');
  useDocumentTitle(t('welcomeTitle'));
  return (
    <Section py="xl" maw={900}>
      <Outlet />
      <LeaveGuard gameName="MimeMix" basePath={BASE} />
    </Section>
  );
}

/** Renders `children(run)` only on the current stage's screen: one way, and a reload shows the game as played. */
function StageGuard({ stages, children }: { stages: readonly MimeStage[]; children: (run: GameRun, stage: MimeStage) => ReactNode }) {
  const state = useSuiteState();
  const run = useGameRun('MimeMix');
  const stage = useMimeStage();
  const steps = useMimeSteps();
  useOutboxSnapshot(run?.outbox ?? null);
  if (!run) return isPlayed(state, 'MimeMix') ? <AlreadyPlayed gameName="MimeMix" /> : <Navigate to={BASE} replace />;
  if (isRunRejected(run)) return <AlreadyPlayed gameName="MimeMix" rejected />;
  if (run.interrupted) return <AlreadyPlayed gameName="MimeMix" />;
  if (!stages.includes(stage)) return <Navigate to={`${BASE}/${STAGE_PATHS[stage]}`} replace />;
  return (
    <Stack>
      <GameProgress steps={steps} active={STAGE_STEP[stage]} />
      {children(run, stage)}
    </Stack>
  );
}

function useAdvance(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const next = advanceMimeStage();
    void navigate(`${BASE}/${STAGE_PATHS[next]}`);
  }, [navigate]);
}

export function MimeWelcome() {
  const { t } = useTranslation('delphiMimeMix');
  const steps = useMimeSteps();
  const state = useSuiteState();
  const run = useGameRun('MimeMix');
  const stage = useMimeStage();
  const navigate = useNavigate();
  if (!state.session) return <Navigate to="/GamesUnavailable" replace />;
  if (run && stage !== 'welcome') return <Navigate to={`${BASE}/${STAGE_PATHS[stage]}`} replace />;
  const start = () => {
    const started = startGameRun('MimeMix', {
      practiceSeed: PRACTICE_SEED,
      mainSeed: MAIN_SEED,
      practiceTrials: practiceTrials().length,
      mainTrials: mainTrials().length,
      responseLimitMs: RESPONSE_LIMIT_MS,
    });
    if (!started) return;
    setMimeStage('info');
    void navigate(`${BASE}/${STAGE_PATHS.info}`);
  };
  return <GameWelcome gameName="MimeMix" steps={steps} title={t('welcomeTitle')} body={t('welcomeBody')} onStart={start} />;
}

/** `/MimeMix/TutorialInfo2`: how to play, then the practice round with `Correct!` / `Wrong!`. */
export function MimeTutorialInfo() {
  const { t } = useTranslation('delphiMimeMix');
  const hints = useHintStyle();
  const advance = useAdvance();
  const practice = useMemo(() => practiceTrials(), []);
  return (
    <StageGuard stages={['info', 'practice']}>
      {(run, stage) =>
        stage === 'info' ? (
          <Card withBorder padding="xl">
            <Title order={1} mb="sm">
              {t('infoTitle')}
            </Title>
            <Text mb="lg">{t('infoBody', { count: practice.length, seconds: RESPONSE_LIMIT_MS / 1000 })}</Text>
            <Button onClick={() => setMimeStage('practice')} w="fit-content" data-autofocus>
              {t('startPractice')}
            </Button>
            {/* Below the button: the hint follows the last input, so a change must not move the button under the pointer. */}
            <Text size="sm" c="dimmed" mt="md">
              {hints === 'touch' ? t('tapHint') : t('keysHint')}
            </Text>
          </Card>
        ) : (
          <MimeRunner key={PRACTICE_ROUND} run={run} round={PRACTICE_ROUND} trials={practice} onDone={advance} />
        )
      }
    </StageGuard>
  );
}

/** `/MimeMix/GameStart`: the practice is over; the game gives no feedback. */
export function MimeGameStart() {
  const { t } = useTranslation('delphiMimeMix');
  const advance = useAdvance();
  return (
    <StageGuard stages={['start']}>
      {() => (
        <Card withBorder padding="xl">
          <Title order={1} mb="sm">
            {t('startTitle')}
          </Title>
          <Text mb="lg">{t('startBody', { count: mainTrials().length })}</Text>
          <Button onClick={advance} w="fit-content" data-autofocus>
            {t('startGame')}
          </Button>
        </Card>
      )}
    </StageGuard>
  );
}

/** `/MimeMix/Game`: the 84 faces without feedback; the last answer ends the game. */
export function MimeGame() {
  const advance = useAdvance();
  const trials = useMemo(() => mainTrials(), []);
  return (
    <StageGuard stages={['game']}>
      {(run) => {
        const done = () => {
          endGameRun(run, { responses: run.answers.length });
          advance();
        };
        return <MimeRunner key={MAIN_ROUND} run={run} round={MAIN_ROUND} trials={trials} onDone={done} />;
      }}
    </StageGuard>
  );
}

/** `/MimeMix/GameEnd`: accuracy by half × congruency as the server recorded it (GET_GAME_SCORES categories). */
export function MimeGameEnd() {
  return <StageGuard stages={['end']}>{(run) => <MimeScores run={run} />}</StageGuard>;
}

function MimeScores({ run }: { run: GameRun }) {
  const { t } = useTranslation('delphiMimeMix');
  const pending = run.outbox.pendingCount(run.gameRef);
  const dead = run.outbox.deadLetters().filter((letter) => letter.gameRef === run.gameRef).length;
  const server = useServerScores(run, pending);
  const cells = server.state === 'ready' ? cellsFromCategories(server.scores.categories) : scoreMimeMix(mimeAnswers(run)).cells;
  const score = (cell: Cell) => t('score', { correct: cell.correct, total: cell.total });
  return (
    <>
      <Title order={1}>{t('feedbackTitle')}</Title>
      {server.state === 'waiting' ? (
        <>
          <Alert color="gray">{t('scoresNotReady')}</Alert>
          {pending > 0 && <SavingState snapshot={run.outbox.getSnapshot()} />}
        </>
      ) : (
        <Card withBorder>
          <Text mb="sm">{t('feedbackBody')}</Text>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Td />
                <Table.Th scope="col">{t('sameHalves')}</Table.Th>
                <Table.Th scope="col">{t('differentHalves')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {HALVES.map((half) => (
                <Table.Tr key={half}>
                  <Table.Th scope="row">{half === 'top' ? t('topHalf') : t('bottomHalf')}</Table.Th>
                  <Table.Td>{score(cells[half].congruent)}</Table.Td>
                  <Table.Td>{score(cells[half].incongruent)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <FeedbackFooter pending={pending} dead={dead} />
    </>
  );
}
