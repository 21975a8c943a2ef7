import { useState, type FormEvent } from 'react';
import { Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentsTranslation } from './i18n/use-documents-translation';
import type { ImageChoice } from './image-choice';
import { shownImageUrl } from '../../ui/shown-image-url';

/**
 * Only https addresses are previewed and accepted (issue 25 item 24): the site's content security
 * policy loads images over https only, so an `http:` image would be saved and then never shown; a
 * `javascript:` or `data:` URL is no image address at all.
 */
export function isImageUrl(value: string): boolean {
  return protocolOf(value) === 'https:';
}

function protocolOf(value: string): string | null {
  try {
    return new URL(value.trim()).protocol;
  } catch {
    return null;
  }
}

export function CustomImageTab({ onChoose }: { onChoose: (choice: ImageChoice) => void }) {
  const { t } = useDocumentsTranslation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The address whose preview failed to load: a broken preview says so instead of showing nothing.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const trimmed = url.trim();

  const insecure = protocolOf(trimmed) === 'http:';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (insecure) {
      setError(t('picker.httpsOnly'));
      return;
    }
    if (!isImageUrl(trimmed)) {
      setError(t('picker.urlRequired'));
      return;
    }
    // A preview that did not load is an image that will not show where it is used either.
    if (brokenUrl === trimmed) {
      setError(t('picker.previewFailed'));
      return;
    }
    onChoose({ url: trimmed, name: trimmed, source: 'custom' });
  }

  return (
    <Stack gap="md">
      <Group>
        <Button variant="default" onClick={() => onChoose({ url: null, name: t('picker.defaultImage'), source: 'default' })}>
          {t('picker.useDefault')}
        </Button>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('picker.imageUrl')}
            type="url"
            value={url}
            error={error ?? (insecure ? t('picker.httpsOnly') : null)}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setError(null);
            }}
          />
          {isImageUrl(trimmed) && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('picker.preview')}
              </Text>
              {brokenUrl === trimmed ? (
                <Text size="sm" c="dimmed">
                  {t('picker.previewFailed')}
                </Text>
              ) : (
                <Image src={shownImageUrl(trimmed)} alt={t('picker.previewAlt')} mah={200} w="auto" fit="contain" radius="sm" onError={() => setBrokenUrl(trimmed)} />
              )}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button type="submit">{t('picker.useUrl')}</Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
