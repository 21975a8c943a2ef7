import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { DateTime } from '../../../ui/date-time';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useStudiesNamespace } from './i18n/studies-namespace';
import { StudyStatusBadge } from './status-badge';
import { NewStudyForm } from './new-study-form';

/** `/Studies` (requires login): the studies the researcher is in, with their participants, and New study. */
export function StudiesPage() {
  useStudiesNamespace();
  const { t } = useTranslation('delphiStudies');
  useDocumentTitle(t('list.title'));
  const [studies, setStudies] = useState<delphi.StudySummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // A phone gets one card per study: seven columns do not fit 320–600 px.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  useEffect(() => {
    api.call(delphi.listStudies, {}, { fresh: true }).then(
      (answer) => setStudies(answer.studies),
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );
  }, []);

  return (
    <Section pb="xl">
      <PageIntro title={t('list.title')} lead={t('list.lead')}>
        <Group>
          <Button onClick={() => setCreating(true)}>{t('list.newStudy')}</Button>
        </Group>
      </PageIntro>
      <NewStudyForm opened={creating} onClose={() => setCreating(false)} />
      {error ? (
        <Alert color="red" role="alert" maw={760}>
          {t('list.loadFailed', { message: error })}
        </Alert>
      ) : studies === null ? (
        <Loader aria-label={t('list.title')} />
      ) : studies.length === 0 ? (
        <Text maw={760}>{t('list.empty')}</Text>
      ) : !wide ? (
        <Stack component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list.caption')}>
          {studies.map((study) => (
            <Paper component="li" key={study.id} withBorder p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/Studies/${study.id}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {study.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    /s/{study.slug}
                  </Text>
                </div>
                <StudyStatusBadge status={study.status} />
              </Group>
              <SimpleGrid component="dl" cols={2} spacing={4} verticalSpacing={2} mt="xs" m={0}>
                {(
                  [
                    ['started', study.started],
                    ['completed', study.completed],
                    ['excluded', study.excluded],
                    ['target', study.targetSample ?? t('list.noTarget')],
                  ] as const
                ).map(([key, value]) => (
                  <Group key={key} gap={4} wrap="nowrap">
                    <Text component="dt" size="sm" c="dimmed">
                      {t(`list.${key}`)}:
                    </Text>
                    <Text component="dd" size="sm" m={0}>
                      {value}
                    </Text>
                  </Group>
                ))}
              </SimpleGrid>
              <Text size="sm" mt={4}>
                {t('list.lastActivity')}: {study.lastActivity ? <DateTime value={study.lastActivity} /> : t('list.never')}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Stack>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover>
              <Table.Caption>{t('list.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.name')}</Table.Th>
                  <Table.Th>{t('list.status')}</Table.Th>
                  <Table.Th ta="right">{t('list.started')}</Table.Th>
                  <Table.Th ta="right">{t('list.completed')}</Table.Th>
                  <Table.Th ta="right">{t('list.excluded')}</Table.Th>
                  <Table.Th ta="right">{t('list.target')}</Table.Th>
                  <Table.Th>{t('list.lastActivity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {studies.map((study) => (
                  <Table.Tr key={study.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/Studies/${study.id}`} fw={500}>
                        {study.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        /s/{study.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StudyStatusBadge status={study.status} />
                    </Table.Td>
                    <Table.Td ta="right">{study.started}</Table.Td>
                    <Table.Td ta="right">{study.completed}</Table.Td>
                    <Table.Td ta="right">{study.excluded}</Table.Td>
                    <Table.Td ta="right">{study.targetSample ?? t('list.noTarget')}</Table.Td>
                    <Table.Td>{study.lastActivity ? <DateTime value={study.lastActivity} /> : t('list.never')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Section>
  );
}
