import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shell/i18n/use-error-text';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { DateTime } from '../../../ui/date-time';
import { CardFields, RowCard, RowCards, useTableFits } from '../../../ui/row-cards';
import { runAction } from '../../../shell/api/run-action';
import { useDataScope } from './data-scope';

/** How often the list is asked again while an export is queued or running. */
const POLL_MS = 1000;

const isBusy = (file: delphi.ExportFile) => file.status === 'queued' || file.status === 'running';

/**
 * Generate exports (built by the server in the background) and download them when done: CSV,
 * JSON, or the Psych-DS bundle (a zip with one CSV per task, metadata, codebook and checksums).
 */
export function ExportFiles() {
  const { t } = useTranslation('delphiData');
  const errorText = useErrorText();
  const [files, setFiles] = useState<delphi.ExportFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const scope = useDataScope();
  const wide = useTableFits();

  const refresh = useCallback(async () => {
    try {
      const answer = await api.call(delphi.listFiles, { study: scope.study }, { fresh: true });
      setFiles(answer.files);
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, [scope.study]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const busy = files?.some(isBusy) ?? false;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, refresh]);

  const generate = async (format: delphi.ExportFormat) => {
    setGenerating(true);
    const result = await runAction(delphi.generateFile, { format, ...scope });
    setGenerating(false);
    if (result.ok) setFiles((list) => [result.data.file, ...(list ?? []).filter((f) => f._id !== result.data.file._id)]);
  };

  // A file's cells, the same in the table and in a phone's cards.
  const status = (file: delphi.ExportFile) => (
    <Badge color={file.status === 'done' ? 'green' : file.status === 'failed' ? 'red' : 'blue'} variant="light">
      {t(`data.fileStatus.${file.status}`)}
    </Badge>
  );
  const why = (file: delphi.ExportFile) =>
    file.error && (
      <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
        {file.error}
      </Text>
    );
  const progress = (file: delphi.ExportFile) => <Progress value={file.progress} aria-label={t('data.fileProgress', { id: file._id })} animated={isBusy(file)} />;
  const download = (file: delphi.ExportFile) =>
    file.status === 'done' && file.downloadUrl ? (
      <Anchor href={file.downloadUrl} download>
        {t('data.download')} {t(`data.formatName.${file.format}`)}
      </Anchor>
    ) : (
      '—'
    );

  return (
    <Stack component="section" aria-labelledby="exports-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="exports-heading">
          {t('data.exportsHeading')}
        </Title>
        <Group>
          <Button onClick={() => void generate('csv')} loading={generating}>
            {t('data.generateCsv')}
          </Button>
          <Button variant="light" onClick={() => void generate('json')} loading={generating}>
            {t('data.generateJson')}
          </Button>
          <Button variant="light" onClick={() => void generate('psychds')} loading={generating}>
            {t('data.generatePsychDs')}
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {t('data.loadError', { message: errorText(error) })}
        </Alert>
      )}
      {files && files.length === 0 && <Text c="dimmed">{t('data.noFiles')}</Text>}
      {files && files.length > 0 && !wide && (
        // A phone: one card per file, its download link in sight (a table hid it to the right).
        <RowCards label={t('data.exportsHeading')}>
          {files.map((file) => (
            <RowCard key={file._id} title={<Text fw={500}>{t(`data.formatName.${file.format}`)}</Text>} aside={status(file)}>
              <CardFields
                columns={1}
                fields={[
                  [t('data.createdAt'), <DateTime key="created" value={file.createdAt} />],
                  [t('data.rows'), file.rows],
                ]}
              />
              <Stack gap="xs" mt="xs">
                {why(file)}
                {isBusy(file) ? progress(file) : null}
                {file.status === 'done' ? <div>{download(file)}</div> : null}
              </Stack>
            </RowCard>
          ))}
        </RowCards>
      )}
      {files && files.length > 0 && wide && (
        <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-labelledby="exports-heading">
        <Table aria-labelledby="exports-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('data.createdAt')}</Table.Th>
              <Table.Th>{t('data.format')}</Table.Th>
              <Table.Th>{t('data.status')}</Table.Th>
              <Table.Th>{t('data.progress')}</Table.Th>
              <Table.Th>{t('data.rows')}</Table.Th>
              <Table.Th>{t('data.download')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => (
              <Table.Tr key={file._id}>
                <Table.Td><DateTime value={file.createdAt} /></Table.Td>
                <Table.Td>{t(`data.formatName.${file.format}`)}</Table.Td>
                <Table.Td>
                  {status(file)}
                  {why(file)}
                </Table.Td>
                <Table.Td miw={160}>{progress(file)}</Table.Td>
                <Table.Td>{file.rows}</Table.Td>
                <Table.Td>{download(file)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
