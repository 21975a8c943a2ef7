import { Badge, Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import type { quantumHr } from '@chi/contract';
import { useHrTranslation } from './i18n/use-hr-translation';

const COLORS: Readonly<Record<quantumHr.ImportItemState, string>> = { pending: 'gray', importing: 'blue', imported: 'green', duplicate: 'yellow', failed: 'red' };

/** Per-file progress of a batch import: its state, and while importing the file's indexing progress. */
export function ImportItems({ items, indexing }: { items: readonly quantumHr.ImportItem[]; indexing: Readonly<Record<string, number>> }) {
  const { t } = useHrTranslation();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('import.files')}>
      {items.map((item) => {
        const done = item.state !== 'pending' && item.state !== 'importing';
        const value = done ? 100 : item.state === 'importing' ? (indexing[item.name] ?? 5) : 0;
        return (
          <li key={item.index} data-file={item.name}>
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item.name}
                </Text>
                <Badge color={COLORS[item.state]} variant="light">
                  {t(`import.states.${item.state}`)}
                </Badge>
              </Group>
              <Progress value={value} color={item.state === 'failed' ? 'red' : item.state === 'duplicate' ? 'yellow' : undefined} aria-label={t('import.fileProgress', { name: item.name })} />
              {item.error && (
                <Text size="xs" c={item.state === 'failed' ? 'red' : 'dimmed'}>
                  {t('import.reason', { reason: item.error })}
                </Text>
              )}
            </Stack>
          </li>
        );
      })}
    </Stack>
  );
}

/** The report at the end: imported, skipped as duplicates, failed with reasons. */
export function ImportReport({ report, status }: { report: quantumHr.ImportReport; status: quantumHr.ImportStatus }) {
  const { t } = useHrTranslation();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="import-report-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="import-report-title">
          {t('import.reportTitle')}
        </Title>
        {status === 'failed' && (
          <Text c="red" role="alert">
            {t('import.stopped')}
          </Text>
        )}
        <Text>{t('import.reportImported', { count: report.imported })}</Text>
        <Text>{t('import.reportDuplicates', { count: report.duplicates })}</Text>
        <Text>{t('import.reportFailed', { count: report.failed.length })}</Text>
        {report.failed.length > 0 && (
          <List size="sm">
            {report.failed.map((failure) => (
              <List.Item key={failure.name} style={{ overflowWrap: 'anywhere' }}>
                {failure.name}: {failure.reason}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
