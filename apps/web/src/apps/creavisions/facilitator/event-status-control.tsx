import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';

/**
 * Close or reopen the event (ADR 034), each after a confirmation that says what it does to the
 * participants. `onChange` gets the event as the server answers it.
 */
export function EventStatusControl({ event, onChange }: { event: creavisions.CvEvent; onChange: (event: creavisions.CvEvent) => void }) {
  const { t } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const closing = event.status === 'open';

  async function apply() {
    setBusy(true);
    setFailure(null);
    const result = await runAction(closing ? creavisions.closeEvent : creavisions.reopenEvent, {}, { id: event._id, handled: true, fresh: true });
    setBusy(false);
    if (!result.ok) {
      setFailure(translateErrorMessage(shellT, result.error.message));
      return;
    }
    setConfirming(false);
    onChange(result.data);
  }

  return (
    <>
      <Button size="sm" variant="light" color={closing ? 'red' : 'green'} onClick={() => setConfirming(true)}>
        {closing ? t('status.close') : t('status.reopen')}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={closing ? t('status.closeTitle') : t('status.reopenTitle')} closeButtonProps={{ 'aria-label': t('status.dismiss') }} centered>
        <Stack gap="md">
          <Text>{closing ? t('status.closeText', { title: event.title }) : t('status.reopenText', { title: event.title })}</Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              {t('status.cancel')}
            </Button>
            <Button color={closing ? 'red' : 'green'} loading={busy} onClick={() => void apply()}>
              {closing ? t('status.closeConfirm') : t('status.reopenConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
