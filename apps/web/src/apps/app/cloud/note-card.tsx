import { useId, useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { LazyMarkdownView } from '../../../ui/markdown/lazy-markdown';
import { useFormatDateTime } from '../../../shell/i18n/format-date';
import { useCloudTranslation } from './i18n/use-cloud-translation';
import { deleteNote, setNotePublished, type Note } from './notes-client';
import classes from './note-card.module.css';

export interface NoteCardProps {
  note: Note;
  /** Someone else's published note: shown, never changed. */
  readOnly?: boolean;
  /** Opens the note's form; left out while another form is open. */
  onEdit?: (() => void) | undefined;
}

/** One note in a list: title, Published badge, the sanitised Markdown and, for its owner, the actions. */
export function NoteCard({ note, readOnly = false, onEdit }: NoteCardProps) {
  const { t } = useCloudTranslation();
  const formatDate = useFormatDateTime();
  const headingId = useId();
  const [busy, setBusy] = useState<'publish' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function togglePublished() {
    setBusy('publish');
    await setNotePublished(note.id, !note.published, note.published ? t('notes.retractedDone') : t('notes.publishedDone'));
    setBusy(null);
  }

  async function remove() {
    setBusy('delete');
    const result = await deleteNote(note.id, t('notes.deleted'));
    // On success the note leaves the store and this card unmounts; only a failure comes back here.
    if (!result.ok) {
      setBusy(null);
      setConfirming(false);
    }
  }

  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {note.title}
          </Title>
          {note.published && (
            <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
              {t('notes.published')}
            </Badge>
          )}
        </Group>
        {readOnly && (
          <Text size="sm" fw={500}>
            {note.authorName ? t('notes.byAuthor', { name: note.authorName }) : t('notes.unknownAuthor')}
          </Text>
        )}
        {note.body.trim() === '' ? (
          <Text c="dimmed" size="sm">
            {t('notes.emptyBody')}
          </Text>
        ) : (
          <LazyMarkdownView markdown={note.body} className={classes.preview} />
        )}
        <Text size="xs" c="dimmed">
          {t('notes.updated', { date: formatDate(note.updatedAt) })}
        </Text>
        {!readOnly && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={onEdit} disabled={!onEdit} aria-label={t('notes.editNamed', { title: note.title })}>
              {t('notes.edit')}
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={busy === 'publish'}
              onClick={() => void togglePublished()}
              aria-label={note.published ? t('notes.retractNamed', { title: note.title }) : t('notes.publishNamed', { title: note.title })}
            >
              {note.published ? t('notes.retract') : t('notes.publish')}
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)} aria-label={t('notes.deleteNamed', { title: note.title })}>
              {t('notes.delete')}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('notes.deleteTitle')} centered>
        <Stack gap="md">
          <Text>{t('notes.deleteConfirmText', { title: note.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy === 'delete'}>
              {t('notes.cancel')}
            </Button>
            <Button color="red" loading={busy === 'delete'} onClick={() => void remove()}>
              {t('notes.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
