import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Image, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { useImagePicker } from '../../../shell/documents/image-choice';
import { shownImageUrl } from '../../../ui/shown-image-url';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { useStepLogState, type StepLog } from '../log/step-log';

/**
 * The participant's vision: a title, the text and an optional image (the shell's image picker).
 * Every step goes through the step log (saved locally first, then sent in order); the entry
 * on the server is what those steps built.
 */
export function VisionEditor({ log, entry, closed }: { log: StepLog; entry: creavisions.CvEntry | null; closed: boolean }) {
  const { t } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const [entryId] = useState(() => entry?._id ?? crypto.randomUUID());
  const [title, setTitle] = useState(entry?.title ?? '');
  const [text, setText] = useState(entry?.text ?? '');
  const [imageUrl, setImageUrl] = useState(entry?.imageUrl ?? '');
  const [published, setPublished] = useState(entry?.published ?? false);
  const [tried, setTried] = useState(false);
  const state = useStepLogState(log);
  const picker = useImagePicker();
  const textError = tried && text.trim() === '' ? t('vision.textRequired') : undefined;

  // A choice in the picker is a step of its own.
  const seenChoice = useRef(picker.lastChoice);
  useEffect(() => {
    const choice = picker.lastChoice;
    if (!choice || choice === seenChoice.current) return;
    seenChoice.current = choice;
    const url = choice.url ?? '';
    setImageUrl(url);
    if (text.trim() !== '') log.log({ kind: 'draft', entryId, data: { title: title.trim(), text: text.trim(), imageUrl: url } });
    else log.log({ kind: 'image', entryId, data: { imageUrl: url } });
  }, [picker.lastChoice]);

  function saveDraft(): boolean {
    setTried(true);
    if (text.trim() === '') return false;
    log.log({ kind: 'draft', entryId, data: { title: title.trim(), text: text.trim(), imageUrl } });
    return true;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!saveDraft()) return;
    log.log({ kind: 'publish', entryId });
    setPublished(true);
  }

  function unpublish() {
    log.log({ kind: 'unpublish', entryId });
    setPublished(false);
  }

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-labelledby="cv-vision-title">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} id="cv-vision-title">
              {t('vision.title')}
            </Title>
            <Badge variant="light" color={published ? 'green' : 'gray'}>
              {published ? t('vision.published') : t('vision.draft')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('vision.lead')}
          </Text>
          <TextInput label={t('vision.visionTitle')} value={title} maxLength={creavisions.MAX_VISION_TITLE} onChange={(e) => setTitle(e.currentTarget.value)} disabled={closed} />
          <Textarea
            label={t('vision.text')}
            placeholder={t('vision.textPlaceholder')}
            required
            autosize
            minRows={3}
            maxLength={creavisions.MAX_VISION_TEXT}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={textError}
            disabled={closed}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('vision.image')}
            </Text>
            {imageUrl ? <Image src={shownImageUrl(imageUrl)} alt={t('vision.imageAlt')} maw={320} radius="sm" /> : <Text size="sm" c="dimmed">{t('vision.noImage')}</Text>}
            <Group gap="sm">
              <Button variant="default" size="sm" onClick={() => picker.open('custom')} disabled={closed}>
                {t('vision.chooseImage')}
              </Button>
              {imageUrl && (
                <Button
                  variant="subtle"
                  size="sm"
                  disabled={closed}
                  onClick={() => {
                    setImageUrl('');
                    log.log({ kind: 'image', entryId, data: { imageUrl: '' } });
                  }}
                >
                  {t('vision.removeImage')}
                </Button>
              )}
            </Group>
          </Stack>
          <Group gap="sm" wrap="wrap">
            <Button type="submit" disabled={closed}>
              {t('vision.publish')}
            </Button>
            <Button variant="default" onClick={() => saveDraft()} disabled={closed}>
              {t('vision.save')}
            </Button>
            {published && (
              <Button variant="subtle" onClick={unpublish} disabled={closed}>
                {t('vision.unpublish')}
              </Button>
            )}
          </Group>
          <Text size="sm" role="status" aria-live="polite">
            {state.pending > 0 ? t('vision.saving') : t('vision.saved')}
          </Text>
          {state.failed && (
            <Alert color="red" role="alert">
              {t('vision.failed', { message: translateErrorMessage(shellT, state.failed) })}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
