import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ccf, isIdentifier, isNonEmptyString } from '@chi/contract';
import { runAction } from '../../shell/api/run-action';
import type { ModalBodyProps } from '../../shell/modals/modal-names';
import { FormFooter } from '../../shell/account/form-footer';
import { useAccountTranslation } from '../../shell/account/i18n/use-account-translation';
import { serverMessage } from '../../shell/account/server-message';
import { useField } from '../../shell/account/use-field';
import { useCcfForms } from './participant/i18n/use-ccf-forms';
import { ccfMessage } from './ccf-message';
import { PARTICIPANT_PATH, storeParticipation } from './participation';

/**
 * Begin Session on the CCF host (SPEC §2 `userSession`): the key field is hidden when
 * `sessionKey` is in the query, the user id's label comes from `userIdLabel`. CCF_GET_SESSION
 * checks both; the participant's page then shows the session. A link that carries both the
 * key and the id (a researcher's link, a sign-up mail) begins at once.
 */
export function BeginSessionForm({ close, params }: ModalBodyProps) {
  const { t } = useAccountTranslation();
  const { t: formsT } = useCcfForms();
  const { t: shellT } = useTranslation();
  const navigate = useNavigate();
  const keyFromQuery = params.get('sessionKey');
  const key = useField((value) => (isNonEmptyString(value) ? null : t('validation.key')), keyFromQuery ?? '');
  const userId = useField((value) => (isIdentifier(value) ? null : t('validation.userId')), params.get('userId') ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = !key.error && !userId.error;

  async function begin() {
    setBusy(true);
    setFailure(null);
    const participation = { sessionKey: key.value.trim(), userId: userId.value.trim() };
    const result = await runAction(ccf.getSession, participation, { handled: true, fresh: true });
    setBusy(false);
    if (!result.ok) {
      setFailure(ccfMessage(formsT, result.error.message) ?? serverMessage(t, shellT, result.error.message));
      return;
    }
    storeParticipation(participation);
    void navigate(PARTICIPANT_PATH, { replace: true });
  }

  // Once per opening: a link with both parameters begins without another click.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (autoStarted.current || !keyFromQuery || !params.get('userId') || !valid) return;
    autoStarted.current = true;
    void begin();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    key.touch();
    userId.touch();
    if (!valid || busy) return;
    void begin();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {busy && (
          <Text size="sm" role="status">
            {formsT('begin.beginning')}
          </Text>
        )}
        {!keyFromQuery && <TextInput label={t('fields.key')} autoComplete="off" required data-autofocus {...key.inputProps} />}
        <TextInput
          label={params.get('userIdLabel') || t('fields.userId')}
          autoComplete="off"
          required
          data-autofocus={keyFromQuery ? true : undefined}
          {...userId.inputProps}
        />
        <FormFooter failure={failure} dismissLabel={t('buttons.back')} onDismiss={close} submitLabel={formsT('begin.submit')} disabled={!valid || busy} busy={busy} />
      </Stack>
    </form>
  );
}
