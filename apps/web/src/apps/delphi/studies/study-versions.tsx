import { useEffect, useState } from 'react';
import { Alert, Table, Text, Title, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { DateTime } from '../../../ui/date-time';
import { CardFields, RowCard, RowCards, useTableFits } from '../../../ui/row-cards';
import { useGameName } from './game-name';
import { useStudyErrorText } from './study-error-text';

const ORDER_KEY = { fixed: 'orderFixed', random: 'orderRandom', 'latin-square': 'orderLatin' } as const;

/** The study's versions, newest first: when each was made, its games in order, its order design, who started on it. */
export function StudyVersions({ study }: { study: delphi.Study }) {
  const { t } = useTranslation('delphiStudies');
  const errorText = useStudyErrorText();
  const gameName = useGameName();
  const [versions, setVersions] = useState<delphi.StudyVersionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A phone gets one card per version: the games in order are too long for a row of five columns.
  const wide = useTableFits();
  useEffect(() => {
    api.call(delphi.listStudyVersions, {}, { id: study.id, fresh: true }).then(
      (answer) => setVersions(answer.versions),
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );
    // A save may have made a new version or rewritten the current one.
  }, [study.id, study.version, study.updatedAt]);

  return (
    <Stack component="section" aria-labelledby="study-versions-heading">
      <Title order={2} id="study-versions-heading">
        {t('versions.heading')}
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {errorText(error)}
        </Alert>
      ) : null}
      {versions && !wide ? (
        <RowCards label={t('versions.caption')}>
          {versions.map((version) => (
            <RowCard key={version.version} title={<Text fw={500}>{t('versions.numbered', { version: version.version })}</Text>}>
              <CardFields
                columns={1}
                fields={[
                  [t('versions.created'), <DateTime key="created" value={version.createdAt} />],
                  [t('versions.games'), version.games.map((entry) => gameName(entry.game)).join(' → ')],
                  [t('versions.order'), t(`settings.${ORDER_KEY[version.order]}`)],
                  [t('versions.started'), version.started],
                ]}
              />
            </RowCard>
          ))}
        </RowCards>
      ) : versions ? (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Caption>{t('versions.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('versions.version')}</Table.Th>
                <Table.Th>{t('versions.created')}</Table.Th>
                <Table.Th>{t('versions.games')}</Table.Th>
                <Table.Th>{t('versions.order')}</Table.Th>
                <Table.Th ta="right">{t('versions.started')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((version) => (
                <Table.Tr key={version.version}>
                  <Table.Td>{version.version}</Table.Td>
                  <Table.Td>
                    <DateTime value={version.createdAt} />
                  </Table.Td>
                  <Table.Td>{version.games.map((entry) => gameName(entry.game)).join(' → ')}</Table.Td>
                  <Table.Td>{t(`settings.${ORDER_KEY[version.order]}`)}</Table.Td>
                  <Table.Td ta="right">{version.started}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
