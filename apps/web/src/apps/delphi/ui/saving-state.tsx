import { Alert, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxSnapshot } from '../outbox/outbox';

/** Shown at the end of a game until its records are acknowledged; says so when the server is away. */
export function SavingState({ snapshot }: { snapshot: OutboxSnapshot }) {
  const { t } = useTranslation('delphiGames');
  return (
    <Alert color="indigo" variant="light" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text fw={600}>{t('play.saving')}</Text>
      </Group>
      {snapshot.retrying && (
        <Text size="sm" mt="xs">
          {t('play.savingRetry')}
        </Text>
      )}
    </Alert>
  );
}

/** Records the server refused for good: never silent, the participant tells the researcher. */
export function NotSavedNotice({ count }: { count: number }) {
  const { t } = useTranslation('delphiGames');
  if (count === 0) return null;
  return (
    <Alert color="red" role="alert" mt="md">
      {t('play.notSaved', { count })}
    </Alert>
  );
}
