/** The 4 × 4 grid: a disc in one cell (a flash), or every cell a button (a probe). */
import type { MouseEvent, PointerEvent } from 'react';
import { Box, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CELLS, COLORS, GRID_SIZE, type ColorId } from './color-catch-config';
import { cellName } from './color-catch-sequences';

export interface CellHandlers {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onClick: (event: MouseEvent<HTMLElement>) => void;
}

const CELL_STYLE = {
  aspectRatio: '1 / 1',
  borderRadius: 8,
  background: '#F1F3F5',
  border: '2px solid #ADB5BD',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  touchAction: 'manipulation',
  userSelect: 'none',
} as const;

/**
 * The grid fits the screen's height too: on a short phone (320 × 568) all four rows stay in
 * view, clear of the bottom edge, under the header, the progress and the question (about
 * 330 px above it), with cells of at least 48 px (issue 25 item 8).
 */
const GRID_WIDTH = 'min(100%, 420px, max(232px, 100svh - 330px))';

export function ColorGrid({
  disc,
  handlers,
  highlight,
}: {
  /** The disc shown (a flash), or none. */
  disc?: { color: ColorId; cell: number } | null;
  /** Every cell answers (a probe). */
  handlers?: (cell: number) => CellHandlers;
  /** A cell marked after a practice answer. */
  highlight?: number | null;
}) {
  const { t } = useTranslation('delphiColorCatch');
  return (
    <Box
      role={handlers ? 'group' : 'img'}
      aria-label={disc ? t('disc', { color: t(`colors.${disc.color}`) }) : t('grid')}
      data-grid
      style={{ display: 'grid', gridTemplateColumns: `repeat(${GRID_SIZE}, 1fr)`, gap: 8, width: GRID_WIDTH, marginInline: 'auto' }}
    >
      {Array.from({ length: CELLS }, (_v, cell) => {
        const { row, column } = cellName(cell);
        const color = disc && disc.cell === cell ? COLORS.find((c) => c.id === disc.color) : undefined;
        const style = highlight === cell ? { ...CELL_STYLE, border: '3px solid #1C7ED6' } : CELL_STYLE;
        const content = color && (
          <Box
            data-disc={color.id}
            data-cell={cell}
            style={{
              width: '78%',
              height: '78%',
              borderRadius: '50%',
              background: color.hex,
              color: color.ink,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontWeight: 700,
              fontSize: 'clamp(14px, 5vw, 24px)',
            }}
            aria-hidden
          >
            {t(`initials.${color.id}`)}
          </Box>
        );
        return handlers ? (
          <UnstyledButton key={cell} aria-label={t('cell', { row, column })} data-cell={cell} style={style} {...handlers(cell)}>
            {content}
          </UnstyledButton>
        ) : (
          <Box key={cell} style={style} aria-hidden>
            {content}
          </Box>
        );
      })}
    </Box>
  );
}
