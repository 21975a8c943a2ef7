import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, FileButton, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { assistants } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { ApiError } from '../../../shell/api/errors';
import { pushActionError } from '../../../shell/action-errors/action-error-store';
import { ACCEPTED_FILES, isAcceptedFile, newPipeName, openPipe, replaceAssistantFile, uploadAssistantFiles } from './assistants-client';
import { usePagesTranslation } from './i18n/use-pages-translation';
import { ConfirmButton } from './confirm-button';

type Refusal = { readonly name: string; readonly reason: assistants.FileRefusal };

type FileState = assistants.FileState;
interface Live {
  state: FileState;
  progress: number;
  error: string | null;
}

/**
 * The assistant's files: add (with upload progress), each file's indexing progress from the pipe,
 * replace with a new version (upload progress, then indexing progress; answers that cited the old
 * version keep opening its text), remove.
 */
export function FilesPanel({ assistant, onChanged }: { assistant: assistants.Assistant; onChanged: () => void }) {
  const { t } = usePagesTranslation();
  const [files, setFiles] = useState<assistants.AssistantFile[]>([]);
  const [live, setLive] = useState<Record<string, Live>>({});
  const [upload, setUpload] = useState<{ count: number; percent: number } | null>(null);
  const [replacing, setReplacing] = useState<{ fileId: string; name: string; percent: number } | null>(null);
  // Files of the last choice that were not added, and why: left out here for their kind, or refused by the server for their content.
  const [refused, setRefused] = useState<readonly Refusal[]>([]);
  const pipe = useRef(newPipeName());
  // The parent's callback may change every render; the pipe must not reopen for that.
  const changed = useRef(onChanged);
  changed.current = onChanged;

  const reload = useCallback(async () => {
    const result = await runAction(assistants.getVectorStore, {}, { id: assistant.vectorStoreId, fresh: true });
    if (result.ok) setFiles(result.data.files);
  }, [assistant.vectorStoreId]);

  useEffect(() => {
    const close = openPipe(pipe.current, (event) => {
      if (event.type !== 'state') return;
      setLive((state) => ({ ...state, [event.fileId]: { state: event.state, progress: event.progress, error: event.error } }));
      if (event.state === 'ready' || event.state === 'failed') {
        void reload();
        changed.current();
      }
    });
    // The store sends every file's state now and each change from here on.
    void runAction(assistants.streamState, { pipeName: pipe.current }, { id: assistant.vectorStoreId, fresh: true }).then((result) => {
      if (result.ok) setFiles(result.data.files);
    });
    return close;
  }, [assistant.vectorStoreId, reload]);

  /** A refusal of the server for a file's content is said with the others; any other failure is the shell's box. */
  function failed(action: string, error: unknown) {
    const message = error instanceof ApiError ? error.message : String(error);
    const refusal = assistants.readFileRefusal(message);
    if (refusal) setRefused((current) => [...current, refusal]);
    else pushActionError(action, message);
  }

  async function add(all: File[]) {
    // A file of a kind the server does not take is left out here; one it refuses for its content
    // (empty, a "PDF" that is not one) comes back refused; the rest are added either way.
    const chosen = all.filter((file) => isAcceptedFile(file.name));
    setRefused(all.filter((file) => !isAcceptedFile(file.name)).map((file) => ({ name: file.name, reason: 'kind' })));
    if (chosen.length === 0) return;
    setUpload({ count: chosen.length, percent: 0 });
    try {
      const result = await uploadAssistantFiles(assistant._id, chosen, pipe.current, 'upload', (percent) => setUpload({ count: chosen.length, percent }));
      setFiles((current) => [...current.filter((f) => !result.files.some((n) => n._id === f._id)), ...result.files]);
      setRefused((current) => [...current, ...result.refused]);
    } catch (error) {
      failed(assistants.uploadFiles.name, error);
    } finally {
      setUpload(null);
    }
  }

  async function replace(file: assistants.AssistantFile, chosen: File | null) {
    if (!chosen) return;
    setRefused(isAcceptedFile(chosen.name) ? [] : [{ name: chosen.name, reason: 'kind' }]);
    if (!isAcceptedFile(chosen.name)) return;
    setReplacing({ fileId: file._id, name: file.name, percent: 0 });
    try {
      const result = await replaceAssistantFile(file._id, chosen, pipe.current, 'replace', (percent) => setReplacing({ fileId: file._id, name: file.name, percent }));
      setFiles((current) => current.map((f) => (f._id === result._id ? result : f)));
      if (result.state !== 'ready' && result.state !== 'failed') setLive((state) => ({ ...state, [result._id]: { state: result.state, progress: 0, error: null } }));
    } catch (error) {
      failed(assistants.replaceFile.name, error);
    } finally {
      setReplacing(null);
    }
  }

  async function remove(file: assistants.AssistantFile) {
    const result = await runAction(assistants.deleteFileFromStore, { fileId: file._id }, { id: assistant.vectorStoreId, fresh: true });
    if (result.ok) {
      setFiles(result.data.files);
      changed.current();
    }
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('files.title')}
        </Title>
        <Text size="sm">{t('files.lead')}</Text>
        <Group>
          <FileButton onChange={(chosen) => void add(chosen)} accept={ACCEPTED_FILES} multiple>
            {(props) => (
              <Button {...props} loading={upload !== null}>
                {t('files.choose')}
              </Button>
            )}
          </FileButton>
        </Group>
        {refused.length > 0 && (
          <Alert color="orange" role="alert" title={t('files.notAdded')} withCloseButton closeButtonLabel={t('files.dismiss')} onClose={() => setRefused([])}>
            <List size="sm">
              {refused.map((refusal, index) => (
                <List.Item key={`${index}-${refusal.name}`}>{t(`files.refusal.${refusal.reason}`, { name: refusal.name })}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {upload && (
          <Stack gap={4}>
            <Text size="sm">{t('files.uploading', { count: upload.count, percent: upload.percent })}</Text>
            <Progress value={upload.percent} aria-label={t('files.uploading', { count: upload.count, percent: upload.percent })} />
          </Stack>
        )}
        {replacing && (
          <Stack gap={4}>
            <Text size="sm">{t('files.replacing', { name: replacing.name, percent: replacing.percent })}</Text>
            <Progress value={replacing.percent} aria-label={t('files.replacing', { name: replacing.name, percent: replacing.percent })} />
          </Stack>
        )}
        {files.length === 0 && !upload && <Text c="dimmed">{t('files.empty')}</Text>}
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('files.title')}>
          {files.map((file) => {
            const now = live[file._id] ?? { state: file.state, progress: file.state === 'ready' || file.state === 'failed' ? 100 : 0, error: file.error };
            return (
              <li key={file._id} data-file={file.name}>
                <Stack gap={4}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {file.name}
                    </Text>
                    <Group gap="xs">
                      <FileButton onChange={(chosen) => void replace(file, chosen)} accept={ACCEPTED_FILES}>
                        {(props) => (
                          <Button {...props} size="compact-sm" variant="light" loading={replacing?.fileId === file._id} disabled={replacing !== null} aria-label={t('files.replace', { name: file.name })}>
                            {t('files.replaceShort')}
                          </Button>
                        )}
                      </FileButton>
                      <Badge color={now.state === 'failed' ? 'red' : now.state === 'ready' ? 'green' : 'blue'} variant="light">
                        {t(`files.states.${now.state}`)}
                      </Badge>
                      <ConfirmButton size="compact-sm" variant="subtle" label={t('files.remove', { name: file.name })} question={t('files.removeConfirm', { name: file.name })} onConfirm={() => remove(file)}>
                        ✕
                      </ConfirmButton>
                    </Group>
                  </Group>
                  <Progress value={now.progress} color={now.state === 'failed' ? 'red' : undefined} aria-label={t('files.progress', { name: file.name })} />
                  <Text size="xs" c="dimmed">
                    {t('files.version', { version: file.version })}
                    {file.state === 'ready' ? ` · ${t('files.chunks', { count: file.chunks })}` : ''}
                  </Text>
                  {file.version > 1 && (
                    <Text size="xs" c="dimmed">
                      {t('files.replaced')}
                    </Text>
                  )}
                  {now.state === 'failed' && now.error && (
                    <Text size="sm" c="red" role="alert">
                      {t('files.failedReason', { reason: now.error })}
                    </Text>
                  )}
                </Stack>
              </li>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
