import { useEffect, useState } from 'react';
import { Alert, Anchor, Group, Loader, Select, Stack, Switch } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PERMISSION_LEVELS, delphi } from '@chi/contract';
import { Section } from '../../../ui/section';
import { PageIntro } from '../../../ui/page-intro';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { usePermissionLevel } from '../../../shell/session/session-store';
import { api } from '../../../shell/api/api';
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
import { DataScopeContext, managesStudy, scopeFromQuery } from './data-scope';

/** The studies the caller may read (LIST_STUDIES: their teams', every study for manageApp); null while loading. */
function useReadableStudies(): delphi.StudySummary[] | null {
  const [studies, setStudies] = useState<delphi.StudySummary[] | null>(null);
  useEffect(() => {
    let active = true;
    api.call(delphi.listStudies, {}, { fresh: true }).then(
      (answer) => active && setStudies(answer.studies),
      () => active && setStudies([]),
    );
    return () => {
      active = false;
    };
  }, []);
  return studies;
}

/**
 * `/Data?study=<id>` (requires login): one study's exports, funnel, participants with quality
 * flags and exclusions, and plots (ADR 074), for its team (review level and above) and for app
 * administrators and devOps. Without `study`: the default study. The server checks every call.
 */
export function DataPage() {
  useDataNamespace();
  const { t } = useTranslation('delphiData');
  useDocumentTitle(t('data.title'));
  const admin = usePermissionLevel() >= PERMISSION_LEVELS.manageApp;
  const [query, setQuery] = useSearchParams();
  const scope = scopeFromQuery(query);
  const studies = useReadableStudies();
  const current = studies?.find((s) => s.id === scope.study || s.slug === scope.study);
  // Bumped after an exclusion or undo: the table and the log load again.
  const [version, setVersion] = useState(0);
  const [exclusion, setExclusion] = useState<ExclusionTarget | null>(null);

  const choose = (next: { study?: string; runs?: delphi.DataRuns }) => {
    const study = next.study ?? scope.study;
    const runs = next.runs ?? scope.runs;
    setQuery({ ...(study !== delphi.DEFAULT_STUDY_SLUG ? { study } : {}), ...(runs !== 'live' ? { runs } : {}) });
  };

  // An administrator sees every study (the list may still load); anyone else needs the study in their list.
  if (!admin && studies === null) return <Loader m="xl" aria-label={t('data.scope.loading')} />;
  const allowed = admin || current !== undefined;
  const studyOptions = (studies ?? []).map((s) => ({ value: s.id, label: s.slug === s.name ? s.name : `${s.name} (${s.slug})` }));
  return (
    <Section pb="xl">
      <PageIntro title={t('data.title')} lead={t('data.lead')} />
      {allowed ? (
        <DataScopeContext.Provider value={{ study: current?.id ?? scope.study, runs: scope.runs, canManage: admin || managesStudy(current?.access) }}>
          <Group align="flex-end" gap="lg" mb="lg" wrap="wrap">
            {studyOptions.length > 0 && (
              <Select
                label={t('data.scope.study')}
                data={studyOptions}
                value={current?.id ?? null}
                onChange={(value) => value && choose({ study: value })}
                allowDeselect={false}
                w={{ base: '100%', xs: 320 }}
              />
            )}
            <Switch
              label={t('data.scope.includeTestRuns')}
              description={t('data.scope.includeTestRunsHint')}
              checked={scope.runs === 'all'}
              onChange={(event) => choose({ runs: event.currentTarget.checked ? 'all' : 'live' })}
            />
          </Group>
          {/* A new study or runs start the sections afresh (first page, no stale rows). */}
          <Stack gap="xl" key={`${current?.id ?? scope.study}:${scope.runs}`}>
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
        </DataScopeContext.Provider>
      ) : (
        <Alert color="red" role="alert" maw={760}>
          {t('data.notAllowed')}
        </Alert>
      )}
    </Section>
  );
}
