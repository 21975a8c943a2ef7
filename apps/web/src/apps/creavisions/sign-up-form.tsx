import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creavisions, isNonEmptyString, isValidEmail } from '@chi/contract';
import { runAction } from '../../shell/api/run-action';
import type { ModalBodyProps } from '../../shell/modals/modal-names';
import { FormFooter } from '../../shell/account/form-footer';
import { useAccountTranslation } from '../../shell/account/i18n/use-account-translation';
import { serverMessage } from '../../shell/account/server-message';
import { useField } from '../../shell/account/use-field';

/**
 * `?modal=signUp&event=<name>` (SPEC §2, ADR 030): first name, e-mail and consent; the server
 * mails a personal link to the event's page that begins the session. The same answer whatever
 * the address.
 */
export function EventSignUpForm({ close, params }: ModalBodyProps) {
  const { t } = useTranslation('creavisions');
  const { t: accountT } = useAccountTranslation();
  const { t: shellT } = useTranslation();
  const eventName = params.get('event') ?? '';
  const firstName = useField((value) => (isNonEmptyString(value) ? null : t('signUp.required')));
  const email = useField((value) => (!isNonEmptyString(value) ? t('signUp.required') : isValidEmail(value) ? null : t('signUp.invalidEmail')));
  const [consent, setConsent] = useState(false);
  const [consentTouched, setConsentTouched] = useState(false);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const valid = !firstName.error && !email.error && consent && creavisions.EVENT_NAME_PATTERN.test(eventName);

  async function submit(event: FormEvent) {
    event.preventDefault();
    firstName.touch();
    email.touch();
    setConsentTouched(true);
    if (!valid || state !== 'idle') return;
    setState('sending');
    setFailure(null);
    const result = await runAction(
      creavisions.signUp,
      { eventName, firstName: firstName.value.trim(), email: email.value.trim(), consent: true, _redirectTo: window.location.origin },
      { handled: true, fresh: true },
    );
    if (!result.ok) {
      setState('idle');
      setFailure(serverMessage(accountT, shellT, result.error.message));
      return;
    }
    setState('sent');
  }

  if (state === 'sent') {
    return (
      <Stack gap="md">
        <Text role="status">{t('signUp.sent')}</Text>
        <Group justify="flex-end">
          <Button onClick={close}>{t('signUp.close')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('signUp.intro')}</Text>
        <TextInput label={t('signUp.firstName')} autoComplete="given-name" required data-autofocus {...firstName.inputProps} />
        <TextInput label={t('signUp.email')} type="email" autoComplete="email" required {...email.inputProps} />
        <Checkbox
          label={t('signUp.consent')}
          checked={consent}
          onChange={(event) => {
            setConsent(event.currentTarget.checked);
            setConsentTouched(true);
          }}
          error={consentTouched && !consent ? t('signUp.consentRequired') : undefined}
        />
        {state === 'sending' && (
          <Text size="sm" role="status">
            {t('signUp.wait')}
          </Text>
        )}
        <FormFooter failure={failure} dismissLabel={t('signUp.cancel')} onDismiss={close} submitLabel={t('signUp.submit')} disabled={!valid || state !== 'idle'} busy={state === 'sending'} />
      </Stack>
    </form>
  );
}
