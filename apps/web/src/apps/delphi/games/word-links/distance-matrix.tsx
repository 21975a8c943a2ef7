/**
 * A round's pairwise distances as a colour-scaled matrix (issue 12): a real table (row and
 * column headers) so a screen reader reads "word, word: distance"; on a phone it scrolls
 * sideways inside a focusable region rather than being clipped, with the words kept in view.
 */
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { distanceColour } from './word-links-config';

export function DistanceMatrix({ words, matrix, captionId }: { words: readonly string[]; matrix: readonly (readonly number[])[]; captionId: string }) {
  const { t } = useTranslation('delphiWordLinks');
  const sticky = { position: 'sticky', insetInlineStart: 0, background: 'var(--mantine-color-body)', zIndex: 1 } as const;
  return (
    <div role="region" aria-label={t('matrixRegion')} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={4} fz="xs" aria-describedby={captionId} style={{ width: 'auto' }}>
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
  );
}
