/**
 * The affect grid (Russell, Weiss & Mendelsohn 1989): 9 × 9 cells, pleasure left (1) to
 * right (9), arousal bottom (1) to top (9). A press selects a cell (shown filled, `aria-pressed`)
 * and may be changed; the screen's own button submits it (ADR 051). The arrow keys move
 * between cells (one tab stop, roving focus) and Enter or Space selects.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Box, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { responseHandlers } from '../../../../game-kit/input/response-buttons';
import { useHintStyle } from '../../../../game-kit/input/input-hints';
import type { GivenResponse } from '../../../../game-kit/input/response-input';

export const GRID_SIZE = 9;

export interface AffectCell {
  pleasure: number;
  arousal: number;
}

/** The cell at row `row` (0 = top) and column `col` (0 = left). */
export function cellAt(row: number, col: number): AffectCell {
  return { pleasure: col + 1, arousal: GRID_SIZE - row };
}

const MOVES: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export function AffectGrid({
  labelledBy,
  disabled,
  selected,
  onChoose,
}: {
  labelledBy: string;
  disabled: boolean;
  /** The cell selected so far, drawn filled. */
  selected?: AffectCell | null;
  onChoose: (cell: AffectCell, given: GivenResponse<string>) => void;
}) {
  const { t } = useTranslation('delphiMemo');
  const [focus, setFocus] = useState<[number, number]>([4, 4]);
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const row = Math.min(GRID_SIZE - 1, Math.max(0, focus[0] + move[0]));
    const col = Math.min(GRID_SIZE - 1, Math.max(0, focus[1] + move[1]));
    setFocus([row, col]);
    cells.current.get(`${row}-${col}`)?.focus();
  };
  const axis = { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600 } as const;
  return (
    <Box maw={540} w="100%">
      <Text ta="center" style={axis}>
        {t('grid.energetic')}
      </Text>
      <Box
        role="group"
        aria-labelledby={labelledBy}
        onKeyDown={onKeyDown}
        style={{ display: 'grid', gridTemplateColumns: `repeat(${GRID_SIZE}, 1fr)`, gap: 2, aspectRatio: '1', marginBlock: 4 }}
      >
        {Array.from({ length: GRID_SIZE * GRID_SIZE }, (_, i) => {
          const row = Math.floor(i / GRID_SIZE);
          const col = i % GRID_SIZE;
          const cell = cellAt(row, col);
          const centre = row === 4 || col === 4;
          const chosen = selected?.pleasure === cell.pleasure && selected.arousal === cell.arousal;
          return (
            <UnstyledButton
              key={i}
              ref={(el: HTMLButtonElement | null) => {
                if (el) cells.current.set(`${row}-${col}`, el);
              }}
              tabIndex={focus[0] === row && focus[1] === col ? 0 : -1}
              aria-label={t('grid.cell', { pleasure: cell.pleasure, arousal: cell.arousal })}
              aria-pressed={chosen}
              disabled={disabled}
              onFocus={() => setFocus([row, col])}
              style={{
                minWidth: 24,
                minHeight: 24,
                borderRadius: 3,
                border: chosen ? '3px solid var(--mantine-color-indigo-9)' : '1px solid var(--mantine-color-gray-6)',
                background: chosen ? 'var(--mantine-color-indigo-6)' : centre ? 'var(--mantine-color-gray-2)' : 'var(--mantine-color-body)',
                touchAction: 'manipulation',
              }}
              {...responseHandlers(`${cell.pleasure},${cell.arousal}`, (given) => onChoose(cell, given))}
            />
          );
        })}
      </Box>
      <Text ta="center" style={axis}>
        {t('grid.sleepy')}
      </Text>
      <Box style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Text style={axis}>← {t('grid.unpleasant')}</Text>
        <Text style={axis}>{t('grid.pleasant')} →</Text>
      </Box>
    </Box>
  );
}

/** How to answer, in the words of the input in use: tap on a touch screen, keys with a keyboard. */
export function AffectGridHint() {
  const { t } = useTranslation('delphiMemo');
  const hints = useHintStyle();
  return (
    <Text size="sm" c="dimmed">
      {hints === 'touch' ? t('grid.touchHint') : t('grid.keyboardHint')}
    </Text>
  );
}
