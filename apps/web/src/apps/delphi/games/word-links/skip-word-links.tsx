/**
 * Skipping Word Links (optional, SPEC §1) asks first: the skip button sits apart from Start,
 * below a divider, and only "Yes, skip Word Links" skips — a slip on the way to Start
 * skips nothing (issue 25 item 6).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SkipWordLinks({ onSkip }: { onSkip: () => void }) {
  const { t } = useTranslation('delphiWordLinks');
  const [asking, setAsking] = useState(false);
  // The question replaces the button that was focused: focus goes to the safe answer.
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  return (
    <Stack gap="sm" mt="xl">
      <Divider />
      <Text size="sm">{t('optionalBody')}</Text>
      {asking ? (
        <Alert color="yellow" title={t('skipQuestion')}>
          <Text size="sm">{t('skipConsequence')}</Text>
          <Group mt="md">
            <Button color="yellow.9" onClick={onSkip}>
              {t('skipConfirm')}
            </Button>
            <Button variant="default" ref={cancel} onClick={() => setAsking(false)}>
              {t('skipCancel')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Button w="fit-content" variant="subtle" onClick={() => setAsking(true)}>
          {t('skip')}
        </Button>
      )}
    </Stack>
  );
}
