/** A game's own view (ADR 027): Color Catch error types, Mime Mix confusion matrix, Word Links score distribution. */
import { useCallback, useMemo } from 'react';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphiPlots } from '@chi/contract';
import { drawMatrix, drawScores } from './plot-draw';
import { PlotFigure } from './plot-figure';
import type { DrawPlot } from './plot-figure';
import { rowShares } from './plot-data';
import { usePlotAnswer } from './use-plot-answer';
import type { PlotProps } from './task-plot-props';

type ViewKind = Exclude<delphiPlots.GameViewKind, 'none'>;
const VIEW_OF_GAME: Partial<Record<string, ViewKind>> = { ColorCatch: 'errorTypes', MimeMix: 'confusion', WordLinks: 'scores' };

/** Whether the game has a view of its own beyond RT and accuracy. */
export const hasGameView = (gameName: string): boolean => VIEW_OF_GAME[gameName] !== undefined;

export function GameViewPlot({ input, version, showParticipant }: PlotProps) {
  const { t } = useTranslation('delphiPlots');
  const kind = VIEW_OF_GAME[input.gameName] ?? 'confusion';
  const state = usePlotAnswer(delphiPlots.plotGameView, input, version);
  const answer = state.status === 'ready' ? state.answer : null;
  const cells = useMemo(() => (answer ? rowShares(answer.cells) : []), [answer]);
  const binWidth = answer?.binWidth ?? 10;
  const labels = useMemo(() => ({ x: t(`${kind}.x`), y: t(`${kind}.y`) }), [kind, t]);
  const draw = useCallback<DrawPlot>(
    (plot, width) => (kind === 'scores' ? drawScores(plot, width, cells, binWidth, labels) : drawMatrix(plot, width, cells, labels)),
    [kind, cells, binWidth, labels],
  );
  const title = t(`${kind}.title`);
  const columnName = kind === 'scores' ? t('columns.bin') : labels.x;
  return (
    <PlotFigure
      id="plot-view"
      title={title}
      caption={t(`${kind}.caption`, { binWidth })}
      state={state.status === 'error' ? { error: state.error } : state.status === 'loading' ? 'loading' : cells.length === 0 ? 'empty' : 'ready'}
      draw={draw}
      busy={state.status === 'ready' && state.refreshing}
      table={
        <Table.ScrollContainer minWidth={320} type="native">
          <Table aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{labels.y}</Table.Th>
                <Table.Th>{columnName}</Table.Th>
                <Table.Th>{`${t('group')}: ${t('count')}`}</Table.Th>
                {showParticipant ? <Table.Th>{`${t('participantColumn')}: ${t('count')}`}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cells.map((c) => (
                <Table.Tr key={`${c.row}-${c.column}`}>
                  <Table.Td>{c.row}</Table.Td>
                  <Table.Td>{kind === 'scores' ? `${c.column}–${Number(c.column) + binWidth}` : c.column}</Table.Td>
                  <Table.Td>{c.group}</Table.Td>
                  {showParticipant ? <Table.Td>{c.participant}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      }
    />
  );
}
