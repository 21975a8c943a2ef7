import { useState } from 'react';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A link shown whole, with a Copy button that says Copied (announced) once the clipboard has it. */
export function CopyLink({ label, url }: { label: string; url: string }) {
  const { t } = useTranslation('delphiStudies');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
      setTimeout(() => setState('idle'), 2500);
    } catch {
      setState('failed');
    }
  };
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label={label}>
          {url}
        </Code>
        <Button variant="light" color={state === 'copied' ? 'teal' : undefined} onClick={() => void copy()} aria-label={`${t('links.copy')}: ${label}`}>
          {state === 'copied' ? t('links.copied') : t('links.copy')}
        </Button>
      </Group>
      <Text size="sm" role="status" c={state === 'failed' ? 'red' : 'teal'}>
        {state === 'copied' ? t('links.copied') : state === 'failed' ? t('links.copyFailed') : ''}
      </Text>
    </Stack>
  );
}
