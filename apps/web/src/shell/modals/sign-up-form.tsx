import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { isNonEmptyString, isValidEmail } from '@chi/contract';
import { FormFooter } from '../account/form-footer';
import { useField } from '../account/use-field';
import { useTimedFailure } from '../status/use-timed-failure';

/** The texts of the form, from the namespace of the app that signs up (its `signUp.*` keys). */
export type SignUpText = 'intro' | 'firstName' | 'email' | 'consent' | 'consentRequired' | 'required' | 'invalidEmail' | 'submit' | 'cancel' | 'close' | 'wait' | 'sent';

export interface SignUpFormProps {
  readonly close: () => void;
  readonly text: (key: SignUpText) => string;
  /** Sends the sign-up; answers the message to show when it failed, or null when the mail is on its way. */
  readonly send: (fields: { firstName: string; email: string }) => Promise<string | null>;
  /** False when the target (session, event) is not a valid one: the form cannot be sent. */
  readonly canSend?: boolean;
}

/**
 * The `signUp` modal's form (SPEC §2, ADR 034), one for a CCF session and a creative-visions
 * event: first name, e-mail and consent; the server mails a personal link that begins the
 * session. The answer is the same whatever the address.
 */
export function SignUpForm({ close, text, send, canSend = true }: SignUpFormProps) {
  const firstName = useField((value) => (isNonEmptyString(value) ? null : text('required')));
  const email = useField((value) => (!isNonEmptyString(value) ? text('required') : isValidEmail(value) ? null : text('invalidEmail')));
  const [consent, setConsent] = useState(false);
  const [consentTouched, setConsentTouched] = useState(false);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useTimedFailure();
  const valid = !firstName.error && !email.error && consent && canSend;

  async function submit(event: FormEvent) {
    event.preventDefault();
    firstName.touch();
    email.touch();
    setConsentTouched(true);
    if (!valid || state !== 'idle') return;
    setState('sending');
    setFailure(null);
    const failed = await send({ firstName: firstName.value.trim(), email: email.value.trim() });
    setState(failed === null ? 'sent' : 'idle');
    setFailure(failed);
  }

  if (state === 'sent') {
    return (
      <Stack gap="md">
        <Text role="status">{text('sent')}</Text>
        <Group justify="flex-end">
          <Button onClick={close}>{text('close')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{text('intro')}</Text>
        <TextInput label={text('firstName')} autoComplete="given-name" required data-autofocus {...firstName.inputProps} />
        <TextInput label={text('email')} type="email" autoComplete="email" required {...email.inputProps} />
        <Checkbox
          label={text('consent')}
          checked={consent}
          onChange={(event) => {
            setConsent(event.currentTarget.checked);
            setConsentTouched(true);
          }}
          error={consentTouched && !consent ? text('consentRequired') : undefined}
        />
        {state === 'sending' && (
          <Text size="sm" role="status">
            {text('wait')}
          </Text>
        )}
        <FormFooter failure={failure} dismissLabel={text('cancel')} onDismiss={close} submitLabel={text('submit')} disabled={!valid || state !== 'idle'} busy={state === 'sending'} />
      </Stack>
    </form>
  );
}
