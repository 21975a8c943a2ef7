/** Welcome and the microphone test (SPEC §2, §5). */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useGameTimeScale } from '../../../../shell/config/config-context';
import { AlreadyPlayed } from '../../ui/already-played';
import { NoSuite } from '../../ui/no-suite';
import { GameProgress } from '../../ui/game-progress';
import { useSeconds } from '../../ui/use-seconds';
import { eventEpoch } from '../../../../game-kit/timing/use-stimulus-onset';
import { logRecord, startGameRun, useGameRun, type GameRun } from '../../suite/game-run';
import { isPlayed, useSuiteState } from '../../suite/suite-store';
import { LevelMeter, useLevelMeter } from './level-meter';
import { closeMicrophone, frameBlocksMicrophone, openMicrophone } from './memo-client';
import { METER } from './memo-meter';
import { BACKGROUND_MS, MEMO, MEMO_BASE, TALK_MAX_MS, WithRun, continueWithoutMicrophone, useMemoSteps } from './memo-shared';

/** `/MorningMemo`: what the game asks of the participant, and the start. */
export function MemoWelcome() {
  const { t } = useTranslation('delphiMemo');
  const steps = useMemoSteps();
  const navigate = useNavigate();
  const state = useSuiteState();
  const run = useGameRun(MEMO);
  const seconds = useSeconds();
  if (run && !run.ended) return <Navigate to={`${MEMO_BASE}/Test`} replace />;
  return (
    <Stack>
      <GameProgress steps={steps} active={0} />
      <Title order={1}>{t('title')}</Title>
      <Text>{t('welcome.body', { background: seconds(BACKGROUND_MS), talk: seconds(TALK_MAX_MS) })}</Text>
      <Text size="sm" c="dimmed">
        {t('welcome.privacy')}
      </Text>
      {!state.session?.suiteId ? (
        <NoSuite />
      ) : isPlayed(state, MEMO) ? (
        <AlreadyPlayed gameName={MEMO} />
      ) : (
        <Button
          w="fit-content"
          size="lg"
          onClick={() => {
            if (startGameRun(MEMO, { version: 1 })) void navigate(`${MEMO_BASE}/Test`);
          }}
        >
          {t('welcome.start')}
        </Button>
      )}
    </Stack>
  );
}

type MicState = { kind: 'idle' } | { kind: 'asking' } | { kind: 'open'; stream: MediaStream } | { kind: 'failed'; reason: string };

function MicTest({ run }: { run: GameRun<'MorningMemo'> }) {
  const { t } = useTranslation('delphiMemo');
  const steps = useMemoSteps();
  const navigate = useNavigate();
  const scale = useGameTimeScale();
  const [mic, setMic] = useState<MicState>({ kind: 'idle' });
  const meter = useLevelMeter(mic.kind === 'open' ? mic.stream : null, METER.holdGreenMs * scale);
  const problem = mic.kind === 'failed' || meter.ended || meter.zone === 'problem';

  const ask = async () => {
    closeMicrophone();
    setMic({ kind: 'asking' });
    try {
      setMic({ kind: 'open', stream: await openMicrophone() });
    } catch (error) {
      // A study page that frames the games without allow="microphone": say so, the participant cannot fix it.
      const reason = frameBlocksMicrophone() ? 'FrameNotAllowed' : error instanceof DOMException ? error.name : 'Error';
      setMic({ kind: 'failed', reason });
      logRecord(run, 'logResponse', { question: 'microphoneTest', response: 'failed', _respondedAt: performance.timeOrigin + performance.now(), attributes: { reason } });
    }
  };

  const message = problem
    ? null
    : meter.zone === 'green'
      ? t('test.green')
      : meter.zone === 'near'
        ? t('test.near')
        : meter.zone === 'loud'
          ? t('test.tooLoud')
          : t('test.tooLow');
  return (
    <Stack>
      <GameProgress steps={steps} active={1} />
      <Title order={1}>{t('steps.test')}</Title>
      <Text>{t('test.explain')}</Text>
      {mic.kind !== 'open' && !problem && (
        <Button w="fit-content" size="lg" loading={mic.kind === 'asking'} onClick={() => void ask()}>
          {t('test.allow')}
        </Button>
      )}
      {problem && (
        <Alert color="red" role="alert" title={t('test.problem')}>
          <Text size="sm">{mic.kind === 'failed' && mic.reason === 'FrameNotAllowed' ? t('test.frameNotAllowed') : t('test.problemHelp')}</Text>
          <Group mt="md">
            <Button onClick={() => void ask()}>{t('test.retry')}</Button>
            <Button
              variant="default"
              onClick={() => {
                closeMicrophone();
                continueWithoutMicrophone(run, mic.kind === 'failed' ? mic.reason : meter.ended ? 'meterEnded' : 'noSignal');
                void navigate(`${MEMO_BASE}/AffectGrid`);
              }}
            >
              {t('test.continueWithout')}
            </Button>
          </Group>
          <Text size="sm" mt="xs">
            {t('test.continueWithoutHelp')}
          </Text>
        </Alert>
      )}
      {mic.kind === 'open' && !problem && (
        <>
          <LevelMeter state={meter} />
          <Text role="status" aria-live="polite" fw={600} c={meter.zone === 'green' ? 'green.9' : meter.zone === 'loud' ? 'red.9' : undefined}>
            {message}
          </Text>
          {!meter.passed && (
            <Text size="sm" c="dimmed">
              {t('test.holdGreen')}
            </Text>
          )}
          <Button
            w="fit-content"
            size="lg"
            disabled={!meter.passed}
            onClick={(event) => {
              logRecord(run, 'logResponse', {
                question: 'microphoneTest',
                response: 'passed',
                _respondedAt: eventEpoch(event),
                attributes: { levelDb: Math.round(meter.levelDb * 10) / 10, thresholds: METER },
              });
              void navigate(`${MEMO_BASE}/BackgroundNoise`);
            }}
          >
            {t('test.continue')}
          </Button>
        </>
      )}
    </Stack>
  );
}

/** `/MorningMemo/Test`: the microphone is asked for after an explanation, and must sit in the green zone. */
export function MemoTest() {
  return <WithRun>{(run) => <MicTest run={run} />}</WithRun>;
}
