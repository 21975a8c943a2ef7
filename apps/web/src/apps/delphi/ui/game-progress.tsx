import { memo, useEffect } from 'react';
import { Progress, Stack, Stepper, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { delphi } from '@chi/contract';
import { afterNextPaint } from '../../../shell/live-on-intent';

/**
 * The progress bar of steps of a game (SPEC §2 table). The Stepper shows the names; the
 * Progress bar carries the accessible name and value, and the current step is announced.
 */
interface GameProgressProps {
  steps: readonly string[];
  active: number;
}
function GameProgressView({ steps, active }: GameProgressProps) {
  const { t } = useTranslation('delphiGames');
  const current = Math.min(Math.max(active, 0), steps.length - 1);
  const label = t('play.step', { current: current + 1, total: steps.length, name: steps[current] ?? '' });
  // Each game's screens live under its own path (/FlashMatch/…): the step entered is recorded for the funnel (ADR 026).
  const gameName = useLocation().pathname.split('/')[1];
  const stepName = steps[current] ?? '';
  // The Stepper shows from `sm` up (`visibleFrom`); below it, it is not rendered at all: on a
  // phone it was a hidden third of a game screen's render in the tap that opens it (ADR 075).
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, false, { getInitialValueInEffect: false });
  useEffect(() => {
    // On demand, like the outbox in delphi-layout.tsx: no game screen waits for it. Asked for after
    // the step's screen is painted: the import's preload of its chunks was part of the tap that
    // opens the screen (a discrete update runs its effects before the paint; ADR 075 h27).
    if (!delphi.isGameName(gameName) || steps.length === 0) return;
    afterNextPaint(() => void import('../session/session-events').then((m) => m.logStep(gameName, current, steps.length, stepName)));
  }, [gameName, current, steps.length, stepName]);
  return (
    <Stack gap="xs" mb="lg">
      {/* The section is the element with role progressbar, so the value text goes there. */}
      <Progress.Root size="sm">
        <Progress.Section value={((current + 1) / steps.length) * 100} aria-label={t('play.progress')} aria-valuetext={label} />
      </Progress.Root>
      {/* One row at every width it shows at: six named steps share the game's 900 px column. */}
      {wide && (
        <Stepper
          active={current}
          size="xs"
          wrap={false}
          allowNextStepsSelect={false}
          aria-hidden
          visibleFrom="sm"
          styles={{ separator: { marginInline: 6, minWidth: 8 }, stepBody: { marginInlineStart: 6 }, stepLabel: { lineHeight: 1.25 } }}
        >
          {steps.map((step) => (
            <Stepper.Step key={step} label={step} />
          ))}
        </Stepper>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {label}
      </Text>
    </Stack>
  );
}

/** Equal when the steps read the same: a game's screens make a new array of the same names on every render. */
const sameProgress = (a: GameProgressProps, b: GameProgressProps) =>
  a.active === b.active && a.steps.length === b.steps.length && a.steps.every((step, i) => step === b.steps[i]);

/**
 * Rendered again only when the step or the names change: a game re-renders its screen on every
 * response, and the Stepper is a good part of that render on a slow phone (issue 23, ADR 075).
 */
export const GameProgress = memo(GameProgressView, sameProgress);
