import { Badge, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiField, ApiOperation } from './openapi-model';

/**
 * The landing lists ~50 cards with two tables each; laying them all out at load blocked the main
 * thread for seconds on a phone (ADR 012). The browser skips layout and paint of a card while it
 * is off screen, reserving its last (or an estimated) height so the scroll bar does not jump.
 */
const OFF_SCREEN_SKIPPED = { contentVisibility: 'auto', containIntrinsicSize: 'auto 360px' } as const;

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'grape', DELETE: 'red' };

function FieldTable({ caption, fields }: { caption: string; fields: readonly ApiField[] }) {
  const { t } = useTranslation('api');
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {caption}
      </Title>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('pages.noFields')}
        </Text>
      ) : (
        // Focusable, so a keyboard user can scroll a table wider than a phone (axe: scrollable-region-focusable).
        <Table.ScrollContainer minWidth={360} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': caption } }}>
          <Table striped withTableBorder fz="sm" aria-label={caption}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pages.field')}</Table.Th>
                <Table.Th>{t('pages.type')}</Table.Th>
                <Table.Th>{t('pages.required')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={`${field.location}:${field.name}`}>
                  <Table.Td>
                    <Code>{field.name}</Code>
                    {field.location === 'path' && (
                      <Text span size="xs" c="dimmed" ml={6}>
                        {t('pages.idParameter')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Code>{field.type}</Code>
                  </Table.Td>
                  <Table.Td>{field.required ? t('pages.yes') : t('pages.no')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** One call of the API: method and path as the heading, then its summary, access, input and output. */
export function OperationCard({ operation }: { operation: ApiOperation }) {
  const { t } = useTranslation('api');
  return (
    <Paper withBorder p="md" radius="md" component="article" style={OFF_SCREEN_SKIPPED} aria-label={`${operation.method} ${operation.path}`}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Badge color={METHOD_COLORS[operation.method] ?? 'gray'} radius="sm" variant="filled">
            {operation.method}
          </Badge>
          <Title order={3} size="h5" style={{ fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' }}>
            {operation.path}
          </Title>
          <Badge variant="outline" color="gray" radius="sm">
            {operation.id}
          </Badge>
        </Group>
        {operation.summary && <Text size="sm">{operation.summary}</Text>}
        <Text size="sm" c="dimmed">
          {t('pages.access', { access: operation.access })}
        </Text>
        <FieldTable caption={t('pages.input')} fields={operation.input} />
        <FieldTable caption={t('pages.output')} fields={operation.output} />
      </Stack>
    </Paper>
  );
}
