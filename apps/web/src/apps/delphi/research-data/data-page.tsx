import { useState } from 'react';
import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PERMISSION_LEVELS } from '@chi/contract';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { usePermissionLevel } from '../../../shell/session/session-store';
import { ParticipantsTable } from './participants-table';
import { ExportFiles } from './export-files';
import { ExclusionDialog } from './exclusion-dialog';
import type { ExclusionTarget } from './exclusion-dialog';
import { ExclusionLog } from './exclusion-log';
import { Recordings } from './recordings/recordings';
import { WordLinksPlays } from './word-links-plays';
import { TimingColumnHelp } from './timing-column-help';
import { StudyFunnel } from './study-funnel';
import { useDataNamespace } from './i18n/data-namespace';
import { TaskPlots } from './plots/task-plots';

/** `/Data` (requires login): exports, participants with quality flags and exclusions, for app administrators and devOps only. */
export function DataPage() {
  useDataNamespace();
  const { t } = useTranslation('delphiData');
  useDocumentTitle(t('data.title'));
  const allowed = usePermissionLevel() >= PERMISSION_LEVELS.manageApp;
  // Bumped after an exclusion or undo: the table and the log load again.
  const [version, setVersion] = useState(0);
  const [exclusion, setExclusion] = useState<ExclusionTarget | null>(null);
  return (
    <Section pb="xl">
      <PageIntro title={t('data.title')} lead={t('data.lead')} />
      {allowed ? (
        <Stack gap="xl">
          <ExportFiles />
          <StudyFunnel />
          <ParticipantsTable version={version} onExclusion={setExclusion} />
          <ExclusionLog version={version} />
          <ExclusionDialog target={exclusion} onClose={() => setExclusion(null)} onDone={() => setVersion((v) => v + 1)} />
          <Recordings />
          <WordLinksPlays />
          <TaskPlots version={version} />
          <TimingColumnHelp />
          <Anchor component={Link} to="/Data/MimeMixStimuli" w="fit-content">
            {t('data.mimeMixStimuli')}
          </Anchor>
        </Stack>
      ) : (
        <Alert color="red" role="alert" maw={760}>
          {t('data.notAllowed')}
        </Alert>
      )}
    </Section>
  );
}
