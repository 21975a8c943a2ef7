/**
 * Issue 24 (ADR 043): a participant's study is bound to the browser that started it. When they
 * must go on on another device, the researcher releases it here; the server logs who and when,
 * and the next browser that opens the participant's link takes the study over.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shell/i18n/use-error-text';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';

type Step = { kind: 'ask' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'failed'; message: string };

export function ReleaseButton({ suiteId, participantId }: { suiteId: string; participantId: string }) {
  const { t } = useTranslation('delphiData');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'ask' });
  const close = () => {
    setOpen(false);
    setStep({ kind: 'ask' });
  };
  const release = () => {
    setStep({ kind: 'sending' });
    api.call(delphi.releaseSuite, { suite: suiteId }, { fresh: true }).then(
      () => setStep({ kind: 'done' }),
      (error: Error) => setStep({ kind: 'failed', message: error.message }),
    );
  };
  return (
    <>
      <Button size="compact-sm" variant="light" color="gray" mt={4} onClick={() => setOpen(true)} aria-label={t('data.release.openLabel', { id: participantId })}>
        {t('data.release.open')}
      </Button>
      <Modal opened={open} onClose={close} title={t('data.release.title', { id: participantId })} closeButtonProps={{ 'aria-label': t('data.release.cancel') }}>
        <Stack>
          {step.kind === 'done' ? (
            <Alert color="green" role="status">{t('data.release.done', { id: participantId })}</Alert>
          ) : (
            <Text size="sm">{t('data.release.body', { id: participantId })}</Text>
          )}
          {step.kind === 'failed' && <Alert color="red" role="alert">{t('data.loadError', { message: errorText(step.message) })}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t(step.kind === 'done' ? 'data.release.close' : 'data.release.cancel')}
            </Button>
            {step.kind !== 'done' && (
              <Button color="orange" loading={step.kind === 'sending'} onClick={release}>
                {t('data.release.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
