import { useId, useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { LazyMarkdownEditor } from '../../../ui/markdown/lazy-markdown';
import { StatusMessage } from '../../../shell/status/status-message';
import { clearStatus } from '../../../shell/status/status-store';
import { useCloudTranslation } from './i18n/use-cloud-translation';
import { NOTE_TITLE_MAX, SAVE_NOTE_OPERATION, newNoteId, saveNote, toNote, type Note } from './notes-client';

export interface NoteFormProps {
  /** The note to edit; none for a new note. */
  note?: Note;
  onSaved: (note: Note) => void;
  onCancel: () => void;
}

/** Writes or edits one note. A failed save keeps everything typed, and says why inside the form. */
export function NoteForm({ note, onSaved, onCancel }: NoteFormProps) {
  const { t } = useCloudTranslation();
  const headingId = useId();
  // Made once per form: a retry after a failure reuses it (see saveNote).
  const [id] = useState(() => note?.id ?? newNoteId());
  const [title, setTitle] = useState(note?.title ?? '');
  const [body, setBody] = useState(note?.body ?? '');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function checkTitle(value: string): string | null {
    if (value.trim() === '') return t('notes.titleRequired');
    if (value.trim().length > NOTE_TITLE_MAX) return t('notes.titleTooLong', { max: NOTE_TITLE_MAX });
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const error = checkTitle(title);
    setTitleError(error);
    if (error) return;
    setBusy(true);
    const result = await saveNote(id, { title: title.trim(), body }, !note);
    setBusy(false);
    if (result.ok) {
      clearStatus(SAVE_NOTE_OPERATION);
      onSaved(toNote(result.data));
    }
  }

  function cancel() {
    clearStatus(SAVE_NOTE_OPERATION);
    onCancel();
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
        <Stack gap="sm">
          <Title order={3} fz="h4" id={headingId}>
            {note ? t('notes.editHeading') : t('notes.newNoteHeading')}
          </Title>
          <TextInput
            label={t('notes.titleLabel')}
            required
            value={title}
            error={titleError}
            maxLength={NOTE_TITLE_MAX + 50}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              if (titleError) setTitleError(checkTitle(event.currentTarget.value));
            }}
          />
          <LazyMarkdownEditor label={t('notes.bodyLabel')} value={body} onChange={setBody} minLines={6} />
          <StatusMessage operation={SAVE_NOTE_OPERATION} />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel} disabled={busy}>
              {t('notes.cancel')}
            </Button>
            <Button type="submit" loading={busy} aria-busy={busy}>
              {t('notes.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
