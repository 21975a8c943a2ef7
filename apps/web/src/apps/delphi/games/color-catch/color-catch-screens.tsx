/** Color Catch's screens (SPEC §2: '', Tutorial, Game, Done), one way, played once (ADR 015). */
import { useCallback, useState, type ReactNode } from 'react';
import { Card, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GameLayout } from '../../ui/game-layout';
import { GameStageGuard } from '../../ui/game-stage-guard';
import { GameWelcome } from '../../ui/game-welcome';
import { GameInfoCard } from '../../ui/game-info-card';
import { GameFeedback } from '../../ui/saving-state';
import { endGameRun, startGameRun, useGameRun, type GameRun } from '../../suite/game-run';
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
  useColorCatchNamespace();
  const { t } = useTranslation('delphiColorCatch');
  return <GameLayout title={t('title')} gameName="ColorCatch" basePath={BASE} />;
}

/** Only the current stage's screen; a reload (no run in memory) shows the game as played. */
function StageGuard({ stage: wanted, active, children }: { stage: ColorStage; active: number; children: (run: GameRun<'ColorCatch'>) => ReactNode }) {
  const stage = useColorStage();
  const steps = useSteps();
  return (
    <GameStageGuard gameName="ColorCatch" basePath={BASE} stage={stage} stagePaths={STAGE_PATHS} stages={[wanted]} steps={steps} active={active}>
      {children}
    </GameStageGuard>
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
  const run = useGameRun('ColorCatch');
  const stage = useColorStage();
  const start = () => {
    const levels = [PRACTICE_LEVEL, ...GAME_LEVELS].map(({ id, colors, flashes, trials, seed }) => ({ id, colors, flashes, trials, seed }));
    if (!startGameRun('ColorCatch', { levels })) return null;
    setColorStage('tutorial');
    return STAGE_PATHS.tutorial;
  };
  const resumePath = run && stage !== 'welcome' ? STAGE_PATHS[stage] : null;
  return <GameWelcome gameName="ColorCatch" basePath={BASE} steps={steps} title={t('title')} body={t('welcomeBody')} resumePath={resumePath} start={start} />;
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
          <GameInfoCard
            title={t('tutorialTitle')}
            body={phase === 'intro' ? t('tutorialBody') : t('practiceDone')}
            action={phase === 'intro' ? t('startPractice') : t('startGame')}
            onAction={phase === 'intro' ? () => setPhase('practice') : advance}
          />
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

function ColorScores({ run }: { run: GameRun<'ColorCatch'> }) {
  const { t } = useTranslation('delphiColorCatch');
  const local = scoreLevels(run.answers.map((a) => ({ level: a.group, outcome: a.isCorrect ? 'correct' : 'other' })));
  return (
    <GameFeedback
      run={run}
      title={t('feedbackTitle')}
      notReady={t('scoresNotReady')}
      scores={(server) => (
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
    />
  );
}
