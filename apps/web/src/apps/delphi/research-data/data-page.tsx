import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERMISSION_LEVELS } from '@chi/contract';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { usePermissionLevel } from '../../../shell/session/session-store';
import { ParticipantsTable } from './participants-table';
import { ExportFiles } from './export-files';
import { useDataNamespace } from '../i18n/data-namespace';

/** `/Data` (requires login): participants and exports, for app administrators and devOps only. */
export function DataPage() {
  useDataNamespace();
  const { t } = useTranslation('delphiData');
  useDocumentTitle(t('data.title'));
  const allowed = usePermissionLevel() >= PERMISSION_LEVELS.manageApp;
  return (
    <Section pb="xl">
      <PageIntro title={t('data.title')} lead={t('data.lead')} />
      {allowed ? (
        <Stack gap="xl">
          <ExportFiles />
          <ParticipantsTable />
        </Stack>
      ) : (
        <Alert color="red" role="alert" maw={760}>
          {t('data.notAllowed')}
        </Alert>
      )}
    </Section>
  );
}
