import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { creavisions, isIdentifier, isNonEmptyString } from '@chi/contract';
import { runAction } from '../../shell/api/run-action';
import type { ModalBodyProps } from '../../shell/modals/modal-names';
import { FormFooter } from '../../shell/account/form-footer';
import { useAccountTranslation } from '../../shell/account/i18n/use-account-translation';
import { serverMessage } from '../../shell/account/server-message';
import { useField } from '../../shell/account/use-field';
import { stepLogFor } from './log/step-log';
import { eventNameFromPath, eventPath, storeSitting } from './sitting';

/**
 * Begin Session on the creative-visions host (SPEC §2 `userSession`): the event comes from the
 * page (`/event/{eventName}`), the key field is hidden when `sessionKey` is in the query, the
 * user id's label comes from `userIdLabel`. `CVSession create` checks both; a link that carries
 * the key and the id (a facilitator's link, a sign-up mail) begins at once.
 */
export function BeginSessionForm({ close, params }: ModalBodyProps) {
  const { t } = useAccountTranslation();
  const { t: cvT } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const eventName = eventNameFromPath(location.pathname);
  const keyFromQuery = params.get('sessionKey');
  const key = useField((value) => (isNonEmptyString(value) ? null : t('validation.key')), keyFromQuery ?? '');
  const userId = useField((value) => (isIdentifier(value) ? null : t('validation.userId')), params.get('userId') ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = !key.error && !userId.error && eventName !== null;

  async function begin() {
    if (eventName === null) return;
    setBusy(true);
    setFailure(null);
    const result = await runAction(creavisions.createSession, { eventName, sessionKey: key.value.trim(), userId: userId.value.trim() }, { handled: true, fresh: true });
    setBusy(false);
    if (!result.ok) {
      setFailure(serverMessage(t, shellT, result.error.message));
      return;
    }
    const sitting = { eventName, sessionId: result.data.session._id, sessionToken: result.data.session.token, participant: result.data.session.participant };
    storeSitting(eventName, sitting);
    stepLogFor(sitting).log({ kind: 'joined', data: { via: 'key' } });
    void navigate(eventPath(eventName), { replace: true });
  }

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

  if (eventName === null) {
    return (
      <Stack gap="md">
        <Text>{cvT('begin.noEvent')}</Text>
        <FormFooter failure={null} dismissLabel={t('buttons.back')} onDismiss={close} submitLabel={cvT('begin.submit')} disabled busy={false} />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {busy && (
          <Text size="sm" role="status">
            {cvT('begin.beginning')}
          </Text>
        )}
        {!keyFromQuery && <TextInput label={t('fields.key')} autoComplete="off" required data-autofocus {...key.inputProps} />}
        <TextInput label={params.get('userIdLabel') || t('fields.userId')} autoComplete="off" required data-autofocus={keyFromQuery ? true : undefined} {...userId.inputProps} />
        <FormFooter failure={failure} dismissLabel={t('buttons.back')} onDismiss={close} submitLabel={cvT('begin.submit')} disabled={!valid || busy} busy={busy} />
      </Stack>
    </form>
  );
}
