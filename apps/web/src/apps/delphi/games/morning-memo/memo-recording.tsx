/** Background noise (exactly 10 s, scaled) and the talk (up to 90 s, scaled), recorded chunk by chunk into the store. */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useGameTimeScale } from '../../../../shell/config/config-context';
import { GameProgress } from '../../ui/game-progress';
import { useSeconds } from '../../ui/use-seconds';
import { useTimedDisplay, type DisplayTiming } from '../../../../game-kit/timing';
import { displayAttributes } from '../../../../game-kit/timing/display-attributes';
import type { GameRun } from '../../suite/game-run';
import { LevelMeter, useLevelMeter } from './level-meter';
import { currentMicrophone, startRecording, type ActiveRecording } from './memo-client';
import { BACKGROUND_MS, MEMO_BASE, TALK_MAX_MS, TALK_MIN_MS, WithRun, continueWithoutMicrophone, logRecording, useMemoSteps } from './memo-shared';
import type { recordings } from '@chi/contract';

type Phase = 'ready' | 'recording' | 'saving' | 'done' | 'failed';

/** One recording of `kind`: started by the participant, stopped at `maxMs` or by them after `minMs`. */
function useRecorder(run: GameRun<'MorningMemo'>, stream: MediaStream, kind: recordings.RecordingKind, maxMs: number) {
  const [phase, setPhase] = useState<Phase>('ready');
  const [elapsed, setElapsed] = useState(0);
  const active = useRef<ActiveRecording | null>(null);
  const started = useRef(0);

  const [since, setSince] = useState<number | null>(null);

  const stop = async (timer?: DisplayTiming) => {
    const current = active.current;
    if (!current) return;
    active.current = null;
    setPhase('saving');
    const stored = await current.stop();
    logRecording(run, stored, timer ? displayAttributes(timer) : {});
    setPhase('done');
  };

  const start = async () => {
    setPhase('recording');
    try {
      active.current = await startRecording(stream, { participant: run.session.participantId, suite: run.session.suiteId, gameRef: run.gameRef, kind });
      started.current = performance.now();
      setSince(started.current);
    } catch {
      setPhase('failed');
    }
  };

  // The countdown on screen; the recording's end is the timer's frame, counted from the frame that
  // first showed it running (ADR 062), so the planned length is kept to a frame.
  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = window.setInterval(() => {
      if (active.current) setElapsed(performance.now() - started.current);
    }, 100);
    return () => window.clearInterval(timer);
  });
  useTimedDisplay(phase === 'recording' && since !== null ? `${kind}-${since}` : null, maxMs, { onEnd: (timing) => void stop(timing) });

  // Leaving the screen mid-recording (the run is interrupted then) still stores what was recorded.
  useEffect(() => () => void active.current?.stop(), []);
  return { phase, elapsed, start, stop };
}

function Meter({ stream }: { stream: MediaStream }) {
  const meter = useLevelMeter(stream, 0);
  return <LevelMeter state={meter} />;
}

function Background({ run, stream }: { run: GameRun<'MorningMemo'>; stream: MediaStream }) {
  const { t } = useTranslation('delphiMemo');
  const steps = useMemoSteps();
  const navigate = useNavigate();
  const total = BACKGROUND_MS * useGameTimeScale();
  const seconds = useSeconds();
  const { phase, elapsed, start } = useRecorder(run, stream, 'background', total);
  const secondsLeft = Math.max(0, Math.ceil((total - elapsed) / 1000));
  return (
    <Stack>
      <GameProgress steps={steps} active={2} />
      <Title order={1}>{t('steps.background')}</Title>
      <Text>{t('background.explain', { duration: seconds(BACKGROUND_MS) })}</Text>
      <Meter stream={stream} />
      {phase === 'ready' && (
        <Button w="fit-content" size="lg" onClick={() => void start()}>
          {t('background.start')}
        </Button>
      )}
      {(phase === 'recording' || phase === 'saving') && (
        <Text role="timer" aria-live="off" fw={700} size="xl">
          {t('background.recording', { seconds: secondsLeft })}
        </Text>
      )}
      {phase === 'failed' && <RecorderFailed run={run} />}
      {phase === 'done' && (
        <>
          <Text role="status">{t('background.done')}</Text>
          <Button w="fit-content" size="lg" onClick={() => void navigate(`${MEMO_BASE}/Talk`)}>
            {t('background.continue')}
          </Button>
        </>
      )}
    </Stack>
  );
}

/** A recording that could not start: the participant may go on without it (recorded, ADR 051). */
function RecorderFailed({ run }: { run: GameRun<'MorningMemo'> }) {
  const { t } = useTranslation('delphiMemo');
  const navigate = useNavigate();
  return (
    <Alert color="red" role="alert" title={t('test.problem')}>
      <Text size="sm">{t('test.problemHelp')}</Text>
      <Button
        mt="md"
        variant="default"
        onClick={() => {
          continueWithoutMicrophone(run, 'recorderFailed');
          void navigate(`${MEMO_BASE}/AffectGrid`);
        }}
      >
        {t('test.continueWithout')}
      </Button>
    </Alert>
  );
}

function Talk({ run, stream }: { run: GameRun<'MorningMemo'>; stream: MediaStream }) {
  const { t } = useTranslation('delphiMemo');
  const steps = useMemoSteps();
  const navigate = useNavigate();
  const scale = useGameTimeScale();
  const total = TALK_MAX_MS * scale;
  const minimum = TALK_MIN_MS * scale;
  const seconds = useSeconds();
  const { phase, elapsed, start, stop } = useRecorder(run, stream, 'talk', total);
  return (
    <Stack>
      <GameProgress steps={steps} active={3} />
      <Title order={1}>{t('steps.talk')}</Title>
      <Card withBorder padding="lg">
        <Text size="lg" fw={600}>
          {t('talk.prompt')}
        </Text>
      </Card>
      <Text>{t('talk.explain', { duration: seconds(TALK_MAX_MS), minimum: seconds(TALK_MIN_MS) })}</Text>
      <Meter stream={stream} />
      {phase === 'ready' && (
        <Button w="fit-content" size="lg" onClick={() => void start()}>
          {t('talk.start')}
        </Button>
      )}
      {(phase === 'recording' || phase === 'saving') && (
        <Group>
          <Text role="timer" aria-live="off" fw={700} size="xl">
            {t('talk.elapsed', { elapsed: Math.floor(elapsed / 1000), total: Math.round(total / 1000) })}
          </Text>
          <Button color="red" size="lg" disabled={phase !== 'recording' || elapsed < minimum} onClick={() => void stop()}>
            {t('talk.stop')}
          </Button>
        </Group>
      )}
      {phase === 'failed' && <RecorderFailed run={run} />}
      {phase === 'done' && (
        <>
          <Text role="status">{t('talk.done')}</Text>
          <Button w="fit-content" size="lg" onClick={() => void navigate(`${MEMO_BASE}/AffectGrid`)}>
            {t('talk.continue')}
          </Button>
        </>
      )}
    </Stack>
  );
}

function withStream(render: (run: GameRun<'MorningMemo'>, stream: MediaStream) => React.ReactNode) {
  return (
    <WithRun>
      {(run) => {
        const stream = currentMicrophone();
        return stream ? render(run, stream) : <Navigate to={`${MEMO_BASE}/Test`} replace />;
      }}
    </WithRun>
  );
}

/** `/MorningMemo/BackgroundNoise` */
export function MemoBackgroundNoise() {
  return withStream((run, stream) => <Background run={run} stream={stream} />);
}

/** `/MorningMemo/Talk` */
export function MemoTalk() {
  return withStream((run, stream) => <Talk run={run} stream={stream} />);
}
