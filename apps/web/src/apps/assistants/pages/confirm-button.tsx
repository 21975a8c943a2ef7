/**
 * A destructive button that asks first (issue 25 item 21): the first press shows the question
 * with "Yes, delete" and "Cancel"; only the second acts. Deleting an assistant, a thread and a
 * file all ask the same way.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { usePagesTranslation } from './i18n/use-pages-translation';

interface ConfirmButtonProps {
  /** The button's visible text. */
  children: ReactNode;
  /** The button's accessible name when its text is not enough (e.g. "✕"). */
  label?: string;
  question: string;
  onConfirm: () => void | Promise<void>;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

export function ConfirmButton({ children, label, question, onConfirm, size, variant = 'light' }: ConfirmButtonProps) {
  const { t } = usePagesTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <Button size={size} variant={variant} color="red" onClick={() => setAsking(true)} {...(label ? { 'aria-label': label } : {})}>
        {children}
      </Button>
    );
  }
  return (
    <Stack gap={6} role="group" aria-label={question}>
      <Text size="sm" role="alert">
        {question}
      </Text>
      <Group gap="xs">
        <Button
          size={size === 'compact-sm' ? 'xs' : size}
          color="red"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void Promise.resolve(onConfirm()).finally(() => {
              setBusy(false);
              setAsking(false);
            });
          }}
        >
          {t('editor.confirmDelete')}
        </Button>
        <Button size={size === 'compact-sm' ? 'xs' : size} variant="default" onClick={() => setAsking(false)}>
          {t('editor.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
