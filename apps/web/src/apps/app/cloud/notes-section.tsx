import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDocuments } from '../../../shell/documents/document-store';
import { StatusMessage } from '../../../shell/status/status-message';
import { setStatus } from '../../../shell/status/status-store';
import { CloudCard } from './account-sections';
import { useCloudTranslation } from './i18n/use-cloud-translation';
import { NoteCard } from './note-card';
import { NoteForm } from './note-form';
import { NOTES_OPERATION, NOTE_DATA_TYPE, loadMyNotes, loadOthersNotes, sortNotes, toNote } from './notes-client';

type Load = 'loading' | 'ready' | 'failed';

/** `/cloud?tab=notes`: the user's Markdown notes, and the notes others have published. */
export function NotesSection({ ownerId }: { ownerId: string }) {
  const { t } = useCloudTranslation();
  const stored = useDocuments(NOTE_DATA_TYPE);
  const [load, setLoad] = useState<Load>('loading');
  // Which form is open: a new note, the note with this id, or none.
  const [editing, setEditing] = useState<'new' | string | null>(null);

  const reload = useCallback(async () => {
    setLoad('loading');
    const [mine] = await Promise.all([loadMyNotes(ownerId), loadOthersNotes(ownerId)]);
    setLoad(mine.ok ? 'ready' : 'failed');
  }, [ownerId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const { mine, others } = useMemo(() => {
    const all = sortNotes(Object.values(stored).map(toNote));
    return { mine: all.filter((note) => note.ownerId === ownerId), others: all.filter((note) => note.ownerId !== ownerId && note.published) };
  }, [stored, ownerId]);

  function saved() {
    setEditing(null);
    setStatus(NOTES_OPERATION, { isSuccess: true, verbose: true, body: t('notes.saved') });
  }

  const newNoteButton = (
    <Button onClick={() => setEditing('new')} disabled={editing !== null}>
      {mine.length === 0 ? t('notes.writeFirst') : t('notes.newNote')}
    </Button>
  );

  return (
    <Stack gap="lg">
      <CloudCard title={t('notes.title')} lead={t('notes.lead')}>
        <StatusMessage operation={NOTES_OPERATION} />
        {editing === 'new' && <NoteForm onSaved={saved} onCancel={() => setEditing(null)} />}
        {load === 'loading' && mine.length === 0 && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('notes.loading')}</Text>
          </Group>
        )}
        {load === 'failed' && mine.length === 0 && (
          <Group gap="sm">
            <Text c="red">{t('notes.loadFailed')}</Text>
            <Button variant="light" size="xs" onClick={() => void reload()}>
              {t('notes.retry')}
            </Button>
          </Group>
        )}
        {load === 'ready' && mine.length === 0 && editing !== 'new' && (
          <Stack gap="xs" align="flex-start" py="md">
            <Text fw={600}>{t('notes.empty')}</Text>
            <Text size="sm" c="dimmed">
              {t('notes.emptyLead')}
            </Text>
            {newNoteButton}
          </Stack>
        )}
        {mine.length > 0 && (
          <>
            {editing !== 'new' && <Group>{newNoteButton}</Group>}
            <Stack gap="sm" component="ul" aria-label={t('notes.listLabel')} p={0} m={0} style={{ listStyle: 'none' }}>
              {mine.map((note) => (
                <li key={note.id}>
                  {editing === note.id ? (
                    <NoteForm note={note} onSaved={saved} onCancel={() => setEditing(null)} />
                  ) : (
                    // One form at a time: opening another would drop what is typed in this one.
                    <NoteCard note={note} onEdit={editing === null ? () => setEditing(note.id) : undefined} />
                  )}
                </li>
              ))}
            </Stack>
          </>
        )}
      </CloudCard>
      <CloudCard title={t('notes.othersTitle')}>
        {others.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('notes.othersEmpty')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" aria-label={t('notes.othersLabel')} p={0} m={0} style={{ listStyle: 'none' }}>
            {others.map((note) => (
              <li key={note.id}>
                <NoteCard note={note} readOnly />
              </li>
            ))}
          </Stack>
        )}
      </CloudCard>
    </Stack>
  );
}
