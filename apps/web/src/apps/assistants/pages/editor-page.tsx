import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { assistants } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { StatusMessage } from '../../../shell/status/status-message';
import { DateTime } from '../../../ui/date-time';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { FilesPanel } from './files-panel';
import { StoresSection } from './stores/stores-section';
import { usePagesTranslation } from './i18n/use-pages-translation';
import { AssistantUnavailable, PageLoader } from './assistant-unavailable';
import { ConfirmButton } from './confirm-button';
import { useAssistant } from './use-assistant';
import { SettingsForm, settingsFrom } from './settings-form';
import type { SettingsValues } from './settings-form';

function fields(values: SettingsValues) {
  return {
    name: values.name.trim(),
    description: values.description,
    instructions: values.instructions,
    avatarUrl: values.avatarUrl,
    ...(values.kind === 'teaching' ? { course: values.course.trim() || null } : {}),
    modelSettings: { topK: values.topK },
  };
}

/** `/assistant/new` (`?kind=teaching` for a teaching assistant): the settings, then its files on the admin page. */
export function NewAssistantPage() {
  const { t } = usePagesTranslation();
  useDocumentTitle(t('editor.newTitle'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const kind = params.get('kind') === 'teaching' ? 'teaching' : 'custom';
  const initial: SettingsValues = { kind, name: '', description: '', instructions: '', course: '', avatarUrl: null, topK: 5 };
  async function create(values: SettingsValues) {
    setBusy(true);
    // Left empty, the server gives a teaching assistant its tutoring instructions.
    const { instructions, ...rest } = fields(values);
    const result = await runAction(assistants.createAssistant, { kind: values.kind, ...rest, ...(instructions.trim() ? { instructions } : {}) }, { fresh: true });
    setBusy(false);
    if (result.ok) void navigate(`/assistant/${result.data._id}/ad`);
  }
  return (
    <Section>
      <PageIntro title={t('editor.newTitle')} lead={t('editor.instructionsHelp')} />
      <Card withBorder padding="lg" mb="xl">
        <StatusMessage operation={assistants.createAssistant.name} />
        <SettingsForm key={kind} initial={initial} isNew busy={busy} onSubmit={(values) => void create(values)} />
      </Card>
    </Section>
  );
}

/** `/assistant/{_assistantId}/ad`: the assistant's administration: settings, files and their state, publish, usage, delete, files and stores. */
export function AssistantAdminPage() {
  const { t } = usePagesTranslation();
  const { _assistantId: id = '' } = useParams();
  const navigate = useNavigate();
  const [load, setAssistant] = useAssistant(id);
  const assistant = load.state === 'ready' ? load.assistant : undefined;
  const [usage, setUsage] = useState<{ threads: number; chunks: number; modifiedAt: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The Files panel and the "Files and stores" section show the same files: each tells the other.
  const [filesVersion, setFilesVersion] = useState(0);
  const [filesPanelKey, setFilesPanelKey] = useState(0);
  useDocumentTitle(assistant ? t('editor.adminTitle', { name: assistant.name }) : t('editor.settings'));

  const loadUsage = useCallback(async () => {
    if (!assistant) return;
    const [threads, store] = await Promise.all([
      runAction(assistants.listThreads, { _assistantId: assistant._id }, { fresh: true, handled: true }),
      runAction(assistants.getVectorStore, {}, { id: assistant.vectorStoreId, fresh: true, handled: true }),
    ]);
    if (threads.ok && store.ok) setUsage({ threads: threads.data.threads.length, chunks: store.data.chunks, modifiedAt: store.data.modifiedAt });
  }, [assistant]);
  useEffect(() => {
    void loadUsage();
  }, [loadUsage]);

  if (load.state === 'loading') return <PageLoader />;
  if (load.state === 'failed') return <AssistantUnavailable status={load.status} />;
  // A published assistant is readable by everyone, but this page is its owner's: say so, not "not found".
  if (!load.assistant.abilities.manage) return <AssistantUnavailable manage />;
  const current = load.assistant;

  async function save(values: SettingsValues) {
    setBusy(true);
    const result = await runAction(assistants.patchAssistant, { update: fields(values) }, { id, fresh: true, successMessage: t('editor.saved') });
    setBusy(false);
    if (result.ok) setAssistant(result.data);
  }
  async function togglePublish() {
    const descriptor = current._published ? assistants.retractAssistant : assistants.publishAssistant;
    const result = await runAction(descriptor, {}, { id, fresh: true });
    if (result.ok) setAssistant(result.data);
  }
  async function remove() {
    const result = await runAction(assistants.deleteAssistant, {}, { id, fresh: true });
    if (result.ok) void navigate(current.kind === 'teaching' ? '/teaching' : '/custom');
  }

  return (
    <Section>
      <PageIntro title={t('editor.adminTitle', { name: current.name })} lead={current._published ? t('editor.publishedNote') : t('editor.draftNote')}>
        <Group gap="sm">
          <Button component={Link} to={`/assistant/${current._id}/thread`}>
            {t('editor.openChat')}
          </Button>
          <Button variant="default" onClick={() => void togglePublish()}>
            {current._published ? t('editor.retract') : t('editor.publish')}
          </Button>
        </Group>
      </PageIntro>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" pb="xl">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('editor.settings')}
            </Title>
            <StatusMessage operation={assistants.patchAssistant.name} />
            <SettingsForm initial={settingsFrom(current)} isNew={false} busy={busy} onSubmit={(values) => void save(values)} />
          </Stack>
        </Card>
        <Stack gap="lg">
          <FilesPanel
            key={filesPanelKey}
            assistant={current}
            onChanged={() => {
              void loadUsage();
              setFilesVersion((v) => v + 1);
            }}
          />
          <Card withBorder padding="lg">
            <Stack gap="xs">
              <Title order={2} size="h3">
                {t('editor.usage')}
              </Title>
              {usage && (
                <>
                  <Text>{t('editor.threads', { count: usage.threads })}</Text>
                  <Text>{t('editor.chunks', { count: usage.chunks })}</Text>
                  <Text size="sm" c="dimmed">
                    {t('editor.modified', { when: '' })}
                    <DateTime value={usage.modifiedAt} />
                  </Text>
                </>
              )}
            </Stack>
          </Card>
          <Card withBorder padding="lg">
            <ConfirmButton question={t('editor.deleteConfirm')} onConfirm={remove}>
              {t('editor.delete')}
            </ConfirmButton>
          </Card>
        </Stack>
      </SimpleGrid>
      <Stack pb="xl">
        <StoresSection
          assistant={current}
          filesVersion={filesVersion}
          onFilesChanged={() => {
            setFilesPanelKey((k) => k + 1);
            void loadUsage();
          }}
        />
      </Stack>
    </Section>
  );
}
