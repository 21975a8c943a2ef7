/**
 * A round's pairwise distances as a colour-scaled matrix (issue 12): a real table (row and
 * column headers) so a screen reader reads "word, word: distance"; on a phone it scrolls
 * sideways inside a focusable region rather than being clipped, with the words kept in view.
 * When it does not fit, it says so (a line above it and a fade at the edge with more to see),
 * and the sticky word column is opaque to its edge, so no scrolled cell shows beside it
 * (issue 25 item 8).
 */
import { Box, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { distanceColour } from './word-links-config';
import { useSideScroll } from './use-side-scroll';

export function DistanceMatrix({ words, matrix, captionId }: { words: readonly string[]; matrix: readonly (readonly number[])[]; captionId: string }) {
  const { t } = useTranslation('delphiWordLinks');
  const { ref, overflows, moreRight } = useSideScroll<HTMLDivElement>();
  // Separate borders: a collapsed border belongs to the table and scrolls under a sticky cell.
  const sticky = { position: 'sticky', insetInlineStart: 0, background: 'var(--mantine-color-body)', zIndex: 1, boxShadow: 'inset -2px 0 0 var(--mantine-color-gray-5)' } as const;
  return (
    <Box>
      {overflows && (
        <Text size="sm" fw={600} mb={4} data-scroll-hint>
          {t('matrixScrollHint', { count: words.length })}
        </Text>
      )}
      <Box pos="relative">
        <div ref={ref} role="region" aria-label={t('matrixRegion')} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table
            withTableBorder
            withColumnBorders
            verticalSpacing={4}
            horizontalSpacing={4}
            fz="xs"
            aria-describedby={captionId}
            style={{ width: 'auto', borderCollapse: 'separate', borderSpacing: 0 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Td style={sticky} />
                {words.map((word, j) => (
                  <Table.Th key={`c${j}`} scope="col" style={{ writingMode: 'vertical-rl', transform: 'rotate(180deg)', whiteSpace: 'nowrap', textAlign: 'start', paddingBlock: 6 }}>
                    {word}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {words.map((word, i) => (
                <Table.Tr key={`r${i}`}>
                  <Table.Th scope="row" style={{ ...sticky, whiteSpace: 'nowrap' }}>
                    {word}
                  </Table.Th>
                  {words.map((other, j) => {
                    const value = matrix[i]?.[j] ?? 0;
                    return (
                      <Table.Td
                        key={`${i}-${j}`}
                        data-distance={value}
                        style={{ background: i === j ? 'transparent' : distanceColour(value), color: '#1a1b1e', textAlign: 'center', minWidth: 26 }}
                      >
                        {i === j ? <Text span c="dimmed" fz="xs" aria-label="—">·</Text> : Math.round(value)}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {moreRight && (
          <Box
            aria-hidden
            data-scroll-fade
            style={{ position: 'absolute', insetBlock: 0, insetInlineEnd: 0, width: 28, pointerEvents: 'none', background: 'linear-gradient(to right, transparent, rgba(0, 0, 0, 0.18))' }}
          />
        )}
      </Box>
    </Box>
  );
}
