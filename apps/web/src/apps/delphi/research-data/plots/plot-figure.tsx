/**
 * One plot: a heading, a figure with its caption, the chart drawn by Observable Plot (imported
 * here only, lazily: it never touches a home's first load, ADR 027) at the container's width,
 * and the numbers as a table for screen readers and for anyone who wants them.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Box, Loader, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../shell/i18n/use-error-text';
// Types only: the library itself is loaded by the dynamic import below.
import type * as ObservablePlot from '@observablehq/plot';

export type PlotModule = typeof ObservablePlot;
export type DrawPlot = (plot: PlotModule, width: number) => SVGSVGElement | HTMLElement;

let plotModule: Promise<PlotModule> | undefined;
const loadPlot = () => (plotModule ??= import('@observablehq/plot'));

export interface PlotFigureProps {
  readonly id: string;
  readonly title: string;
  readonly caption: string;
  readonly state: 'loading' | 'empty' | 'ready' | { error: string };
  readonly draw: DrawPlot;
  /** A new answer is loading; the figure shows the last one meanwhile. */
  readonly busy?: boolean;
  /** The numbers as an accessible table. */
  readonly table: ReactNode;
}

export function PlotFigure({ id, title, caption, state, draw, busy = false, table }: PlotFigureProps) {
  const { t } = useTranslation('delphiPlots');
  const errorText = useErrorText();
  const { ref: sizeRef, width } = useElementSize();
  const chart = useRef<HTMLDivElement>(null);
  const [drawError, setDrawError] = useState<string | null>(null);

  useEffect(() => {
    const host = chart.current;
    if (state !== 'ready' || !host || width === 0) return;
    let active = true;
    loadPlot().then(
      (plot) => {
        if (!active) return;
        const element = draw(plot, Math.floor(width));
        // The table below carries the numbers; the drawing itself is named by the figure's caption.
        element.setAttribute('aria-hidden', 'true');
        host.replaceChildren(element);
      },
      (error: Error) => active && setDrawError(error.message),
    );
    return () => {
      active = false;
    };
  }, [state, draw, width]);

  return (
    <Stack component="section" gap="xs" aria-labelledby={`${id}-heading`} aria-busy={busy || state === 'loading'}>
      <Title order={3} id={`${id}-heading`}>
        {title}
      </Title>
      {state === 'loading' ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : state === 'empty' ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : typeof state === 'object' || drawError !== null ? (
        <Alert color="red" role="alert">
          {t('loadError', { message: errorText(typeof state === 'object' ? state.error : (drawError ?? '')) })}
        </Alert>
      ) : (
        <Box component="figure" m={0} aria-labelledby={`${id}-caption`}>
          <Box ref={sizeRef} w="100%">
            <div ref={chart} data-testid={`${id}-chart`} />
          </Box>
          <Text component="figcaption" id={`${id}-caption`} size="sm" c="dimmed" mt="xs">
            {caption}
          </Text>
          <details>
            <summary>{t('numbers')}</summary>
            {table}
          </details>
        </Box>
      )}
    </Stack>
  );
}
