/**
 * A table's phone form: one card per row, its cells as "label: value" pairs, so a table of many
 * columns never scrolls sideways on a 320–767 px screen, where its caption and its right-hand
 * columns were out of sight until swiped (the studies list, a study's versions and team, the
 * exports list, /Data's participants, recordings and Word Links plays, the administrators' Users
 * and Session keys dialogs).
 */
import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** From this width such a table is a table; below it, cards. */
const TABLE_QUERY = '(min-width: 48em)';

/** Whether the screen is wide enough for the table; read at the first render, so a phone never shows the table first. */
export function useTableFits(): boolean {
  return useMediaQuery(TABLE_QUERY, true, { getInitialValueInEffect: false });
}

/** The cards, as a list named like the table it stands for (its caption). */
export function RowCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" p={0} m={0} gap="sm" style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

/** One row: a title line (what the row is) and its other cells. */
export function RowCard({ title, aside, children }: { title: ReactNode; aside?: ReactNode; children?: ReactNode }) {
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{title}</div>
        {aside ? <div style={{ flexShrink: 0 }}>{aside}</div> : null}
      </Group>
      {children}
    </Paper>
  );
}

/** Cells as a definition list, two pairs a line (short values) or one (long ones, which wrap after their label). */
export function CardFields({ fields, columns = 2 }: { fields: readonly (readonly [label: string, value: ReactNode])[]; columns?: 1 | 2 }) {
  return (
    <SimpleGrid component="dl" cols={columns} spacing={4} verticalSpacing={2} mt="xs" mb={0}>
      {fields.map(([label, value]) => (
        <Text key={label} component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text component="dt" span inherit c="dimmed" display="inline">
            {label}:
          </Text>{' '}
          <Text component="dd" span inherit display="inline" m={0}>
            {value}
          </Text>
        </Text>
      ))}
    </SimpleGrid>
  );
}
