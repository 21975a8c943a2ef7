import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { isApiError } from '../../../shell/api/errors';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useStudiesNamespace } from './i18n/studies-namespace';
import { StudyLinksSection } from './study-links-section';
import { StudyStatusButtons } from './study-status-buttons';
import { StudySettingsForm } from './study-settings-form';
import { StudyVersions } from './study-versions';
import { StudyTeam } from './study-team';

/** `/Studies/:id` (requires login): one study's links, status, settings, versions and team, as the caller's level allows. */
export function StudyAdminPage() {
  useStudiesNamespace();
  const { t } = useTranslation('delphiStudies');
  const { id = '' } = useParams();
  const [study, setStudy] = useState<delphi.Study | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(study?.name ?? t('list.title'));

  useEffect(() => {
    setStudy(null);
    api.call(delphi.getStudy, {}, { id, fresh: true }).then(
      (answer) => setStudy(answer.study),
      (caught: unknown) => setError(isApiError(caught) && caught.status === 404 ? t('study.notFound') : t('study.loadFailed', { message: caught instanceof Error ? caught.message : String(caught) })),
    );
  }, [id, t]);

  return (
    <Section pb="xl">
      <Stack gap="xl" py="xl">
        <Anchor component={Link} to="/Studies" w="fit-content">
          ← {t('study.back')}
        </Anchor>
        {error ? (
          <Alert color="red" role="alert" maw={760}>
            {error}
          </Alert>
        ) : study === null ? (
          <Loader aria-label={t('list.title')} />
        ) : (
          <>
            <Stack gap="xs">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {study.name}
              </Title>
              <Group gap="xs">
                <Badge variant="outline">{t('study.version', { version: study.version })}</Badge>
                <Text size="sm">{t('study.yourLevel', { level: t(`level.${study.access}`) })}</Text>
              </Group>
            </Stack>
            <StudyLinksSection study={study} />
            <Divider />
            <StudyStatusButtons study={study} onChanged={setStudy} />
            <Divider />
            <StudySettingsForm key={study.id} study={study} onSaved={setStudy} />
            <Divider />
            <StudyVersions study={study} />
            <Divider />
            <StudyTeam study={study} />
          </>
        )}
      </Stack>
    </Section>
  );
}
