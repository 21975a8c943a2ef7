/**
 * "Files and stores" on an assistant's administration page (issue 25 item 22): the assistant's
 * files (attributes, delete), the vector stores the user owns or that are shared with them
 * (LIST_VECTOR_STORES), creating a store, and each store's files, copying, renaming, deleting
 * and sharing (store-card.tsx). What each call did is announced in one polite status line.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { assistants } from '@chi/contract';
import { runAction } from '../../../../shell/api/run-action';
import { usePagesTranslation } from '../i18n/use-pages-translation';
import { AssistantFiles } from './assistant-files';
import { StoreCard } from './store-card';
import { useAttempt } from './use-attempt';

interface StoresSectionProps {
  assistant: assistants.Assistant;
  /** Changes when the Files panel added, replaced or removed a file. */
  filesVersion: number;
  /** Tells the page this section deleted one of the assistant's files (the Files panel reloads). */
  onFilesChanged: () => void;
}

export function StoresSection({ assistant, filesVersion, onFilesChanged }: StoresSectionProps) {
  const { t } = usePagesTranslation();
  const [stores, setStores] = useState<assistants.VectorStoreSummary[] | null>(null);
  const [files, setFiles] = useState<assistants.AssistantFile[]>([]);
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const { busy, error, attempt } = useAttempt();

  const reload = useCallback(async () => {
    const [list, own] = await Promise.all([
      attempt('list', () => runAction(assistants.listVectorStores, {}, { fresh: true, handled: true })),
      runAction(assistants.getVectorStore, {}, { id: assistant.vectorStoreId, fresh: true, handled: true }),
    ]);
    if (list) setStores(list.vectorStores);
    if (own.ok) setFiles(own.data.files);
  }, [attempt, assistant.vectorStoreId]);

  useEffect(() => {
    void reload();
  }, [reload, filesVersion]);

  async function create() {
    const trimmed = name.trim();
    if (trimmed === '') return;
    const done = await attempt('create', () => runAction(assistants.createVectorStore, { name: trimmed }, { fresh: true, handled: true }));
    if (done) {
      setName('');
      setMessage(t('stores.created', { name: done.name }));
      void reload();
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="stores-section-title">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3" id="stores-section-title">
            {t('stores.title')}
          </Title>
          <Text size="sm">{t('stores.lead')}</Text>
          <Text size="sm" role="status" aria-live="polite" c="green.8">
            {message}
          </Text>
        </Stack>
        <AssistantFiles
          files={files}
          announce={setMessage}
          onChanged={(kind) => {
            void reload();
            if (kind === 'deleted') onFilesChanged();
          }}
        />
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('stores.storesTitle')}
          </Title>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void create();
            }}
          >
            <Group align="flex-end" gap="xs" wrap="wrap">
              <TextInput label={t('stores.newName')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={assistants.NAME_MAX} style={{ flex: '1 1 12rem', minWidth: 0 }} />
              <Button type="submit" loading={busy === 'create'} disabled={name.trim() === ''}>
                {t('stores.create')}
              </Button>
            </Group>
          </form>
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          {stores === null && !error && (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">{t('stores.loading')}</Text>
            </Group>
          )}
          {stores?.length === 0 && <Text c="dimmed">{t('stores.storesEmpty')}</Text>}
          {stores && stores.length > 0 && (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('stores.storesList')}>
              {stores.map((store) => (
                <StoreCard
                  key={store._id}
                  store={store}
                  assistantId={assistant._id}
                  sourceFiles={files}
                  announce={setMessage}
                  onChanged={() => {
                    void reload();
                    // A file removed from the assistant's own store leaves its Files panel too.
                    if (store._id === assistant.vectorStoreId) onFilesChanged();
                  }}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
