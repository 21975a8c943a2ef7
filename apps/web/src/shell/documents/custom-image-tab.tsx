import { useState, type FormEvent } from 'react';
import { Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentsTranslation } from './i18n/use-documents-translation';
import type { ImageChoice } from './image-choice';

/** Only http(s) addresses are previewed and accepted: a `javascript:` or `data:` URL is no image address. */
export function isImageUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function CustomImageTab({ onChoose }: { onChoose: (choice: ImageChoice) => void }) {
  const { t } = useDocumentsTranslation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The address whose preview failed to load: a broken preview says so instead of showing nothing.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const trimmed = url.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isImageUrl(trimmed)) {
      setError(t('picker.urlRequired'));
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
            error={error}
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
                <Image src={trimmed} alt={t('picker.previewAlt')} mah={200} w="auto" fit="contain" radius="sm" onError={() => setBrokenUrl(trimmed)} />
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
