import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { uploads } from '@chi/contract';
import { ApiError } from '../api/errors';
import { currentLanguage } from '../i18n/i18n';
import { htmlLang } from '../i18n/language';
import { clearStatus, setStatus } from '../status/status-store';
import { StatusMessage } from '../status/status-message';
import { useDocumentsTranslation } from './i18n/use-documents-translation';
import { uploadImages } from './uploads-client';

export const UPLOAD_OPERATION = uploads.upload.name;

/**
 * The Upload tab: files, a real progress bar, then the server's message (or its error as an
 * error status). Both arrive already in the interface language: the server picks it from the
 * Accept-Language the upload sends (see upload-messages.ts on the server).
 */
export function UploadTab() {
  const { t, i18n } = useDocumentsTranslation();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [message, setMessage] = useState<string | undefined>(undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0 || progress !== undefined) return;
    setMessage(undefined);
    clearStatus(UPLOAD_OPERATION);
    setProgress(0);
    try {
      // The language this tab is shown in, so the server's message and errors match it.
      const result = await uploadImages(files, { onProgress: setProgress, language: htmlLang(currentLanguage(i18n)) });
      setMessage(result.message);
      setFiles([]);
      if (inputRef.current) inputRef.current.value = '';
    } catch (caught) {
      const body = caught instanceof ApiError ? caught.message : String(caught);
      // SPEC §8: an upload error is an error status; the modal shows it, so no action error box.
      setStatus(UPLOAD_OPERATION, { isError: true, body, handled: true });
    } finally {
      setProgress(undefined);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <label htmlFor={inputId}>
          <Text fw={500} size="sm">
            {t('picker.filesLabel')}
          </Text>
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={uploads.UPLOAD_CONTENT_TYPES.join(',')}
          aria-describedby={hintId}
          onChange={(event) => {
            setFiles(Array.from(event.currentTarget.files ?? []));
            // A new choice: the last upload's error or message is about other files (issue 25 item 24).
            clearStatus(UPLOAD_OPERATION);
            setMessage(undefined);
          }}
        />
        <Text id={hintId} size="xs" c="dimmed">
          {t('picker.filesHint')}
        </Text>
        {progress !== undefined && <Progress value={progress} aria-label={t('picker.progress')} size="lg" animated />}
        <StatusMessage operation={UPLOAD_OPERATION} />
        {message && (
          <Alert color="green" variant="light" role="status">
            {message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={files.length === 0} loading={progress !== undefined}>
            {t('picker.uploadButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
