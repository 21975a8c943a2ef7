import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { account, appIdFromHost, isNonEmptyString, isValidEmail } from '@chi/contract';
import { runAction } from '../api/run-action';
import type { ModalBodyProps } from '../modals/modal-names';
import { appHostOrigin } from '../session/app-host';
import { useAccountTranslation } from './i18n/use-account-translation';
import { serverMessage } from './server-message';
import { useField } from './use-field';
import { useTimedFailure } from '../status/use-timed-failure';

/** SPEC §2, §4: one send only; the answer is the same whether or not the address has an account. */
export function ForgotForm({ close }: ModalBodyProps) {
  const { t } = useAccountTranslation();
  const { t: shellT } = useTranslation();
  const email = useField((value) =>
    !isNonEmptyString(value) ? t('validation.cannotBeEmpty') : isValidEmail(value) ? null : t('validation.invalidEmail'),
  );
  const [phase, setPhase] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useTimedFailure();

  async function submit(event: FormEvent) {
    event.preventDefault();
    email.touch();
    if (email.error || phase !== 'idle') return;
    setPhase('sending');
    setFailure(null);
    const result = await runAction(
      account.requestResetPassword,
      { _email: email.value.trim(), _redirectTo: appHostOrigin(), _appId: appIdFromHost(window.location.host) },
      { handled: true, fresh: true },
    );
    if (result.ok) {
      setPhase('sent');
      return;
    }
    setPhase('idle');
    setFailure(serverMessage(t, shellT, result.error.message));
  }

  const sent = phase === 'sent';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('forgot.intro')}</Text>
        <TextInput label={t('fields.accountEmail')} type="email" autoComplete="email" required readOnly={sent} data-autofocus {...email.inputProps} />
        {sent && (
          <Alert color="green" variant="light" role="status">
            {t('forgot.sent')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {sent ? t('buttons.close') : t('buttons.cancel')}
          </Button>
          <Button type="submit" disabled={Boolean(email.error) || phase !== 'idle'} loading={phase === 'sending'}>
            {t('buttons.sendResetLink')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
