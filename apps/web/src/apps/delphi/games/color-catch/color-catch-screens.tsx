/** Color Catch's screens (SPEC §2: '', Tutorial, Game, Done), one way, played once (ADR 015). */
import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { Section } from '../../../../ui/section';
import { useDocumentTitle } from '../../../../ui/use-document-title';
import { useGamesNamespace } from '../../i18n/games-namespace';
import { LeaveGuard } from '../../kit/leave-guard';
import { GameProgress } from '../../ui/game-progress';
import { GameWelcome } from '../../ui/game-welcome';
import { AlreadyPlayed } from '../../ui/already-played';
import { FeedbackFooter, SavingState } from '../../ui/saving-state';
import { useOutboxSnapshot } from '../../outbox/outbox-client';
import { endGameRun, isRunRejected, startGameRun, useGameRun, type GameRun } from '../../suite/game-run';
import { isPlayed, useSuiteState } from '../../suite/suite-store';
import { useServerScores } from '../../suite/use-server-scores';
import { COLOR_STEPS, GAME_LEVELS, PRACTICE_LEVEL, STAGE_PATHS, type ColorStage } from './color-catch-config';
import { advanceColorStage, setColorStage, useColorStage } from './color-catch-state';
import { scoreLevels } from './color-catch-sequences';
import { LevelRunner } from './color-catch-runner';
import { useColorCatchNamespace } from './i18n/color-catch-namespace';

const BASE = '/ColorCatch';

function useSteps(): string[] {
  const { t } = useTranslation('delphiColorCatch');
  return COLOR_STEPS.map((step) => t(`steps.${step}`));
}

/** `/ColorCatch`: the frame of every screen: its texts, title, one section, and the leave guard (ADR 008). */
export function ColorCatchLayout() {
  useGamesNamespace();
  useColorCatchNamespace();
  const { t } = useTranslation('delphiColorCatch');
  useDocumentTitle(t('title'));
  return (
    <Section py="xl" maw={900}>
      <Outlet />
      <LeaveGuard gameName="ColorCatch" basePath={BASE} />
    </Section>
  );
}

/** Only the current stage's screen; a reload (no run in memory) shows the game as played. */
function StageGuard({ stage: wanted, active, children }: { stage: ColorStage; active: number; children: (run: GameRun) => ReactNode }) {
  const state = useSuiteState();
  const run = useGameRun('ColorCatch');
  const stage = useColorStage();
  const steps = useSteps();
  useOutboxSnapshot(run?.outbox ?? null);
  if (!run) return isPlayed(state, 'ColorCatch') ? <AlreadyPlayed gameName="ColorCatch" /> : <Navigate to={BASE} replace />;
  if (isRunRejected(run)) return <AlreadyPlayed gameName="ColorCatch" rejected />;
  if (run.interrupted) return <AlreadyPlayed gameName="ColorCatch" />;
  if (stage !== wanted) return <Navigate to={`${BASE}/${STAGE_PATHS[stage]}`} replace />;
  return (
    <Stack>
      <GameProgress steps={steps} active={active} />
      {children(run)}
    </Stack>
  );
}

function useAdvance(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void navigate(`${BASE}/${STAGE_PATHS[advanceColorStage()]}`);
  }, [navigate]);
}

export function ColorWelcome() {
  const { t } = useTranslation('delphiColorCatch');
  const steps = useSteps();
  const state = useSuiteState();
  const run = useGameRun('ColorCatch');
  const stage = useColorStage();
  const navigate = useNavigate();
  if (!state.session) return <Navigate to="/GamesUnavailable" replace />;
  if (run && stage !== 'welcome') return <Navigate to={`${BASE}/${STAGE_PATHS[stage]}`} replace />;
  const start = () => {
    const levels = [PRACTICE_LEVEL, ...GAME_LEVELS].map(({ id, colors, flashes, trials, seed }) => ({ id, colors, flashes, trials, seed }));
    if (!startGameRun('ColorCatch', { levels })) return;
    setColorStage('tutorial');
    void navigate(`${BASE}/Tutorial`);
  };
  return <GameWelcome gameName="ColorCatch" steps={steps} title={t('title')} body={t('welcomeBody')} onStart={start} />;
}

export function ColorTutorial() {
  const { t } = useTranslation('delphiColorCatch');
  const advance = useAdvance();
  const [phase, setPhase] = useState<'intro' | 'practice' | 'done'>('intro');
  return (
    <StageGuard stage="tutorial" active={1}>
      {(run) =>
        phase === 'practice' ? (
          <LevelRunner run={run} level={PRACTICE_LEVEL} levelNumber={0} onDone={() => setPhase('done')} />
        ) : (
          <Card withBorder padding="xl">
            <Title order={1} mb="sm">
              {t('tutorialTitle')}
            </Title>
            <Text mb="lg">{phase === 'intro' ? t('tutorialBody') : t('practiceDone')}</Text>
            <Button w="fit-content" onClick={phase === 'intro' ? () => setPhase('practice') : advance} data-autofocus>
              {phase === 'intro' ? t('startPractice') : t('startGame')}
            </Button>
          </Card>
        )
      }
    </StageGuard>
  );
}

export function ColorGame() {
  const advance = useAdvance();
  const [levelIndex, setLevelIndex] = useState(0);
  const level = GAME_LEVELS[levelIndex];
  return (
    <StageGuard stage="game" active={2 + levelIndex}>
      {(run) =>
        level && (
          <LevelRunner
            key={level.id}
            run={run}
            level={level}
            levelNumber={levelIndex + 1}
            onDone={() => {
              if (levelIndex + 1 < GAME_LEVELS.length) {
                setLevelIndex(levelIndex + 1);
                return;
              }
              endGameRun(run, { responses: run.answers.length });
              advance();
            }}
          />
        )
      }
    </StageGuard>
  );
}

/** `/ColorCatch/Done`: correct/total per level as the server recorded them, once the game is saved. */
export function ColorDone() {
  return (
    <StageGuard stage="done" active={COLOR_STEPS.length - 1}>
      {(run) => <ColorScores run={run} />}
    </StageGuard>
  );
}

function ColorScores({ run }: { run: GameRun }) {
  const { t } = useTranslation('delphiColorCatch');
  const pending = run.outbox.pendingCount(run.gameRef);
  const dead = run.outbox.deadLetters().filter((letter) => letter.gameRef === run.gameRef).length;
  const server = useServerScores(run, pending);
  const local = scoreLevels(run.answers.map((a) => ({ level: a.group, outcome: a.isCorrect ? 'correct' : 'other' })));
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
          <Table>
            <Table.Tbody>
              {GAME_LEVELS.map((level, i) => {
                const score = (server.state === 'ready' ? server.scores.blocks[level.id] : local[level.id]) ?? { correctResponses: 0, totalResponses: 0 };
                return (
                  <Table.Tr key={level.id}>
                    <Table.Th scope="row">{t(`steps.level${(i + 1) as 1 | 2 | 3 | 4}`)}</Table.Th>
                    <Table.Td>{t('score', { correct: score.correctResponses, total: score.totalResponses })}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <FeedbackFooter pending={pending} dead={dead} />
    </>
  );
}
