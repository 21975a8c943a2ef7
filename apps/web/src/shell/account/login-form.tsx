import { useState, type FormEvent } from 'react';
import { Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { account, isValidEmail } from '@chi/contract';
import { runAction } from '../api/run-action';
import { useModal } from '../modals/use-modal';
import type { ModalBodyProps } from '../modals/modal-names';
import { hashPassword } from '../session/password-hash';
import { startSession } from '../session/resume-session';
import { toSessionUser } from '../session/session-store';
import { safeRedirectPath } from '../session/app-host';
import { useAccountTranslation } from './i18n/use-account-translation';
import { serverMessage } from './server-message';
import { useField } from './use-field';
import { FormFooter } from './form-footer';
import { LOGIN_FORM_ATTRIBUTE } from '../prerender-marker';
import { useTimedFailure } from '../status/use-timed-failure';

/** SPEC §2, §4: valid only when no field has an error and nothing is in flight; busy while sending. */
export function LoginForm({ close, params }: ModalBodyProps) {
  const { t } = useAccountTranslation();
  const { t: shellT } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { openModal } = useModal();
  const email = useField((value) => (isValidEmail(value) ? null : t('validation.loginEmail')));
  const password = useField((value) => (value.length > 0 ? null : t('validation.loginPassword')));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useTimedFailure();
  const valid = !email.error && !password.error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    email.touch();
    password.touch();
    if (!valid || busy) return;
    setBusy(true);
    setFailure(null);
    const result = await runAction(
      account.login,
      { _email: email.value.trim(), password: await hashPassword(password.value) },
      { handled: true, fresh: true },
    );
    setBusy(false);
    if (!result.ok) {
      setFailure(serverMessage(t, shellT, result.error.message));
      return;
    }
    startSession(toSessionUser(result.data.User));
    const redirect = safeRedirectPath(params.get('redirect'));
    if (redirect) void navigate(redirect, { replace: true });
    else close();
  }

  const redirect = params.get('redirect');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate {...{ [LOGIN_FORM_ATTRIBUTE]: '' }}>
      <Stack gap="md">
        <TextInput label={t('fields.email')} type="email" autoComplete="username" required data-autofocus {...email.inputProps} />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
          {...password.inputProps}
        />
        <Anchor component="button" type="button" size="sm" onClick={() => openModal('forgot')} w="fit-content">
          {t('login.forgot')}
        </Anchor>
        <FormFooter failure={failure} dismissLabel={t('buttons.back')} onDismiss={close} submitLabel={t('buttons.login')} disabled={!valid || busy} busy={busy} />
        <Text size="sm" c="dimmed">
          {t('login.noAccount')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => openModal('register', { redirect: redirect ?? location.pathname })}>
            {t('login.register')}
          </Anchor>
        </Text>
        {/* SPEC §2's session key modal had no way in but a typed ?modal=session (issue 25 item 16). */}
        <Text size="sm" c="dimmed">
          {t('login.haveKey')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => openModal('session', redirect ? { redirect } : {})}>
            {t('login.enterKey')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
