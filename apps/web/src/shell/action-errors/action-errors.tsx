import { Box, Notification, Overlay, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { actionLabel, translateErrorMessage } from '../i18n/error-message';
import { dismissActionError, useActionErrors, type ActionErrorEntry } from './action-error-store';

function ActionErrorBox({ entry }: { entry: ActionErrorEntry }) {
  const { t, i18n } = useTranslation();
  const title = t('actionError.title', { action: actionLabel(i18n, entry.action) });
  const dismiss = () => dismissActionError(entry.id);
  return (
    <Notification
      color="red"
      withCloseButton={false}
      title={title}
      role="alertdialog"
      aria-label={title}
      tabIndex={0}
      data-testid="action-error"
      onClick={dismiss}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'Escape') {
          event.preventDefault();
          dismiss();
        }
      }}
      style={{ cursor: 'pointer' }}
    >
      <Text size="sm" c="dark">
        {translateErrorMessage(t, entry.message)}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {t('actionError.dismiss')}
      </Text>
    </Notification>
  );
}

/**
 * The overlay blocks the page on purpose: an unhandled failure must be acknowledged (SPEC §8).
 * It has no close button; a click (or Enter/Escape for keyboard users) on a box dismisses it.
 */
export function ActionErrors() {
  const entries = useActionErrors();
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <Box pos="fixed" inset={0} style={{ zIndex: 400 }}>
      <Overlay fixed backgroundOpacity={0.35} zIndex={400} />
      <Stack
        component="section"
        aria-label={t('actionError.region')}
        gap="sm"
        pos="fixed"
        top={80}
        left="50%"
        w="min(92vw, 440px)"
        style={{ transform: 'translateX(-50%)', zIndex: 401 }}
      >
        {entries.map((entry) => (
          <ActionErrorBox key={entry.id} entry={entry} />
        ))}
      </Stack>
    </Box>
  );
}
