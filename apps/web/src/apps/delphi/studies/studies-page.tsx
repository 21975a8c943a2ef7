import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { DateTime } from '../../../ui/date-time';
import { CardFields, RowCard, RowCards, useTableFits } from '../../../ui/row-cards';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useStudiesNamespace } from './i18n/studies-namespace';
import { StudyStatusBadge } from './status-badge';
import { NewStudyForm } from './new-study-form';
import { YourAccountId } from './your-account-id';
import { useStudyErrorText } from './study-error-text';

/** `/Studies` (requires login): the studies the researcher is in, with their participants, and New study. */
export function StudiesPage() {
  useStudiesNamespace();
  const { t } = useTranslation('delphiStudies');
  const errorText = useStudyErrorText();
  useDocumentTitle(t('list.title'));
  const [studies, setStudies] = useState<delphi.StudySummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // A phone gets one card per study: seven columns do not fit 320–767 px.
  const wide = useTableFits();

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
          {t('list.loadFailed', { message: errorText(error) })}
        </Alert>
      ) : studies === null ? (
        <Loader aria-label={t('list.title')} />
      ) : studies.length === 0 ? (
        <Text maw={760}>{t('list.empty')}</Text>
      ) : !wide ? (
        <RowCards label={t('list.caption')}>
          {studies.map((study) => (
            <RowCard
              key={study.id}
              title={
                <>
                  <Anchor component={Link} to={`/Studies/${study.id}`} fw={500}>
                    {study.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    /s/{study.slug}
                  </Text>
                </>
              }
              aside={<StudyStatusBadge status={study.status} />}
            >
              <CardFields
                fields={[
                  [t('list.started'), study.started],
                  [t('list.completed'), study.completed],
                  [t('list.excluded'), study.excluded],
                  [t('list.target'), study.targetSample ?? t('list.noTarget')],
                ]}
              />
              <Text size="sm" mt={4}>
                {t('list.lastActivity')}: {study.lastActivity ? <DateTime value={study.lastActivity} /> : t('list.never')}
              </Text>
            </RowCard>
          ))}
        </RowCards>
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
      {studies !== null ? (
        <Stack mt="xl">
          <YourAccountId />
        </Stack>
      ) : null}
    </Section>
  );
}
