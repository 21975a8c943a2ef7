import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { account, isNonEmptyString, isValidEmail } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { StatusMessage } from '../../../shell/status/status-message';
import { clearErrorStatus } from '../../../shell/status/status-store';
import { appHostOrigin } from '../../../shell/session/app-host';
import { hashPassword } from '../../../shell/session/password-hash';
import { useField } from '../../../shell/account/use-field';
import { useAccountTranslation } from '../../../shell/account/i18n/use-account-translation';
import type { SessionUser } from '../../../shell/session/session-store';
import { NewPasswordFields, useNewPassword } from '../password-fields';

export function CloudCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {lead && <Text size="sm" c="dimmed">{lead}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}

export function ChangePasswordSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('app');
  const { t: accountT } = useAccountTranslation();
  const current = useField((value) => (value.length > 0 ? null : accountT('validation.loginPassword')));
  const { password, repeat, error } = useNewPassword();
  const [busy, setBusy] = useState(false);
  const valid = !current.error && !error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    for (const field of [current, password, repeat]) field.touch();
    if (!valid || busy || !user._id) return;
    setBusy(true);
    const update = { passphrase: await hashPassword(current.value), newPassphrase: await hashPassword(password.value) };
    const result = await runAction(account.changePassword, { update }, {
      id: user._id, handled: true, fresh: true, successMessage: t('account.passwordChanged'),
    });
    setBusy(false);
    if (result.ok) for (const field of [current, password, repeat]) field.reset();
  }

  return (
    <CloudCard title={t('account.changePassword')}>
      <form onSubmit={(event) => void submit(event)} onChange={() => clearErrorStatus('CHANGE_PASSWORD')} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('account.currentPassword')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': accountT('fields.togglePassword') }}
            {...current.inputProps}
          />
          <NewPasswordFields password={password} repeat={repeat} />
          <StatusMessage operation="CHANGE_PASSWORD" />
          <Group justify="flex-end">
            <Button type="submit" disabled={!valid || busy} loading={busy}>
              {t('account.changePasswordButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </CloudCard>
  );
}

export function ChangeEmailSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('app');
  const { t: accountT } = useAccountTranslation();
  const email = useField((value) =>
    !isNonEmptyString(value) ? accountT('validation.required') : isValidEmail(value) ? null : accountT('validation.invalidEmail'),
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    email.touch();
    if (email.error || busy || !user._id) return;
    setBusy(true);
    const result = await runAction(
      account.requestChangeEmail,
      { newEmail: email.value.trim(), _redirectTo: appHostOrigin() },
      { id: user._id, handled: true, fresh: true, successMessage: t('account.changeEmailSent') },
    );
    setBusy(false);
    if (result.ok) email.reset();
  }

  return (
    <CloudCard title={t('account.changeEmail')} lead={t('account.changeEmailLead')}>
      <form onSubmit={(event) => void submit(event)} onChange={() => clearErrorStatus('REQUEST_CHANGE_EMAIL')} noValidate>
        <Stack gap="sm">
          <TextInput label={t('account.newEmail')} type="email" autoComplete="email" required {...email.inputProps} />
          <StatusMessage operation="REQUEST_CHANGE_EMAIL" />
          <Group justify="flex-end">
            <Button type="submit" disabled={Boolean(email.error) || busy} loading={busy}>
              {t('account.changeEmailButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </CloudCard>
  );
}

/** Download my data and forget about me: each mails a link, so a stolen session cannot do either alone. */
export function MailedLinkSection({ user, kind }: { user: SessionUser; kind: 'download' | 'forget' }) {
  const { t } = useTranslation('app');
  const [busy, setBusy] = useState(false);
  const descriptor = kind === 'download' ? account.requestDownloadMyData : account.forgetMe;

  async function send() {
    if (!user._id) return;
    setBusy(true);
    await runAction(descriptor, { _redirectTo: appHostOrigin() }, {
      id: user._id, handled: true, fresh: true,
      successMessage: kind === 'download' ? t('account.downloadDataSent') : t('account.forgetSent'),
    });
    setBusy(false);
  }

  return (
    <CloudCard
      title={kind === 'download' ? t('account.downloadData') : t('account.forget')}
      lead={kind === 'download' ? t('account.downloadDataLead') : t('account.forgetLead')}
    >
      <StatusMessage operation={descriptor.name} />
      <Group justify="flex-end">
        {/* A long label (Danish "Send mig et bekræftelseslink") wraps on a phone instead of being cut. */}
        <Button variant={kind === 'forget' ? 'outline' : 'filled'} color={kind === 'forget' ? 'red' : undefined} loading={busy} onClick={() => void send()} h="auto" mih={36} py={6} maw="100%" styles={{ label: { whiteSpace: 'normal' } }}>
          {kind === 'download' ? t('account.downloadDataButton') : t('account.forgetButton')}
        </Button>
      </Group>
    </CloudCard>
  );
}
