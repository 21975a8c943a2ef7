/** Accuracy per block and category (Quiz Time: per category, its own view), group bars and the participant's dots. */
import { useCallback, useMemo } from 'react';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphiPlots } from '@chi/contract';
import { drawAccuracy } from './plot-draw';
import { PlotFigure } from './plot-figure';
import type { DrawPlot } from './plot-figure';
import { accuracyBars, percent } from './plot-data';
import { usePlotAnswer } from './use-plot-answer';
import type { PlotProps } from './task-plot-props';

export function AccuracyPlot({ input, version, showParticipant }: PlotProps) {
  const { t } = useTranslation('delphiPlots');
  const state = usePlotAnswer(delphiPlots.plotAccuracy, input, version);
  const bars = useMemo(() => (state.status === 'ready' ? accuracyBars(state.answer.cells) : []), [state]);
  const draw = useCallback<DrawPlot>((plot, width) => drawAccuracy(plot, width, bars, { x: t('accuracy.x'), y: '' }), [bars, t]);
  const title = input.gameName === 'QuizTime' ? t('accuracy.categoryTitle') : t('accuracy.title');
  return (
    <PlotFigure
      id="plot-accuracy"
      title={title}
      caption={t('accuracy.caption')}
      state={state.status === 'error' ? { error: state.error } : state.status === 'loading' ? 'loading' : bars.length === 0 ? 'empty' : 'ready'}
      draw={draw}
      busy={state.status === 'ready' && state.refreshing}
      table={
        <Table.ScrollContainer minWidth={360} type="native">
          <Table aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{`${t('block')} · ${t('category')}`}</Table.Th>
                <Table.Th>{`${t('group')}: ${t('n')}`}</Table.Th>
                <Table.Th>{`${t('group')}: ${t('correctShare')}`}</Table.Th>
                {showParticipant ? <Table.Th>{`${t('participantColumn')}: ${t('n')}`}</Table.Th> : null}
                {showParticipant ? <Table.Th>{`${t('participantColumn')}: ${t('correctShare')}`}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bars.map((b) => (
                <Table.Tr key={b.label}>
                  <Table.Td>{b.label}</Table.Td>
                  <Table.Td>{b.groupScored}</Table.Td>
                  <Table.Td>{percent(b.groupAccuracy)}</Table.Td>
                  {showParticipant ? <Table.Td>{b.participantScored}</Table.Td> : null}
                  {showParticipant ? <Table.Td>{percent(b.participantAccuracy)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      }
    />
  );
}
