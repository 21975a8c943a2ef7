import { useEffect, useState } from 'react';
import { Alert, Anchor, Group, Loader, Select, Stack, Switch, Text } from '@mantine/core';
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
import { MimeMixStimuliLink } from './mime-mix-stimuli-link';
import { DataScopeContext, managesStudy, namedStudy, pickStudy, scopeFromQuery } from './data-scope';

/** The studies the caller may read (LIST_STUDIES: their teams', every study for manageApp); null while loading. */
function useReadableStudies(): { studies: delphi.StudySummary[] | null; error: string | null } {
  const [state, setState] = useState<{ studies: delphi.StudySummary[] | null; error: string | null }>({ studies: null, error: null });
  useEffect(() => {
    let active = true;
    api.call(delphi.listStudies, {}, { fresh: true }).then(
      (answer) => active && setState({ studies: answer.studies, error: null }),
      (caught: unknown) => active && setState({ studies: [], error: caught instanceof Error ? caught.message : String(caught) }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}

/**
 * `/Data?study=<id>` (requires login): one study's exports, funnel, participants with quality
 * flags and exclusions, and plots (ADR 074), for its team (review level and above) and for app
 * administrators and devOps. Without `study`: the default study for those who may read it, else
 * the researcher's most recent study; the picker of their studies is always there, also beside
 * the no-access message for a study they are not on. The server checks every call.
 */
export function DataPage() {
  useDataNamespace();
  const { t } = useTranslation('delphiData');
  useDocumentTitle(t('data.title'));
  const admin = usePermissionLevel() >= PERMISSION_LEVELS.manageApp;
  const [query, setQuery] = useSearchParams();
  const scope = scopeFromQuery(query);
  const { studies, error } = useReadableStudies();
  const { study, current, denied } = pickStudy(namedStudy(query), studies, admin);
  // Bumped after an exclusion or undo: the table and the log load again.
  const [version, setVersion] = useState(0);
  const [exclusion, setExclusion] = useState<ExclusionTarget | null>(null);

  const choose = (next: { study?: string; runs?: delphi.DataRuns }) => {
    const chosen = next.study ?? study ?? scope.study;
    const runs = next.runs ?? scope.runs;
    setQuery({ ...(chosen !== delphi.DEFAULT_STUDY_SLUG ? { study: chosen } : {}), ...(runs !== 'live' ? { runs } : {}) });
  };

  // An administrator sees every study (the list may still load); anyone else needs the study in their list.
  if (!admin && studies === null) return <Loader m="xl" aria-label={t('data.scope.loading')} />;
  const studyOptions = (studies ?? []).map((s) => ({ value: s.id, label: s.slug === s.name ? s.name : `${s.name} (${s.slug})` }));
  return (
    <Section pb="xl">
      <PageIntro title={t('data.title')} lead={t('data.lead')} />
      <Stack gap="lg">
        {error !== null && (
          <Alert color="red" role="alert" maw={760}>
            {t('data.scope.loadFailed', { message: error })}
          </Alert>
        )}
        {denied && (
          <Alert color="red" role="alert" maw={760}>
            {t('data.notAllowed')}
            {studyOptions.length > 0 && ` ${t('data.scope.chooseAnother')}`}
          </Alert>
        )}
        {!admin && studyOptions.length === 0 && error === null && (
          <Stack gap="xs" maw={760}>
            <Text>{t('data.scope.noStudies')}</Text>
            <Anchor component={Link} to="/Studies" w="fit-content">
              {t('data.scope.toStudies')}
            </Anchor>
          </Stack>
        )}
        {(studyOptions.length > 0 || study !== null) && (
          <Group align="flex-end" gap="lg" wrap="wrap">
            {studyOptions.length > 0 && (
              <Select
                label={t('data.scope.study')}
                placeholder={t('data.scope.choose')}
                data={studyOptions}
                value={current?.id ?? null}
                onChange={(value) => value && choose({ study: value })}
                allowDeselect={false}
                w={{ base: '100%', xs: 320 }}
              />
            )}
            {study !== null && (
              <Switch
                label={t('data.scope.includeTestRuns')}
                description={t('data.scope.includeTestRunsHint')}
                checked={scope.runs === 'all'}
                onChange={(event) => choose({ runs: event.currentTarget.checked ? 'all' : 'live' })}
              />
            )}
          </Group>
        )}
      </Stack>
      {study !== null && (
        <DataScopeContext.Provider value={{ study, runs: scope.runs, canManage: admin || managesStudy(current?.access) }}>
          {/* A new study or runs start the sections afresh (first page, no stale rows). */}
          <Stack gap="xl" mt="lg" key={`${study}:${scope.runs}`}>
            <ExportFiles />
            <StudyFunnel />
            <ParticipantsTable version={version} onExclusion={setExclusion} />
            <ExclusionLog version={version} />
            <ExclusionDialog target={exclusion} onClose={() => setExclusion(null)} onDone={() => setVersion((v) => v + 1)} />
            <Recordings />
            <WordLinksPlays />
            <TaskPlots version={version} />
            <TimingColumnHelp />
            <MimeMixStimuliLink />
          </Stack>
        </DataScopeContext.Provider>
      )}
    </Section>
  );
}
