/**
 * The assistant's own files in the "Files and stores" section: what can be copied into stores.
 * Each file's attributes are edited here (PATCH File) and a file can be deleted (DELETE File).
 */
import { useId, useState } from 'react';
import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { assistants } from '@chi/contract';
import { runAction } from '../../../../shell/api/run-action';
import { ConfirmButton } from '../confirm-button';
import { usePagesTranslation } from '../i18n/use-pages-translation';
import { attributesToText, parseAttributes } from './attributes';
import { useAttempt } from './use-attempt';

interface AssistantFilesProps {
  files: readonly assistants.AssistantFile[];
  onChanged: (kind: 'attributes' | 'deleted') => void;
  announce: (message: string) => void;
}

export function AssistantFiles({ files, onChanged, announce }: AssistantFilesProps) {
  const { t } = usePagesTranslation();
  const headingId = useId();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id={headingId}>
        {t('stores.filesTitle')}
      </Title>
      {files.length === 0 && <Text c="dimmed">{t('stores.filesEmpty')}</Text>}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {files.map((file) => (
          <FileRow key={file._id} file={file} onChanged={onChanged} announce={announce} />
        ))}
      </Stack>
    </Stack>
  );
}

function FileRow({ file, onChanged, announce }: { file: assistants.AssistantFile } & Omit<AssistantFilesProps, 'files'>) {
  const { t } = usePagesTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(() => attributesToText(file.attributes));
  const [lineError, setLineError] = useState<string | null>(null);
  const { busy, error, attempt } = useAttempt();
  const summary = attributesToText(file.attributes).split('\n').filter(Boolean).join(' · ');

  async function save() {
    const parsed = parseAttributes(text);
    if (!parsed.ok) {
      setLineError(t('stores.attributesBadLine', { line: parsed.line }));
      return;
    }
    setLineError(null);
    const done = await attempt('save', () => runAction(assistants.patchFile, { attributes: parsed.attributes }, { id: file._id, fresh: true, handled: true }));
    if (done) {
      setEditing(false);
      announce(t('stores.attributesSaved', { name: file.name }));
      onChanged('attributes');
    }
  }
  async function remove() {
    const done = await attempt('delete', () => runAction(assistants.deleteFile, {}, { id: file._id, fresh: true, handled: true }));
    if (done) {
      announce(t('stores.fileDeleted', { name: file.name }));
      onChanged('deleted');
    }
  }

  return (
    <li>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 10rem' }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {summary || t('stores.attributesNone')}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              aria-expanded={editing}
              aria-label={t('stores.editAttributes', { name: file.name })}
              onClick={() => {
                setText(attributesToText(file.attributes));
                setLineError(null);
                setEditing(!editing);
              }}
            >
              {t('stores.attributes')}
            </Button>
            <ConfirmButton size="compact-sm" variant="subtle" label={t('stores.deleteFileOf', { name: file.name })} question={t('stores.deleteFileConfirm', { name: file.name })} onConfirm={remove}>
              {t('stores.deleteFile')}
            </ConfirmButton>
          </Group>
        </Group>
        {editing && (
          <Stack gap="xs">
            <Textarea
              label={t('stores.attributesOf', { name: file.name })}
              description={t('stores.attributesHelp')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={lineError}
              rows={3}
            />
            <Group gap="xs">
              <Button size="xs" onClick={() => void save()} loading={busy === 'save'}>
                {t('stores.saveAttributes')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                {t('editor.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </li>
  );
}
