import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
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

/** The end of every Feedback screen: records refused for good, and the way back once all is saved. */
export function FeedbackFooter({ pending, dead }: { pending: number; dead: number }) {
  const { t } = useTranslation('delphiGames');
  return (
    <>
      <NotSavedNotice count={dead} />
      {pending === 0 && (
        <Button component={Link} to="/" w="fit-content" variant="light">
          {t('play.toHub')}
        </Button>
      )}
    </>
  );
}
