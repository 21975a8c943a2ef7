import { useCallback, type ReactNode } from 'react';
import { Card, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGamesNamespace } from '../i18n/games-namespace';
import { GameLayout } from '../../ui/game-layout';
import { GameStageGuard } from '../../ui/game-stage-guard';
import { GameWelcome } from '../../ui/game-welcome';
import { GameInfoCard } from '../../ui/game-info-card';
import { useHintStyle } from '../../../../game-kit/input/input-hints';
import { GameFeedback } from '../../ui/saving-state';
import { endGameRun, startGameRun, useGameRun, type GameRun } from '../../suite/game-run';
import { FLASH_BLOCKS, FLASH_STEPS, STAGE_PATHS, STAGE_STEP, type FlashBlock, type FlashStage } from './flash-config';
import { advanceFlashStage, setFlashStage, useFlashStage } from './flash-state';
import { FlashBlockRunner } from './flash-block';
import { scoreFlashMatch, type FlashAnswer } from './flash-scoring';

const BASE = '/FlashMatch';

function useFlashSteps(): string[] {
  const { t } = useTranslation('delphiGames');
  return FLASH_STEPS.map((step) => t(`flash.steps.${step}`));
}

/** `/FlashMatch`: the frame of every Flash Match screen. */
export function FlashLayout() {
  useGamesNamespace();
  const { t } = useTranslation('delphiGames');
  return <GameLayout title={t('flash.welcomeTitle')} gameName="FlashMatch" basePath={BASE} />;
}

/**
 * Renders `children(run)` only on the screen of the current stage: a stage left behind
 * cannot be revisited, and a reload (no run in memory) shows the game as played.
 */
function StageGuard({ stages, children }: { stages: readonly FlashStage[]; children: (run: GameRun<'FlashMatch'>, stage: FlashStage) => ReactNode }) {
  const stage = useFlashStage();
  const steps = useFlashSteps();
  return (
    <GameStageGuard gameName="FlashMatch" basePath={BASE} stage={stage} stagePaths={STAGE_PATHS} stages={stages} steps={steps} active={STAGE_STEP[stage]}>
      {children}
    </GameStageGuard>
  );
}

function useAdvance(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const next = advanceFlashStage();
    void navigate(`${BASE}/${STAGE_PATHS[next]}`);
  }, [navigate]);
}

export function FlashWelcome() {
  const { t } = useTranslation('delphiGames');
  const steps = useFlashSteps();
  const run = useGameRun('FlashMatch');
  const stage = useFlashStage();
  const hints = useHintStyle();
  const start = () => {
    if (!startGameRun('FlashMatch', { blocks: FLASH_BLOCKS.map((b) => b.id) })) return null;
    setFlashStage('searchIntro');
    return STAGE_PATHS.searchIntro;
  };
  const resumePath = run && stage !== 'welcome' ? STAGE_PATHS[stage] : null;
  return (
    <GameWelcome
      gameName="FlashMatch"
      basePath={BASE}
      steps={steps}
      title={t('flash.welcomeTitle')}
      body={hints === 'touch' ? t('flash.welcomeBodyTouch') : t('flash.welcomeBody')}
      resumePath={resumePath}
      start={start}
    />
  );
}

/** An instruction screen; `touchBody` (when the answers are named by key in `body`) is what a touch device reads instead. */
function InfoScreen({ stage, title, body, touchBody }: { stage: FlashStage; title: string; body: string; touchBody?: string }) {
  const { t } = useTranslation('delphiGames');
  const advance = useAdvance();
  const hints = useHintStyle();
  return (
    <StageGuard stages={[stage]}>
      {() => (
        <GameInfoCard title={title} body={hints === 'touch' && touchBody ? touchBody : body} action={t('play.continue')} onAction={advance} hints={{ touch: t('flash.tapHint'), keys: t('flash.keysOnly') }} />
      )}
    </StageGuard>
  );
}

export function FlashSearchIntro() {
  const { t } = useTranslation('delphiGames');
  return <InfoScreen stage="searchIntro" title={t('flash.searchIntroTitle')} body={t('flash.searchIntroBody')} touchBody={t('flash.searchIntroBodyTouch')} />;
}

export function FlashSearchBreak() {
  const { t } = useTranslation('delphiGames');
  return <InfoScreen stage="searchBreak" title={t('flash.searchIntroTitle')} body={t('flash.searchBreakBody')} />;
}

export function FlashSearchEnd() {
  const { t } = useTranslation('delphiGames');
  return <InfoScreen stage="searchEnd" title={t('flash.searchIntroTitle')} body={t('flash.searchEndBody')} />;
}

export function FlashComparisonIntro() {
  const { t } = useTranslation('delphiGames');
  return <InfoScreen stage="comparisonIntro" title={t('flash.comparisonIntroTitle')} body={t('flash.comparisonIntroBody')} touchBody={t('flash.comparisonIntroBodyTouch')} />;
}

export function FlashComparisonBreak() {
  const { t } = useTranslation('delphiGames');
  return <InfoScreen stage="comparisonBreak" title={t('flash.comparisonIntroTitle')} body={t('flash.comparisonBreakBody')} />;
}

function BlockScreen({ stages }: { stages: readonly FlashStage[] }) {
  const advance = useAdvance();
  return (
    <StageGuard stages={stages}>
      {(run, stage) => {
        const block = FLASH_BLOCKS.find((b) => b.id === stage);
        if (!block) return null;
        const done = () => {
          if (block.id === 'VS_2') endGameRun(run, { responses: run.answers.length });
          advance();
        };
        return <FlashBlockRunner key={block.id} run={run} block={block} onDone={done} />;
      }}
    </StageGuard>
  );
}

export function FlashSearch() {
  return <BlockScreen stages={['SZ_1', 'SZ_2']} />;
}

export function FlashComparison() {
  return <BlockScreen stages={['VS_1', 'VS_2']} />;
}

/**
 * Correct/total per block as the server recorded them (GET_GAME_SCORES), once the outbox has
 * saved the game; `Scores are not ready` until then.
 */
export function FlashFeedback() {
  return <StageGuard stages={['feedback']}>{(run) => <FlashScores run={run} />}</StageGuard>;
}

function FlashScores({ run }: { run: GameRun<'FlashMatch'> }) {
  const { t } = useTranslation('delphiGames');
  const local = scoreFlashMatch(run.answers.map((a) => ({ block: a.group, isCorrect: a.isCorrect }) as FlashAnswer));
  return (
    <GameFeedback
      run={run}
      title={t('flash.feedbackTitle')}
      notReady={t('flash.scoresNotReady')}
      scores={(server) => {
        const scoreOf = (block: FlashBlock['id']) =>
          server.state === 'ready' ? (server.scores.blocks[block] ?? { correctResponses: 0, totalResponses: 0 }) : local[block];
        return (
          <Card withBorder>
            <Table>
              <Table.Tbody>
                {FLASH_BLOCKS.map((block) => (
                  <Table.Tr key={block.id}>
                    <Table.Th scope="row">{t(`flash.steps.${block.step}`)}</Table.Th>
                    <Table.Td>
                      {t('quiz.score', { correct: scoreOf(block.id).correctResponses, total: scoreOf(block.id).totalResponses })}
                    </Table.Td>
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
