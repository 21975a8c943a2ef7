/**
 * /quantumHRAssistant (issue 16 part 2): find jobs by skills (tags with suggestions from the
 * postings, a pasted CV, or, for managers, a CV imported by batch import), ranked postings with the matching skills highlighted and the
 * passages that justify each match, and the way into the chat with the HR assistant (the
 * assistants' own thread page). On a fresh install the sample postings are being indexed
 * when the page first opens; it shows that progress until they are ready.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, Card, Group, Loader, Progress, Select, Stack, Tabs, TagsInput, Text, Textarea, Title } from '@mantine/core';
import { PERMISSION_LEVELS, quantumHr } from '@chi/contract';
import type { OutputOf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { usePermissionLevel } from '../../../shell/session/session-store';
import { useTab } from '../../../shell/routing/use-tab';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { JobCard } from './job-card';
import { useHrTranslation } from './i18n/use-hr-translation';
import { skillFilter } from './skill-filter';

type HrState = OutputOf<typeof quantumHr.getQuantumHr>;
type Found = OutputOf<typeof quantumHr.findJobsBySkills>;
const TABS = ['skills', 'cv', 'imported'] as const;

/** The imported CVs (managers only: CVs are personal data), loaded when that tab is first opened. */
function useImportedCvs(enabled: boolean): quantumHr.HrCv[] | undefined {
  const [cvs, setCvs] = useState<quantumHr.HrCv[] | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    void runAction(quantumHr.listHrCvs, {}, { fresh: true }).then((result) => setCvs(result.ok ? result.data.cvs : []));
  }, [enabled]);
  return cvs;
}

function preparing(state: HrState): boolean {
  return state.importing > 0 || state.indexed < state.postings;
}

/** The HR state, looked at again every second while sample postings are still being imported or indexed. */
function useHrState(): HrState | undefined {
  const [state, setState] = useState<HrState | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const result = await runAction(quantumHr.getQuantumHr, {}, { fresh: true });
      if (!live || !result.ok) return;
      setState(result.data);
      if (preparing(result.data)) timer = setTimeout(() => void load(), 1000);
    };
    void load();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, []);
  return state;
}

export function QuantumHrPage() {
  const { t } = useHrTranslation();
  useDocumentTitle(t('hr.title'));
  const state = useHrState();
  const admin = usePermissionLevel() >= PERMISSION_LEVELS.manageApp;
  const [tab, setTab] = useTab<(typeof TABS)[number]>('skills', TABS);
  const [skills, setSkills] = useState<string[]>([]);
  const [cv, setCv] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Found | undefined>(undefined);
  const cvs = useImportedCvs(admin && tab === 'imported');
  const [cvFileId, setCvFileId] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = tab === 'skills' ? { skills } : tab === 'cv' ? { cv } : { cvFileId: cvFileId ?? '' };
    if (tab === 'skills' && skills.length === 0) return setError(t('hr.needSkills'));
    if (tab === 'cv' && cv.trim() === '') return setError(t('hr.needCv'));
    if (tab === 'imported' && cvFileId === null) return setError(t('hr.needImportedCv'));
    setError(null);
    setBusy(true);
    const result = await runAction(quantumHr.findJobsBySkills, input, { fresh: true });
    setBusy(false);
    if (result.ok) setFound(result.data);
  }

  return (
    <Section>
      <PageIntro title={t('hr.title')} lead={t('hr.lead')}>
        <Group gap="sm">
          {state && (
            <Button component={Link} to={`/assistant/${state.assistantId}/thread`}>
              {t('hr.chat')}
            </Button>
          )}
          {admin && (
            <Button component={Link} to="/batchImport/postings" variant="default">
              {t('hr.import')}
            </Button>
          )}
        </Group>
      </PageIntro>
      <Stack gap="lg" pb="xl">
        {state === undefined && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('hr.loading')}</Text>
          </Group>
        )}
        {state && preparing(state) && (
          <Stack gap={4}>
            <Text size="sm">{t('hr.preparing', { indexed: state.indexed, postings: state.postings + state.importing })}</Text>
            <Progress value={(state.indexed / Math.max(1, state.postings + state.importing)) * 100} aria-label={t('hr.preparing', { indexed: state.indexed, postings: state.postings + state.importing })} />
          </Stack>
        )}
        {state && !preparing(state) && (
          <Text size="sm" c="dimmed">
            {t('hr.postings', { count: state.postings })}
          </Text>
        )}
        <Card withBorder padding="lg">
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="md">
              <Title order={2} size="h3">
                {t('hr.findTitle')}
              </Title>
              <Tabs value={tab} onChange={(value) => value && setTab(value as (typeof TABS)[number])}>
                <Tabs.List>
                  <Tabs.Tab value="skills">{t('hr.tabSkills')}</Tabs.Tab>
                  <Tabs.Tab value="cv">{t('hr.tabCv')}</Tabs.Tab>
                  {admin && <Tabs.Tab value="imported">{t('hr.tabImported')}</Tabs.Tab>}
                </Tabs.List>
                <Tabs.Panel value="skills" pt="md">
                  <TagsInput
                    label={t('hr.skills')}
                    description={t('hr.skillsHint')}
                    placeholder={t('hr.skillsPlaceholder')}
                    data={state?.skills.map((s) => s.name) ?? []}
                    value={skills}
                    onChange={setSkills}
                    maxTags={quantumHr.SKILLS_MAX}
                    limit={8}
                    maxDropdownHeight={240}
                    filter={skillFilter}
                    selectFirstOptionOnChange
                    // Opens upwards where there is room, so the list does not cover "Find jobs" below (issue 25 item 23).
                    comboboxProps={{ position: 'top' }}
                    clearable
                    error={tab === 'skills' ? error : null}
                  />
                </Tabs.Panel>
                <Tabs.Panel value="cv" pt="md">
                  <Textarea
                    label={t('hr.cv')}
                    description={t('hr.cvHint')}
                    placeholder={t('hr.cvPlaceholder')}
                    value={cv}
                    onChange={(event) => setCv(event.currentTarget.value)}
                    autosize
                    minRows={6}
                    maxRows={16}
                    maxLength={quantumHr.CV_MAX}
                    error={tab === 'cv' ? error : null}
                  />
                </Tabs.Panel>
                {admin && (
                  <Tabs.Panel value="imported" pt="md">
                    {cvs === undefined ? (
                      <Group gap="xs">
                        <Loader size="sm" />
                        <Text size="sm">{t('hr.cvsLoading')}</Text>
                      </Group>
                    ) : cvs.length === 0 ? (
                      <Stack gap="xs" align="flex-start">
                        <Text role="note">{t('hr.noCvs')}</Text>
                        <Button component={Link} to="/batchImport/cv?into=hrCvs" variant="default" size="compact-sm">
                          {t('hr.importCvs')}
                        </Button>
                      </Stack>
                    ) : (
                      <Select
                        label={t('hr.importedCv')}
                        description={t('hr.importedCvHint')}
                        placeholder={t('hr.importedCvPlaceholder')}
                        data={cvs.map((c) => ({ value: c.fileId, label: c.name }))}
                        value={cvFileId}
                        onChange={setCvFileId}
                        searchable
                        nothingFoundMessage={t('hr.noCvMatch')}
                        error={tab === 'imported' ? error : null}
                      />
                    )}
                  </Tabs.Panel>
                )}
              </Tabs>
              <Group>
                <Button type="submit" loading={busy}>
                  {t('hr.find')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
        {found && (
          <Stack gap="sm" aria-live="polite">
            <Title order={2} size="h3">
              {t('hr.resultsTitle')}
            </Title>
            {found.skills.length > 0 && <Text size="sm">{t('hr.usedSkills', { skills: found.skills.join(', ') })}</Text>}
            {found.jobs.length === 0 ? (
              <Text>{t('hr.noResults')}</Text>
            ) : (
              <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('hr.resultsTitle')}>
                {found.jobs.map((job) => (
                  <JobCard key={job.fileId} job={job} />
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
