import { useCallback, useMemo, type ReactNode } from 'react';
import { Card, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GameLayout } from '../../ui/game-layout';
import { GameStageGuard } from '../../ui/game-stage-guard';
import { GameWelcome } from '../../ui/game-welcome';
import { GameInfoCard } from '../../ui/game-info-card';
import { useSeconds } from '../../ui/use-seconds';
import { GameFeedback } from '../../ui/saving-state';
import { endGameRun, startGameRun, useGameRun, type GameRun } from '../../suite/game-run';
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
  useMimeNamespace();
  const { t } = useTranslation('delphiMimeMix');
  return <GameLayout title={t('welcomeTitle')} gameName="MimeMix" basePath={BASE} />;
}

/** Renders `children(run)` only on the current stage's screen: one way, and a reload shows the game as played. */
function StageGuard({ stages, children }: { stages: readonly MimeStage[]; children: (run: GameRun<'MimeMix'>, stage: MimeStage) => ReactNode }) {
  const stage = useMimeStage();
  const steps = useMimeSteps();
  return (
    <GameStageGuard gameName="MimeMix" basePath={BASE} stage={stage} stagePaths={STAGE_PATHS} stages={stages} steps={steps} active={STAGE_STEP[stage]}>
      {children}
    </GameStageGuard>
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
  const run = useGameRun('MimeMix');
  const stage = useMimeStage();
  const start = () => {
    const started = startGameRun('MimeMix', {
      practiceSeed: PRACTICE_SEED,
      mainSeed: MAIN_SEED,
      practiceTrials: practiceTrials().length,
      mainTrials: mainTrials().length,
      responseLimitMs: RESPONSE_LIMIT_MS,
    });
    if (!started) return null;
    setMimeStage('info');
    return STAGE_PATHS.info;
  };
  const resumePath = run && stage !== 'welcome' ? STAGE_PATHS[stage] : null;
  return <GameWelcome gameName="MimeMix" basePath={BASE} steps={steps} title={t('welcomeTitle')} body={t('welcomeBody')} resumePath={resumePath} start={start} />;
}

/** `/MimeMix/TutorialInfo2`: how to play, then the practice round with `Correct!` / `Wrong!`. */
export function MimeTutorialInfo() {
  const { t } = useTranslation('delphiMimeMix');
  const advance = useAdvance();
  const seconds = useSeconds();
  const practice = useMemo(() => practiceTrials(), []);
  return (
    <StageGuard stages={['info', 'practice']}>
      {(run, stage) =>
        stage === 'info' ? (
          <GameInfoCard
            title={t('infoTitle')}
            body={t('infoBody', { count: practice.length, duration: seconds(RESPONSE_LIMIT_MS) })}
            action={t('startPractice')}
            onAction={() => setMimeStage('practice')}
            hints={{ touch: t('tapHint'), keys: t('keysHint') }}
          />
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
      {() => <GameInfoCard title={t('startTitle')} body={t('startBody', { count: mainTrials().length })} action={t('startGame')} onAction={advance} />}
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

function MimeScores({ run }: { run: GameRun<'MimeMix'> }) {
  const { t } = useTranslation('delphiMimeMix');
  const score = (cell: Cell) => t('score', { correct: cell.correct, total: cell.total });
  return (
    <GameFeedback
      run={run}
      title={t('feedbackTitle')}
      notReady={t('scoresNotReady')}
      scores={(server) => {
        const cells = server.state === 'ready' ? cellsFromCategories(server.scores.categories) : scoreMimeMix(mimeAnswers(run)).cells;
        return (
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
        );
      }}
    />
  );
}
