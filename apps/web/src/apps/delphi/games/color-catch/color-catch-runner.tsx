/**
 * One level of Color Catch (ADR 015): per trial a "ready" line, the stream of flashes (each
 * disc's onset frame-timed and logged as a prompt), then each tracked colour probed in turn.
 * A probe's onset, the click's RT and any click before the onset come from the timing module
 * (ADR 013); a probe unanswered within the limit is logged as wrong, with no RT.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameTimeScale } from '../../../../shell/config/config-context';
import { useSeconds } from '../../ui/use-seconds';
import { anticipationTimes, responseTimes, useStimulusClock, type Anticipation } from '../../../../game-kit/timing';
import { useTimedDisplay } from '../../../../game-kit/timing/use-timed-display';
import { displayAttributes, precedingAttributes, type PrecedingDisplay } from '../../../../game-kit/timing/display-attributes';
import { responseHandlers } from '../../../../game-kit/input/response-buttons';
import type { GivenResponse, TimedResponse } from '../../../../game-kit/input/response-input';
import { epochNow, logRecord, startRoundOnce, type GameRun } from '../../suite/game-run';
import { COLORS, FLASH_BLANK_MS, FLASH_ON_MS, PRACTICE_FEEDBACK_MS, PROBE_LIMIT_MS, TRIAL_READY_MS, type ColorId, type ColorLevel } from './color-catch-config';
import { cellName, classifyProbe, earlierCells, lastCells, levelTrials, type ProbeOutcome } from './color-catch-sequences';
import { ColorGrid } from './color-grid';
import { useStartAtTop } from '../../../../game-kit/screen/start-at-top';

type Phase =
  | { kind: 'ready' }
  | { kind: 'flash'; index: number; on: boolean }
  | { kind: 'probe'; index: number }
  | { kind: 'feedback'; index: number; outcome: ProbeOutcome; clicked: number | null };

export function LevelRunner({ run, level, levelNumber, onDone }: { run: GameRun<'ColorCatch'>; level: ColorLevel; levelNumber: number; onDone: () => void }) {
  const { t } = useTranslation('delphiColorCatch');
  const scale = useGameTimeScale();
  const seconds = useSeconds();
  const trials = useMemo(() => levelTrials(level), [level]);
  const [trialIndex, setTrialIndex] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const trial = trials[trialIndex];
  const probeRef = useRef<string | null>(null);
  const answered = useRef(0);

  // The whole grid and the time limit in view from the first frame (issue 25 item 8).
  useStartAtTop();
  useEffect(() => {
    startRoundOnce(run, level.id, epochNow(), { colors: level.colors, flashes: level.flashes, trials: level.trials, seed: level.seed, feedback: level.feedback });
  }, [run, level]);

  // Feedback → next probe.
  useEffect(() => {
    if (phase.kind !== 'feedback') return;
    const timer = setTimeout(() => nextProbe(phase.index), PRACTICE_FEEDBACK_MS * scale);
    return () => clearTimeout(timer);
    // nextProbe is stable enough: it only reads the current trial and index.
  }, [phase, scale]);

  const nextProbe = useCallback(
    (index: number) => {
      if (!trial) return;
      if (index + 1 < trial.probes.length) {
        setPhase({ kind: 'probe', index: index + 1 });
        return;
      }
      if (trialIndex + 1 < trials.length) {
        setTrialIndex(trialIndex + 1);
        setPhase({ kind: 'ready' });
        return;
      }
      logRecord(run, 'endRound', { round: level.id, timestamp: epochNow(), attributes: { responses: answered.current } });
      onDone();
    },
    [trial, trialIndex, trials.length, run, level.id, onDone],
  );

  // ready → flash (on FLASH_ON_MS) → blank (FLASH_BLANK_MS) → next flash … → first probe: each a
  // timed display of the game kit (ADR 062), shown and removed on frame boundaries counted from
  // its onset frame; the frame that ends one presents the next. A flash's prompt is logged when
  // it is removed, with its onset as `_promptedAt` and its planned and actual duration; the
  // display before it (the ready line or the blank) is logged with it, the last blank with the first probe.
  const flash = phase.kind === 'flash' && phase.on && trial ? trial.flashes[phase.index] : undefined;
  const before = useRef<PrecedingDisplay | null>(null);
  const display = !trial ? null : phase.kind === 'ready' ? 'ready' : phase.kind === 'flash' ? (phase.on ? `f${phase.index}` : `b${phase.index}`) : null;
  const plannedMs = (phase.kind === 'ready' ? TRIAL_READY_MS : phase.kind === 'flash' && phase.on ? FLASH_ON_MS : FLASH_BLANK_MS) * scale;
  useTimedDisplay(display === null ? null : `${level.id}-${trialIndex}-${display}`, plannedMs, {
    onEnd: (timing, promptedAt) => {
      if (!trial) return;
      if (phase.kind === 'ready') {
        before.current = { display: 'ready', timing };
        setPhase({ kind: 'flash', index: 0, on: true });
        return;
      }
      if (phase.kind !== 'flash') return;
      if (!phase.on) {
        before.current = { display: 'blank', timing };
        const next = phase.index + 1;
        setPhase(next < trial.flashes.length ? { kind: 'flash', index: next, on: true } : { kind: 'probe', index: 0 });
        return;
      }
      if (flash) {
        const { row, column } = cellName(flash.cell);
        logRecord(run, 'logPrompt', {
          round: level.id,
          prompt: `${flash.color} r${row}c${column}`,
          _promptedAt: promptedAt,
          attributes: { kind: 'flash', trial: trialIndex, flash: phase.index, color: flash.color, cell: flash.cell, row, column, ...displayAttributes(timing), ...precedingAttributes(before.current) },
        });
      }
      before.current = null;
      setPhase({ kind: 'flash', index: phase.index, on: false });
    },
  });

  // A probe: timed by the stimulus clock; unanswered after the limit, it counts as wrong.
  const probeColor = phase.kind === 'probe' && trial ? trial.probes[phase.index] : undefined;
  const limitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const record = useCallback(
    (clicked: number | null, timing: ReturnType<typeof responseTimes> | { rtMs: null; _promptedAt: number; _respondedAt: number }) => {
      if (!trial || !probeColor || phase.kind !== 'probe') return;
      const outcome = classifyProbe(trial, probeColor, clicked);
      const target = lastCells(trial.flashes).get(probeColor) ?? null;
      const isCorrect = outcome === 'correct';
      logRecord(run, 'logResponse', {
        round: level.id,
        ...(probeRef.current ? { prompt: probeRef.current } : {}),
        response: clicked,
        isCorrect,
        correctAnswer: target,
        questionIndex: answered.current,
        question: `${probeColor}?`,
        ...timing,
        attributes: {
          level: level.id,
          trial: trialIndex,
          probe: phase.index,
          color: probeColor,
          targetCell: target,
          clickedCell: clicked,
          errorType: outcome === 'correct' ? null : outcome,
          earlierCells: earlierCells(trial.flashes, probeColor),
          otherLastCells: [...lastCells(trial.flashes)].filter(([c]) => c !== probeColor).map(([, cell]) => cell),
          colors: trial.colors,
        },
      });
      answered.current += 1;
      run.answers.push({ group: level.id, isCorrect });
      probeRef.current = null;
      if (level.feedback) setPhase({ kind: 'feedback', index: phase.index, outcome, clicked });
      else nextProbe(phase.index);
    },
    [trial, probeColor, phase, run, level, trialIndex, nextProbe],
  );

  const onProbeOnset = useCallback(
    (promptedAt: number) => {
      if (!trial || !probeColor || phase.kind !== 'probe') return;
      probeRef.current = logRecord(run, 'logPrompt', {
        round: level.id,
        prompt: `Where was ${probeColor} last?`,
        _promptedAt: promptedAt,
        attributes: { kind: 'probe', trial: trialIndex, probe: phase.index, color: probeColor, targetCell: lastCells(trial.flashes).get(probeColor), ...precedingAttributes(before.current) },
      });
      before.current = null;
      limitTimer.current = setTimeout(() => {
        clock.withdraw();
        record(null, { rtMs: null, _promptedAt: promptedAt, _respondedAt: epochNow() });
      }, PROBE_LIMIT_MS * scale);
    },
    // clock is declared below and stable (one per mount).
    [trial, probeColor, phase, run, level.id, trialIndex, scale, record],
  );
  const onAnticipation = useCallback(
    (anticipation: Anticipation<GivenResponse<string>>) => {
      if (!probeColor) return;
      logRecord(run, 'logResponse', {
        round: level.id,
        ...(probeRef.current ? { prompt: probeRef.current } : {}),
        response: Number(anticipation.response),
        question: `${probeColor}?`,
        ...anticipationTimes(anticipation),
        attributes: { level: level.id, trial: trialIndex, color: probeColor },
      });
    },
    [probeColor, run, level.id, trialIndex],
  );
  const clock = useStimulusClock<GivenResponse<string>>(
    probeColor ? `${level.id}-${trialIndex}-p${phase.kind === 'probe' ? phase.index : 0}` : null,
    { onOnset: onProbeOnset, onAnticipation },
    level.id,
  );
  useEffect(() => () => clearTimeout(limitTimer.current), []);

  const respond = (timed: TimedResponse<string>) => {
    if (probeRef.current === null) return;
    clearTimeout(limitTimer.current);
    clock.withdraw();
    record(Number(timed.response), responseTimes(timed));
  };

  if (!trial) return null;
  const colorName = (id: ColorId) => t(`colors.${id}`);
  const probeHex = COLORS.find((c) => c.id === probeColor)?.hex;
  return (
    <Stack gap="md" align="stretch">
      <Text size="sm" c="dimmed" ta="center">
        {t('trial', { number: trialIndex + 1, total: trials.length })}
      </Text>
      {/* Tall enough for a two-line question and its time limit: the grid below never moves (issue 25 item 8). */}
      <Box mih={96} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}>
        {phase.kind === 'ready' && (
          <Title order={2} ta="center" size="h3">
            {level.feedback ? t('readyPractice', { count: level.colors }) : t('ready', { level: levelNumber, count: level.colors })}
          </Title>
        )}
        {phase.kind === 'flash' && (
          <Text ta="center" c="dimmed">
            {t('watch')}
          </Text>
        )}
        {phase.kind === 'probe' && probeColor && (
          <Group gap="xs" justify="center" wrap="nowrap">
            <Box aria-hidden w={28} h={28} style={{ borderRadius: '50%', background: probeHex, border: '2px solid #495057', flex: 'none' }} />
            <Title order={2} size="h3" ta="center" data-probe={probeColor}>
              {t('probe', { color: colorName(probeColor).toUpperCase() })}
            </Title>
          </Group>
        )}
        {phase.kind === 'probe' && (
          <Text size="sm" c="dimmed" ta="center">
            {t('timeLeft', { duration: seconds(PROBE_LIMIT_MS) })}
          </Text>
        )}
        {phase.kind === 'feedback' && (
          <Alert color={phase.outcome === 'correct' ? 'green' : 'red'} role="status" py={6} data-feedback>
            {phase.outcome === 'correct' ? t('correct') : t('wrong')}
          </Alert>
        )}
      </Box>
      <ColorGrid
        disc={flash ?? null}
        handlers={phase.kind === 'probe' ? (cell) => responseHandlers(String(cell), respond, clock) : undefined}
        highlight={phase.kind === 'feedback' && trial ? (lastCells(trial.flashes).get(trial.probes[phase.index] ?? 'blue') ?? null) : null}
      />
    </Stack>
  );
}
