import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ModalBodyProps } from './modal-names';

/** Placeholder body until the accounts, sessions and assistants issues bring the real forms. */
export function NotAvailableYet({ close }: ModalBodyProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text>{t('modal.notAvailable')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t('modal.close')}
        </Button>
      </Group>
    </Stack>
  );
}
