/** Response times per condition and block: histograms as shares, the participant's as dots (ADR 027). */
import { useCallback, useEffect, useMemo } from 'react';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphiPlots } from '@chi/contract';
import { drawRt } from './plot-draw';
import { PlotFigure } from './plot-figure';
import type { DrawPlot } from './plot-figure';
import { ms, rtBars } from './plot-data';
import { usePlotAnswer } from './use-plot-answer';
import type { PlotProps } from './task-plot-props';

/** Tells the panel who the group counts and whether the picked participant played this task. */
export type OnPeople = (people: { participants: number; participantFound: boolean } | null) => void;

export function RtPlot({ input, version, showParticipant, onPeople }: PlotProps & { onPeople: OnPeople }) {
  const { t } = useTranslation('delphiPlots');
  const state = usePlotAnswer(delphiPlots.plotResponseTimes, input, version);
  const answer = state.status === 'ready' ? state.answer : null;
  useEffect(() => onPeople(answer ? { participants: answer.participants, participantFound: answer.participantFound } : null), [answer, onPeople]);
  const condition = useCallback(
    (c: string) => (c === 'yes' || c === 'no' || c === 'all' ? t(`conditions.${c}`) : c),
    [t],
  );
  const panel = useCallback((c: string, block: string) => [condition(c), block].filter(Boolean).join(' · '), [condition]);
  const bars = useMemo(() => (answer ? rtBars(answer.bins, answer.binMs, panel) : []), [answer, panel]);
  const draw = useCallback<DrawPlot>((plot, width) => drawRt(plot, width, bars, { x: t('rt.x'), y: t('rt.y') }), [bars, t]);
  const captionKey = input.gameName === 'FlashMatch' ? 'rt.flashCaption' : 'rt.caption';
  return (
    <PlotFigure
      id="plot-rt"
      title={t('rt.title')}
      caption={t(captionKey, { binMs: answer?.binMs ?? 0, maxMs: answer?.maxMs ?? 0 })}
      state={state.status === 'error' ? { error: state.error } : state.status === 'loading' ? 'loading' : bars.length === 0 ? 'empty' : 'ready'}
      draw={draw}
      busy={state.status === 'ready' && state.refreshing}
      table={
        <Table.ScrollContainer minWidth={420} type="native">
          <Table aria-label={t('rt.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('condition')}</Table.Th>
                <Table.Th>{t('block')}</Table.Th>
                <Table.Th>{`${t('group')}: ${t('n')}`}</Table.Th>
                <Table.Th>{`${t('group')}: ${t('mean')}`}</Table.Th>
                {showParticipant ? <Table.Th>{`${t('participantColumn')}: ${t('n')}`}</Table.Th> : null}
                {showParticipant ? <Table.Th>{`${t('participantColumn')}: ${t('mean')}`}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(answer?.summary ?? []).map((s) => (
                <Table.Tr key={`${s.condition}-${s.block}`}>
                  <Table.Td>{condition(s.condition)}</Table.Td>
                  <Table.Td>{s.block}</Table.Td>
                  <Table.Td>{s.group}</Table.Td>
                  <Table.Td>{ms(s.groupMeanMs)}</Table.Td>
                  {showParticipant ? <Table.Td>{s.participant}</Table.Td> : null}
                  {showParticipant ? <Table.Td>{ms(s.participantMeanMs)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      }
    />
  );
}
