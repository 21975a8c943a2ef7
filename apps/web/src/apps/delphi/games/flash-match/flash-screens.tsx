import { useCallback, type ReactNode } from 'react';
import { Alert, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { GameLayout } from '../../ui/game-layout';
import { GameProgress } from '../../ui/game-progress';
import { GameWelcome } from '../../ui/game-welcome';
import { useHintStyle } from '../../kit/input-hints';
import { AlreadyPlayed } from '../../ui/already-played';
import { FeedbackFooter, SavingState } from '../../ui/saving-state';
import { useOutboxSnapshot } from '../../outbox/outbox-client';
import { endGameRun, isRunRejected, startGameRun, useGameRun, type GameRun } from '../../suite/game-run';
import { isPlayed, useSuiteState } from '../../suite/suite-store';
import { useServerScores } from '../../suite/use-server-scores';
import { FLASH_BLOCKS, FLASH_STEPS, STAGE_PATHS, STAGE_STEP, type FlashBlock, type FlashStage } from './flash-config';
import { advanceFlashStage, setFlashStage, useFlashStage } from './flash-state';
import { FlashBlockRunner } from './flash-block';
import { scoreFlashMatch, type FlashAnswer } from './flash-scoring';

function useFlashSteps(): string[] {
  const { t } = useTranslation('delphiGames');
  return FLASH_STEPS.map((step) => t(`flash.steps.${step}`));
}

/** `/FlashMatch`: the frame of every Flash Match screen. */
export function FlashLayout() {
  return <GameLayout titleKey="flash.welcomeTitle" gameName="FlashMatch" basePath="/FlashMatch" />;
}

/**
 * Renders `children(run)` only on the screen of the current stage: a stage left behind
 * cannot be revisited, and a reload (no run in memory) shows the game as played.
 */
function StageGuard({ stages, children }: { stages: readonly FlashStage[]; children: (run: GameRun, stage: FlashStage) => ReactNode }) {
  const state = useSuiteState();
  const run = useGameRun('FlashMatch');
  const stage = useFlashStage();
  const steps = useFlashSteps();
  useOutboxSnapshot(run?.outbox ?? null);
  if (!run) return isPlayed(state, 'FlashMatch') ? <AlreadyPlayed gameName="FlashMatch" /> : <Navigate to="/FlashMatch" replace />;
  if (isRunRejected(run)) return <AlreadyPlayed gameName="FlashMatch" rejected />;
  if (run.interrupted) return <AlreadyPlayed gameName="FlashMatch" />;
  if (!stages.includes(stage)) return <Navigate to={`/FlashMatch/${STAGE_PATHS[stage]}`} replace />;
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
    const next = advanceFlashStage();
    void navigate(`/FlashMatch/${STAGE_PATHS[next]}`);
  }, [navigate]);
}

export function FlashWelcome() {
  const { t } = useTranslation('delphiGames');
  const steps = useFlashSteps();
  const state = useSuiteState();
  const run = useGameRun('FlashMatch');
  const stage = useFlashStage();
  const navigate = useNavigate();
  if (!state.session) return <Navigate to="/GamesUnavailable" replace />;
  if (run && stage !== 'welcome') return <Navigate to={`/FlashMatch/${STAGE_PATHS[stage]}`} replace />;
  const start = () => {
    if (!startGameRun('FlashMatch', { blocks: FLASH_BLOCKS.map((b) => b.id) })) return;
    setFlashStage('searchIntro');
    void navigate('/FlashMatch/SearchIntro');
  };
  return <GameWelcome gameName="FlashMatch" steps={steps} title={t('flash.welcomeTitle')} body={t('flash.welcomeBody')} onStart={start} />;
}

function InfoScreen({ stage, title, body }: { stage: FlashStage; title: string; body: string }) {
  const { t } = useTranslation('delphiGames');
  const advance = useAdvance();
  const hints = useHintStyle();
  return (
    <StageGuard stages={[stage]}>
      {() => (
        <Card withBorder padding="xl">
          <Title order={1} mb="sm">
            {title}
          </Title>
          <Text mb="lg">{body}</Text>
          <Text size="sm" c="dimmed" mb="lg">
            {hints === 'touch' ? t('flash.tapHint') : t('flash.keysOnly')}
          </Text>
          <Button onClick={advance} w="fit-content" data-autofocus>
            {t('play.continue')}
          </Button>
        </Card>
      )}
    </StageGuard>
  );
}

export function FlashSearchIntro() {
  const { t } = useTranslation('delphiGames');
  return <InfoScreen stage="searchIntro" title={t('flash.searchIntroTitle')} body={t('flash.searchIntroBody')} />;
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
  return <InfoScreen stage="comparisonIntro" title={t('flash.comparisonIntroTitle')} body={t('flash.comparisonIntroBody')} />;
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

function FlashScores({ run }: { run: GameRun }) {
  const { t } = useTranslation('delphiGames');
  const pending = run.outbox.pendingCount(run.gameRef);
  const dead = run.outbox.deadLetters().filter((letter) => letter.gameRef === run.gameRef).length;
  const server = useServerScores(run, pending);
  const local = scoreFlashMatch(run.answers.map((a) => ({ block: a.group, isCorrect: a.isCorrect }) as FlashAnswer));
  const scoreOf = (block: FlashBlock['id']) =>
    server.state === 'ready' ? (server.scores.blocks[block] ?? { correctResponses: 0, totalResponses: 0 }) : local[block];
  return (
    <>
      <Title order={1}>{t('flash.feedbackTitle')}</Title>
      {server.state === 'waiting' ? (
        <>
          <Alert color="gray">{t('flash.scoresNotReady')}</Alert>
          {pending > 0 && <SavingState snapshot={run.outbox.getSnapshot()} />}
        </>
      ) : (
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
      )}
      <FeedbackFooter pending={pending} dead={dead} />
    </>
  );
}
