import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { isIdentifier, isNonEmptyString } from '@chi/contract';
import type { ModalBodyProps } from '../modals/modal-names';
import { FormFooter } from '../account/form-footer';
import { useAccountTranslation } from '../account/i18n/use-account-translation';
import { useField } from '../account/use-field';

/** What a participant gives to begin a keyed session. */
export interface Participation {
  readonly sessionKey: string;
  readonly userId: string;
}

/**
 * Begins the session: the failure to show, or what to do once begun (store it, go to its page).
 * The form is no longer busy when that runs.
 */
export type BeginKeyedSession = (participation: Participation) => Promise<string | (() => void)>;

/**
 * Begin Session of a keyed session (SPEC §2 `userSession`; CCF and creative visions): the key
 * field is hidden when `sessionKey` is in the query, the user id's label comes from
 * `userIdLabel`. A link that carries both the key and the id (a facilitator's link, a sign-up
 * mail) begins at once, once per opening.
 */
export function BeginKeyedSessionForm({ close, params, texts, begin }: ModalBodyProps & { texts: { beginning: string; submit: string }; begin: BeginKeyedSession }) {
  const { t } = useAccountTranslation();
  const keyFromQuery = params.get('sessionKey');
  const key = useField((value) => (isNonEmptyString(value) ? null : t('validation.key')), keyFromQuery ?? '');
  const userId = useField((value) => (isIdentifier(value) ? null : t('validation.userId')), params.get('userId') ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = !key.error && !userId.error;

  async function start() {
    setBusy(true);
    setFailure(null);
    const outcome = await begin({ sessionKey: key.value.trim(), userId: userId.value.trim() });
    setBusy(false);
    if (typeof outcome === 'string') setFailure(outcome);
    else outcome();
  }

  // Once per opening: a link with both parameters begins without another click.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (autoStarted.current || !keyFromQuery || !params.get('userId') || !valid) return;
    autoStarted.current = true;
    void start();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    key.touch();
    userId.touch();
    if (!valid || busy) return;
    void start();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {busy && (
          <Text size="sm" role="status">
            {texts.beginning}
          </Text>
        )}
        {!keyFromQuery && <TextInput label={t('fields.key')} autoComplete="off" required data-autofocus {...key.inputProps} />}
        <TextInput label={params.get('userIdLabel') || t('fields.userId')} autoComplete="off" required data-autofocus={keyFromQuery ? true : undefined} {...userId.inputProps} />
        <FormFooter failure={failure} dismissLabel={t('buttons.back')} onDismiss={close} submitLabel={texts.submit} disabled={!valid || busy} busy={busy} />
      </Stack>
    </form>
  );
}
