import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { account, isNonEmptyString, isValidEmail } from '@chi/contract';
import { runAction } from '../api/run-action';
import type { ModalBodyProps } from '../modals/modal-names';
import { appHostOrigin } from '../session/app-host';
import { useAccountTranslation } from './i18n/use-account-translation';
import { serverMessage } from './server-message';
import { useField } from './use-field';
import { FormFooter } from './form-footer';
import { useTimedFailure } from '../status/use-timed-failure';

type Phase = 'idle' | 'sending' | 'submitted';

/**
 * SPEC §2, §4: idle → sent ('Please wait...') → submitted (only the success text and Close).
 * Mail links point at the app host, where the activation routes live.
 */
export function RegisterForm({ close, params }: ModalBodyProps) {
  const { t } = useAccountTranslation();
  const { t: shellT } = useTranslation();
  const academic = params.get('academic') === 'true';
  const hasRedirect = isNonEmptyString(params.get('redirect'));
  const required = (value: string) => (isNonEmptyString(value) ? null : t('validation.required'));
  const firstName = useField(required);
  const lastName = useField(required);
  // SPEC §2: the Academic Title is optional; it is only shown when the query asks for it.
  const title = useField(() => null);
  const email = useField((value) => (!isNonEmptyString(value) ? t('validation.required') : isValidEmail(value) ? null : t('validation.invalidEmail')));
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useTimedFailure();
  const fields = academic ? [firstName, lastName, title, email] : [firstName, lastName, email];
  const valid = hasRedirect && fields.every((field) => !field.error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    for (const field of fields) field.touch();
    if (!valid || phase !== 'idle') return;
    setPhase('sending');
    setFailure(null);
    const result = await runAction(
      account.requestAccount,
      {
        _email: email.value.trim(),
        _firstName: firstName.value.trim(),
        _lastName: lastName.value.trim(),
        _redirectTo: appHostOrigin(),
        ...(academic && title.value.trim() ? { title: title.value.trim() } : {}),
      },
      { handled: true, fresh: true },
    );
    if (result.ok) {
      setPhase('submitted');
      return;
    }
    setPhase('idle');
    setFailure(serverMessage(t, shellT, result.error.message));
  }

  if (phase === 'submitted') {
    return (
      <Stack gap="md">
        <Text role="status">{t('register.submitted')}</Text>
        <Group justify="flex-end">
          <Button onClick={close}>{t('buttons.close')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {!hasRedirect && (
          <Alert color="yellow" variant="light" role="alert">
            {t('register.noRedirect')}
          </Alert>
        )}
        <TextInput label={t('fields.firstName')} autoComplete="given-name" required data-autofocus {...firstName.inputProps} />
        <TextInput label={t('fields.lastName')} autoComplete="family-name" required {...lastName.inputProps} />
        {academic && <TextInput label={t('fields.academicTitle')} autoComplete="honorific-prefix" {...title.inputProps} />}
        <TextInput label={t('fields.emailAddress')} type="email" autoComplete="email" required {...email.inputProps} />
        {phase === 'sending' && <Text role="status">{t('register.wait')}</Text>}
        <FormFooter failure={failure} dismissLabel={t('buttons.cancel')} onDismiss={close} submitLabel={t('buttons.register')} disabled={!valid || phase !== 'idle'} busy={phase === 'sending'} />
      </Stack>
    </form>
  );
}
