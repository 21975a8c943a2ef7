import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Alert, Box, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useGameTimeScale } from '../../../shell/config/config-context';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useShowcasePlay } from '../shared/i18n/use-showcase-play';
import { PlayLeaveGuard } from '../shared/play-leave-guard';
import { useHintStyle } from '../../../game-kit/input/input-hints';
import { responseHandlers } from '../../../game-kit/input/response-buttons';
import { useKeyResponses, type GivenResponse } from '../../../game-kit/input/response-input';
import { PLAY_TYPE, RESPONSE_TYPE, logRecord, newId, visitorId, whenLogged } from '../shared/play-log';
import { SIMPLE_GAMES, makeBlocks, overallScore, scoreBlocks } from './simple-games';
import type { Answer, BlockScore, ScoredResponse, SimpleGameId, Trial } from './simple-games';
import { toEpoch, useOnsetRef } from '../../../game-kit/timing';
import { reactionTime } from '../shared/play-timing';

/** Blank screen between a response and the next stimulus, ms (times GAME_TIME_SCALE). */
const INTER_TRIAL_MS = 400;
const GAME_VERSION = 1;
const ANSWER_KEYS = { ArrowLeft: 'no', ArrowRight: 'yes' } as const satisfies Record<string, Answer>;
/** Large touch targets whose labels wrap rather than clip on a 320 px phone. */
const ANSWER_STYLES = { label: { whiteSpace: 'normal', textAlign: 'center' } } as const;

type Phase = { kind: 'block'; block: number } | { kind: 'fixation'; block: number; trial: number } | { kind: 'stimulus'; block: number; trial: number } | { kind: 'done' };

type Modality = 'keyboard' | 'mouse' | 'touch' | 'pen';

function Stimulus({ game, trial, label }: { game: SimpleGameId; trial: Trial; label: string }) {
  const text = game === 'comparison' ? `${trial.stimulus.slice(0, 3)} ${trial.stimulus.slice(3)}` : trial.stimulus;
  return (
    <Text
      component="p"
      data-trial={`${trial.blockId}-${trial.trialIndex}`}
      aria-label={`${label}: ${text}`}
      ff="monospace"
      fw={700}
      ta="center"
      m={0}
      style={{ fontSize: 'clamp(2.5rem, 14vw, 5.5rem)', letterSpacing: '0.08em', whiteSpace: 'nowrap', lineHeight: 1 }}
    >
      {text}
    </Text>
  );
}

/** A simple game (SPEC §4): blocks in order, each response scored and logged, then the next stimulus. */
export function SimpleGamePage({ game }: { game: SimpleGameId }) {
  const { t } = useShowcasePlay();
  const touch = useHintStyle() === 'touch';
  const scale = useGameTimeScale();
  const gameText = (key: 'title' | 'instructions' | 'yes' | 'no' | 'stimulusLabel') => t(`games.${game}.${key}`);
  useDocumentTitle(gameText('title'));
  const [seed] = useState(() => Math.floor(Math.random() * 2 ** 31));
  const blocks = useMemo(() => makeBlocks(game, seed), [game, seed]);
  const blockIds = SIMPLE_GAMES[game].blocks;
  const [phase, setPhase] = useState<Phase>({ kind: 'block', block: 0 });
  const [started, setStarted] = useState(false);
  const [tooEarly, setTooEarly] = useState(false);
  const [scores, setScores] = useState<BlockScore[] | null>(null);
  const [saved, setSaved] = useState(false);
  const play = useRef({ id: newId('play'), visitor: '', startedAt: '', responses: [] as ScoredResponse[] });

  const current = phase.kind === 'stimulus' || phase.kind === 'fixation' ? blocks[phase.block]?.[phase.trial] : undefined;
  const onset = useOnsetRef(phase.kind === 'stimulus' && current ? `${current.blockId}-${current.trialIndex}` : null);

  // Fixation → stimulus after the inter-trial interval.
  useEffect(() => {
    if (phase.kind !== 'fixation') return;
    const timer = setTimeout(() => setPhase({ kind: 'stimulus', block: phase.block, trial: phase.trial }), INTER_TRIAL_MS * scale);
    return () => clearTimeout(timer);
  }, [phase, scale]);

  const finish = useCallback(() => {
    const blockScores = scoreBlocks(blockIds, play.current.responses);
    setScores(blockScores);
    setPhase({ kind: 'done' });
    logRecord(PLAY_TYPE, {
      _id: play.current.id,
      visitorId: play.current.visitor,
      game,
      gameVersion: GAME_VERSION,
      status: 'completed',
      seed,
      blocks: blockScores,
      score: overallScore(blockScores),
      startedAt: play.current.startedAt,
      endedAt: new Date().toISOString(),
    });
    void whenLogged().then(() => setSaved(true));
  }, [blockIds, game, seed]);

  const respond = useCallback(
    (answer: Answer, timeStamp: number, modality: Modality) => {
      if (phase.kind !== 'stimulus' && phase.kind !== 'fixation') return;
      const trial = blocks[phase.block]?.[phase.trial];
      if (!trial) return;
      const timing = phase.kind === 'fixation' ? ({ anticipation: true, rtMs: null } as const) : reactionTime(onset.current, timeStamp);
      const base = {
        visitorId: play.current.visitor,
        playId: play.current.id,
        game,
        gameVersion: GAME_VERSION,
        blockId: trial.blockId,
        trialIndex: trial.trialIndex,
        stimulus: trial.stimulus,
        correctAnswer: trial.correctAnswer,
        response: answer,
        modality,
        onsetEpochMs: onset.current === null ? null : toEpoch(onset.current),
        responseEpochMs: toEpoch(timeStamp),
      };
      if (timing.anticipation) {
        // Before the stimulus was shown: logged as an anticipation, never a response.
        logRecord(RESPONSE_TYPE, { _id: newId('r'), ...base, anticipation: true, rtMs: null, isCorrect: null });
        setTooEarly(true);
        return;
      }
      const isCorrect = answer === trial.correctAnswer;
      logRecord(RESPONSE_TYPE, { _id: newId('r'), ...base, anticipation: false, rtMs: timing.rtMs, isCorrect });
      play.current.responses.push({ blockId: trial.blockId, isCorrect, rtMs: timing.rtMs });
      setTooEarly(false);
      const block = blocks[phase.block] ?? [];
      if (phase.trial + 1 < block.length) setPhase({ kind: 'fixation', block: phase.block, trial: phase.trial + 1 });
      else if (phase.block + 1 < blocks.length) setPhase({ kind: 'block', block: phase.block + 1 });
      else finish();
    },
    [blocks, finish, game, onset, phase],
  );

  // Keys and buttons through the game kit (ADR 008, ADR 062): the same answers, each timed by its own event.
  const given = useCallback((input: GivenResponse<Answer>) => respond(input.response, input.eventTime, input.modality === 'key' ? 'keyboard' : input.modality), [respond]);
  useKeyResponses(ANSWER_KEYS, given);

  function startBlock(block: number) {
    if (!started) {
      play.current.visitor = visitorId();
      play.current.startedAt = new Date().toISOString();
      setStarted(true);
    }
    setPhase({ kind: 'fixation', block, trial: 0 });
  }

  const answerButton = (answer: Answer) => ({
    ...responseHandlers(answer, given),
    onKeyDown: (event: ReactKeyboardEvent<HTMLButtonElement>) => {
      // Arrow keys are answers (the window listener); keep them from moving focus.
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') event.preventDefault();
    },
  });

  if (phase.kind === 'done' && scores) {
    return (
      <Section py="xl">
        <Stack gap="md" maw={640}>
          <Title order={1}>{gameText('title')}</Title>
          <Title order={2}>{t('play.results')}</Title>
          <List spacing="xs">
            {scores.map((score, index) => (
              <List.Item key={score.blockId}>
                {t('play.block', { number: index + 1 })}: {t('play.correct', { correct: score.correctResponses, total: score.totalResponses })},{' '}
                {score.meanCorrectRtMs === null ? t('play.noRt') : t('play.meanRt', { ms: Math.round(score.meanCorrectRtMs) })}
              </List.Item>
            ))}
          </List>
          <Text fw={700}>{t('play.overall', { percent: Math.round(overallScore(scores) * 100) })}</Text>
          <Text role="status" size="sm" c="dimmed">
            {saved ? t('play.saved') : t('play.saving')}
          </Text>
          <Group>
            <Button component={Link} to="/">
              {t('play.home')}
            </Button>
          </Group>
        </Stack>
      </Section>
    );
  }

  const guard = <PlayLeaveGuard live={started && phase.kind !== 'done'} basePath={`/${game}`} />;

  if (phase.kind === 'block') {
    return (
      <Section py="xl">
        {guard}
        <Stack gap="md" maw={640}>
          <Title order={1}>{gameText('title')}</Title>
          {phase.block === 0 && <Text>{gameText('instructions')}</Text>}
          <Text fw={500}>
            {t('play.blockIntro', { number: phase.block + 1, total: blocks.length, trials: blocks[phase.block]?.length ?? 0 })}
          </Text>
          <Group>
            <Button size="lg" onClick={() => startBlock(phase.block)} data-autofocus>
              {t('play.start')}
            </Button>
          </Group>
        </Stack>
      </Section>
    );
  }

  if (phase.kind === 'done') return null;
  const trial = phase.kind === 'stimulus' ? current : undefined;
  return (
    <Section py="md">
      {guard}
      <Stack gap="md" maw={640} mx="auto">
        <Title order={1} size="h3">
          {gameText('title')}
        </Title>
        <Text size="sm" aria-live="off">
          {t('play.trial', { round: phase.block + 1, item: phase.trial + 1, total: blocks[phase.block]?.length ?? 0 })}
        </Text>
        <Paper withBorder radius="md" p="md">
          <Box h={{ base: 120, sm: 160 }} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }} data-testid="stimulus">
            {trial ? <Stimulus game={game} trial={trial} label={gameText('stimulusLabel')} /> : <Text component="span" aria-hidden="true" size="xl" c="dimmed">+</Text>}
          </Box>
        </Paper>
        {tooEarly && (
          <Alert color="yellow" variant="light" role="status">
            {t('play.tooEarly')}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="md">
          <Button size="lg" h={72} px="xs" variant="default" styles={ANSWER_STYLES} {...answerButton('no')}>
            <span aria-hidden="true">←&nbsp;</span>
            {gameText('no')}
          </Button>
          {/* The same look for both answers: a filled one would invite pressing it (issue 25 item 9). */}
          <Button size="lg" h={72} px="xs" variant="default" styles={ANSWER_STYLES} {...answerButton('yes')}>
            {gameText('yes')}
            <span aria-hidden="true">&nbsp;→</span>
          </Button>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {touch ? t('play.tap', { no: gameText('no'), yes: gameText('yes') }) : t('play.keys', { no: gameText('no'), yes: gameText('yes') })}
        </Text>
      </Stack>
    </Section>
  );
}

export function ComparisonPage() {
  return <SimpleGamePage game="comparison" />;
}

export function TargetSearchPage() {
  return <SimpleGamePage game="targetSearch" />;
}
