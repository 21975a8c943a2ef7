import { useState, type FormEvent } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isIdentifier, isNonEmptyString, session } from '@chi/contract';
import { runAction } from '../api/run-action';
import type { ModalBodyProps } from '../modals/modal-names';
import { safeRedirectPath } from '../session/app-host';
import { startSession } from '../session/resume-session';
import { setSessionUserId, toSessionUser } from '../session/session-store';
import { useAccountTranslation } from './i18n/use-account-translation';
import { serverMessage } from './server-message';
import { useField } from './use-field';
import { FormFooter } from './form-footer';
import { useTimedFailure } from '../status/use-timed-failure';

/**
 * `session` / `enterToken` (Enter Session Key) and, with `withUserId`, `userSession` /
 * `enterTokenWithUserId` (Begin Session): SPEC §2, §5. Both start a guest session with
 * ENTER_SESSION_KEY; the user id is kept in the session store for the CCF app.
 */
export function SessionKeyForm({ close, params, withUserId = false }: ModalBodyProps & { withUserId?: boolean }) {
  const { t } = useAccountTranslation();
  const { t: shellT } = useTranslation();
  const navigate = useNavigate();
  const keyFromQuery = withUserId ? params.get('sessionKey') : null;
  const keyMessage = withUserId ? t('validation.key') : t('validation.sessionKey');
  const key = useField((value) => (isNonEmptyString(value) ? null : keyMessage), keyFromQuery ?? '');
  const userId = useField((value) => (isIdentifier(value) ? null : t('validation.userId')), params.get('userId') ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useTimedFailure();
  const valid = !key.error && (!withUserId || !userId.error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    key.touch();
    userId.touch();
    if (!valid || busy) return;
    setBusy(true);
    setFailure(null);
    const result = await runAction(session.enterSessionKey, { key: key.value.trim() }, { handled: true, fresh: true });
    setBusy(false);
    if (!result.ok) {
      setFailure(serverMessage(t, shellT, result.error.message));
      return;
    }
    startSession(toSessionUser(result.data.User));
    if (withUserId) setSessionUserId(userId.value.trim());
    const redirect = safeRedirectPath(params.get('redirect'));
    if (redirect) void navigate(redirect, { replace: true });
    else close();
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {!withUserId && <Text size="sm">{t('session.intro')}</Text>}
        {!keyFromQuery && <TextInput label={t('fields.key')} autoComplete="off" required data-autofocus {...key.inputProps} />}
        {withUserId && (
          <TextInput
            label={params.get('userIdLabel') || t('fields.userId')}
            autoComplete="off"
            required
            data-autofocus={keyFromQuery ? true : undefined}
            {...userId.inputProps}
          />
        )}
        <FormFooter failure={failure} dismissLabel={t('buttons.back')} onDismiss={close} submitLabel={t('buttons.submit')} disabled={!valid || busy} busy={busy} />
      </Stack>
    </form>
  );
}

export function UserSessionForm(props: ModalBodyProps) {
  return <SessionKeyForm {...props} withUserId />;
}
