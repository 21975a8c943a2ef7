/**
 * One vector store in the "Files and stores" section: its name, file count, owner and last
 * change; opened, its files (remove), copying the assistant's files in, rename, delete and
 * whom it is shared with (share, stop sharing). A store shared with the caller opens read-only.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Badge, Button, Card, Group, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { account, assistants } from '@chi/contract';
import { runAction } from '../../../../shell/api/run-action';
import { DateTime } from '../../../../ui/date-time';
import { ConfirmButton } from '../confirm-button';
import { usePagesTranslation } from '../i18n/use-pages-translation';
import { SharePicker } from './share-picker';
import { useAttempt } from './use-attempt';

interface StoreCardProps {
  store: assistants.VectorStoreSummary;
  assistantId: string;
  /** The assistant's files: what may be copied into the store. */
  sourceFiles: readonly assistants.AssistantFile[];
  onChanged: () => void;
  announce: (message: string) => void;
}

const listStyle = { listStyle: 'none' } as const;

export function StoreCard({ store, assistantId, sourceFiles, onChanged, announce }: StoreCardProps) {
  const { t } = usePagesTranslation();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<assistants.VectorStore | null>(null);
  const [shares, setShares] = useState<assistants.StoreShare[] | null>(null);
  const [name, setName] = useState(store.name);
  const [chosen, setChosen] = useState<string[]>([]);
  const { busy, error, attempt } = useAttempt();
  const panelId = useId();
  const manage = store.abilities.manage;
  const own = store.assistantId === assistantId;

  const load = useCallback(async () => {
    const found = await attempt('load', () => runAction(assistants.getVectorStore, {}, { id: store._id, fresh: true, handled: true }));
    if (found) setDetail(found);
    if (!manage) return;
    const users = await attempt('load', () => runAction(account.listAssetUsers, { asset: { type: 'VectorStore', id: store._id } }, { fresh: true, handled: true }));
    if (users) setShares(users.users);
  }, [attempt, manage, store._id]);

  useEffect(() => {
    if (open) void load();
  }, [open, load, store.modifiedAt]);
  useEffect(() => setName(store.name), [store.name]);

  async function rename() {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed === store.name) return;
    const done = await attempt('rename', () => runAction(assistants.patchVectorStore, { name: trimmed }, { id: store._id, fresh: true, handled: true }));
    if (done) {
      announce(t('stores.renamed', { name: done.name }));
      onChanged();
    }
  }
  async function remove() {
    const done = await attempt('delete', () => runAction(assistants.deleteVectorStore, {}, { id: store._id, fresh: true, handled: true }));
    if (done) {
      announce(t('stores.storeDeleted', { name: store.name }));
      onChanged();
    }
  }
  async function addFiles() {
    if (chosen.length === 0) return;
    const done = await attempt('add', () => runAction(assistants.addFiles, { files: chosen }, { id: store._id, fresh: true, handled: true }));
    if (done) {
      setDetail(done);
      announce(t('stores.added', { count: chosen.length, name: store.name }));
      setChosen([]);
      onChanged();
    }
  }
  async function removeFile(file: assistants.AssistantFile) {
    const done = await attempt('remove', () => runAction(assistants.deleteFileFromStore, { fileId: file._id }, { id: store._id, fresh: true, handled: true }));
    if (done) {
      setDetail(done);
      announce(t('stores.removed', { file: file.name, store: store.name }));
      onChanged();
    }
  }
  async function share(person: { _id: string; name: string }) {
    const done = await attempt('share', () => runAction(assistants.shareVectorStore, { accountId: person._id }, { id: store._id, fresh: true, handled: true }));
    if (done) {
      setShares(done.sharedWith);
      announce(t('stores.shared', { store: store.name, person: person.name }));
    }
  }
  async function unshare(person: assistants.StoreShare) {
    const done = await attempt('unshare', () => runAction(assistants.unshareVectorStore, { accountId: person._id }, { id: store._id, fresh: true, handled: true }));
    if (done) {
      setShares(done.sharedWith);
      announce(t('stores.unshared', { store: store.name, person: person.name }));
    }
  }

  // Only files not in the store already (by name and content they would be skipped anyway).
  const inStore = new Set((detail?.files ?? []).map((f) => f.name));
  const addable = sourceFiles.filter((f) => !inStore.has(f.name));

  return (
    <Card withBorder padding="md" component="li" aria-label={store.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              {store.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('stores.fileCount', { count: store.fileCount })} · {t('stores.owner', { name: store._ownerName ?? '—' })} · {t('stores.changed')}
              <DateTime value={store.modifiedAt} />
            </Text>
            <Group gap={4}>
              {!manage && <Badge variant="light">{t('stores.sharedWithYou')}</Badge>}
              {own && <Badge variant="light" color="teal">{t('stores.thisAssistant')}</Badge>}
              {store.assistantId !== null && !own && <Badge variant="light" color="gray">{t('stores.otherAssistant')}</Badge>}
            </Group>
          </Stack>
          <Button variant="light" aria-expanded={open} aria-controls={panelId} aria-label={t(open ? 'stores.hideDetails' : 'stores.details', { name: store.name })} onClick={() => setOpen(!open)}>
            {t(open ? 'stores.close' : 'stores.open')}
          </Button>
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {open && (
          <Stack gap="md" id={panelId}>
            {!manage && <Text size="sm">{t('stores.readOnly', { owner: store._ownerName ?? '—' })}</Text>}
            <Stack gap={4}>
              <Text fw={600} size="sm" id={`${panelId}-files`}>
                {t('stores.storeFiles', { name: store.name })}
              </Text>
              {detail && detail.files.length === 0 && <Text size="sm" c="dimmed">{t('stores.storeFilesEmpty')}</Text>}
              <Stack gap={4} component="ul" p={0} m={0} style={listStyle} aria-labelledby={`${panelId}-files`}>
                {detail?.files.map((file) => (
                  <Group component="li" key={file._id} justify="space-between" wrap="wrap" gap="xs">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {file.name} <Text span size="xs" c="dimmed">({t(`files.states.${file.state}`)})</Text>
                    </Text>
                    {manage && (
                      <ConfirmButton size="compact-sm" variant="subtle" label={t('stores.removeFromStore', { file: file.name, store: store.name })} question={t('stores.removeConfirm', { file: file.name, store: store.name })} onConfirm={() => removeFile(file)}>
                        ✕
                      </ConfirmButton>
                    )}
                  </Group>
                ))}
              </Stack>
            </Stack>
            {manage && !own && (
              <Stack gap={4}>
                {detail && addable.length === 0 && sourceFiles.length > 0 ? (
                  <Text size="sm" c="dimmed">{t('stores.noFilesToAdd')}</Text>
                ) : (
                  <Group align="flex-end" gap="xs" wrap="wrap">
                    <MultiSelect
                      label={t('stores.addFiles', { name: store.name })}
                      placeholder={t('stores.addFilesPlaceholder')}
                      data={addable.map((f) => ({ value: f._id, label: f.name }))}
                      value={chosen}
                      onChange={setChosen}
                      style={{ flex: '1 1 14rem', minWidth: 0 }}
                    />
                    <Button onClick={() => void addFiles()} loading={busy === 'add'} disabled={chosen.length === 0}>
                      {t('stores.addButton')}
                    </Button>
                  </Group>
                )}
              </Stack>
            )}
            {manage && (
              <Group align="flex-end" gap="xs" wrap="wrap">
                <TextInput label={t('stores.rename', { name: store.name })} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={assistants.NAME_MAX} style={{ flex: '1 1 12rem', minWidth: 0 }} />
                <Button variant="default" onClick={() => void rename()} loading={busy === 'rename'} disabled={name.trim() === '' || name.trim() === store.name}>
                  {t('stores.renameButton')}
                </Button>
              </Group>
            )}
            {manage && (
              <Stack gap={4}>
                <Text fw={600} size="sm" id={`${panelId}-shares`}>
                  {t('stores.sharesTitle')}
                </Text>
                {shares && shares.length === 0 && <Text size="sm" c="dimmed">{t('stores.sharesEmpty')}</Text>}
                <Stack gap={4} component="ul" p={0} m={0} style={listStyle} aria-label={t('stores.sharesOf', { name: store.name })}>
                  {shares?.map((person) => (
                    <Group component="li" key={person._id} justify="space-between" wrap="wrap" gap="xs">
                      <Text size="sm">{person.name}</Text>
                      <Button size="compact-sm" variant="subtle" color="red" loading={busy === 'unshare'} aria-label={t('stores.unshare', { person: person.name })} onClick={() => void unshare(person)}>
                        {t('stores.unshareShort')}
                      </Button>
                    </Group>
                  ))}
                </Stack>
                <SharePicker storeName={store.name} exclude={[store._ownerId, ...(shares ?? []).map((s) => s._id)]} busy={busy === 'share'} onShare={(person) => void share(person)} />
              </Stack>
            )}
            {manage &&
              (store.assistantId === null ? (
                <Group>
                  <ConfirmButton label={t('stores.deleteStoreOf', { name: store.name })} question={t('stores.deleteStoreConfirm', { name: store.name })} onConfirm={remove}>
                    {t('stores.deleteStore')}
                  </ConfirmButton>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('stores.deletedWithAssistant')}
                </Text>
              ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
