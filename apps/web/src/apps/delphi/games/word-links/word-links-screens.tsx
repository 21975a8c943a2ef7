import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { Navigate, Outlet, useNavigate, useParams } from 'react-router';
import { useOutboxSnapshot } from '../../outbox/outbox-client';
import { endGameRun, isRunRejected, startGameRun, useGameRun, type GameRun } from '../../suite/game-run';
import { isPlayed, useSuiteState } from '../../suite/suite-store';
import { useGamesNamespace } from '../i18n/games-namespace';
import { LeaveGuard } from '../../suite/leave-guard';
import { AlreadyPlayed } from '../../ui/already-played';
import { NoSuite } from '../../ui/no-suite';
import { GameProgress } from '../../ui/game-progress';
import { FeedbackFooter, SavingState } from '../../ui/saving-state';
import { Section } from '../../../../ui/section';
import { useDocumentTitle } from '../../../../ui/use-document-title';
import { DistanceMatrix } from './distance-matrix';
import { SkipWordLinks } from './skip-word-links';
import { WORD_LINKS_ROUNDS, WORD_LINKS_STEPS, roundAt } from './word-links-config';
import { progressOf, startProgress, summarise, useProgress } from './word-links-state';
import { useWordLinksNamespace } from './word-links-namespace';

/** Today every participant plays the declared defaults (a study will set them: issue 26). */
const WORD_LINKS_SETTINGS = delphi.defaultSettings('WordLinks');

export function useWordLinksSteps(): string[] {
  const { t } = useTranslation('delphiWordLinks');
  return WORD_LINKS_STEPS.map((step) => t(`steps.${step}`));
}

/** `/WordLinks`: the frame of every Word Links screen (the kit's game layout, with this game's texts). */
export function WordLinksLayout() {
  useGamesNamespace();
  useWordLinksNamespace();
  const { t } = useTranslation('delphiWordLinks');
  useDocumentTitle(t('title'));
  return (
    <Section py="xl" maw={900}>
      <Outlet />
      <LeaveGuard gameName="WordLinks" basePath="/WordLinks" />
    </Section>
  );
}

function LevelIntro({ level }: { level: 1 | 2 }) {
  const { t } = useTranslation('delphiWordLinks');
  return (
    <>
      <Title order={2}>{t(`level${level}Title`)}</Title>
      <Text>{t(`level${level}Body`)}</Text>
      <Text>{t('rules')}</Text>
    </>
  );
}

/**
 * `/WordLinks` index: before the game, the welcome and level 1 intro (start or skip: Word Links
 * is optional, SPEC §1); between the levels, the level 2 intro (SPEC §2: '' is the level 2 intro).
 */
export function WordLinksIntro() {
  const { t } = useTranslation('delphiWordLinks');
  const { t: tg } = useTranslation('delphiGames');
  const steps = useWordLinksSteps();
  const navigate = useNavigate();
  const state = useSuiteState();
  const run = useGameRun('WordLinks');
  const progress = useProgress(run);
  if (run && isRunRejected(run)) return <AlreadyPlayed gameName="WordLinks" rejected />;
  if (run && !run.ended) {
    const due = WORD_LINKS_ROUNDS[(progress ?? progressOf(run)).next];
    if (due && !(due.level === 2 && due.practice)) return <Navigate to={due.path} replace />;
    return (
      <Stack>
        <GameProgress steps={steps} active={2} />
        <Title order={1}>{t('title')}</Title>
        <LevelIntro level={2} />
        <Button w="fit-content" size="lg" onClick={() => void navigate('level2/practice')}>
          {t('startLevel', { level: t('steps.level2') })}
        </Button>
      </Stack>
    );
  }
  const played = isPlayed(state, 'WordLinks');
  const begin = (skip: boolean) => {
    const started = startGameRun('WordLinks', skip ? { skipped: true } : { levels: 2 });
    if (!started) return;
    if (skip) {
      // Skipping is a record too: a game started and ended at once, marked skipped.
      endGameRun(started, { skipped: true });
      void navigate('/');
      return;
    }
    startProgress(started);
    void navigate('level1/practice');
  };
  return (
    <Stack>
      <GameProgress steps={steps} active={0} />
      <Title order={1}>{t('title')}</Title>
      <Text>{t('welcomeBody')}</Text>
      <Alert color="blue" role="note">
        {t('englishOnly')}
      </Alert>
      {!state.session?.suiteId ? (
        <NoSuite />
      ) : played ? (
        <AlreadyPlayed gameName="WordLinks" />
      ) : (
        <>
          <LevelIntro level={1} />
          <Group>
            <Button size="lg" onClick={() => begin(false)}>
              {tg('play.start')}
            </Button>
          </Group>
          {WORD_LINKS_SETTINGS.optional && <SkipWordLinks onSkip={() => begin(true)} />}
        </>
      )}
    </Stack>
  );
}

function useFinishedRun(): GameRun<'WordLinks'> | null {
  const run = useGameRun('WordLinks');
  useProgress(run);
  useOutboxSnapshot(run?.outbox ?? null);
  return run;
}

/**
 * `/WordLinks/level2/round/:round/results` (the chain just written) and
 * `/WordLinks/level1/round/practice/results` (the practice words): a matrix of distances, with the score.
 */
function RoundResults({ level }: { level: 1 | 2 }) {
  const { t } = useTranslation('delphiWordLinks');
  const steps = useWordLinksSteps();
  const navigate = useNavigate();
  const params = useParams();
  const run = useFinishedRun();
  if (!run) return <Navigate to="/WordLinks" replace />;
  const round = roundAt(level, params.round);
  const result = progressOf(run).results.find((r) => r.round === round);
  if (!round || !result) return <Navigate to="/WordLinks" replace />;
  const next = WORD_LINKS_ROUNDS[WORD_LINKS_ROUNDS.indexOf(round) + 1];
  const levelName = t(`steps.level${level}`);
  const captionId = `matrix-caption-${round.id}`;
  return (
    <Stack>
      <GameProgress steps={steps} active={level} />
      <Title order={1} size="h2">
        {round.practice
          ? t(level === 1 ? 'practiceWordsTitle' : 'practiceResultsTitle', { level: levelName })
          : t('resultsTitle', { level: levelName, number: round.number })}
      </Title>
      {level === 1 && <Text>{t('level1ScoreExplain')}</Text>}
      <Text id={captionId} size="sm">
        {t('matrixCaption')}
      </Text>
      <DistanceMatrix words={result.words} matrix={result.matrix} captionId={captionId} />
      <Text fw={700} size="lg" role="status">
        {t('roundAverage', { score: Math.round(result.score) })}
      </Text>
      <Button w="fit-content" size="lg" onClick={() => void navigate(next ? `/WordLinks/${next.path}` : '/WordLinks/Feedback')}>
        {next ? t('nextRound') : t('toFeedback')}
      </Button>
    </Stack>
  );
}

export function WordLinksLevel1Results() {
  return <RoundResults level={1} />;
}

export function WordLinksRoundResults() {
  return <RoundResults level={2} />;
}

/** `/WordLinks/Feedback`: each level's rounds and average, and the global score (SPEC §9), once saved. */
export function WordLinksFeedback() {
  const { t } = useTranslation('delphiWordLinks');
  const steps = useWordLinksSteps();
  const run = useFinishedRun();
  const snapshot = useOutboxSnapshot(run?.outbox ?? null);
  if (!run) return <Navigate to="/" replace />;
  if (isRunRejected(run)) return <AlreadyPlayed gameName="WordLinks" rejected />;
  if (run.interrupted) return <AlreadyPlayed gameName="WordLinks" />;
  const { results } = progressOf(run);
  if (results.length < WORD_LINKS_ROUNDS.length) return <Navigate to="/WordLinks" replace />;
  const pending = run.outbox.pendingCount(run.gameRef);
  const summary = summarise(results);
  return (
    <Stack>
      <GameProgress steps={steps} active={3} />
      <Title order={1}>{t('feedbackTitle')}</Title>
      {pending > 0 && <SavingState snapshot={snapshot} />}
      <Text>{t('feedbackBody')}</Text>
      <Table>
        <Table.Tbody>
          {([1, 2] as const).map((level) => (
            <Table.Tr key={level}>
              <Table.Th scope="row">{t(`level${level}Average`)}</Table.Th>
              <Table.Td>{level === 1 ? summary.level1 : summary.level2}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">{t('globalScore')}</Table.Th>
            <Table.Td fw={700}>{summary.global}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <FeedbackFooter run={run} />
    </Stack>
  );
}
