import { PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useField, type Field } from '../../shell/account/use-field';
import { useAccountTranslation } from '../../shell/account/i18n/use-account-translation';

export const MIN_PASSWORD_LENGTH = 8;

/** A new password and its repetition; `error` is null when both are fine. */
export function useNewPassword(): { password: Field; repeat: Field; error: string | null } {
  const { t } = useTranslation('app');
  const password = useField((value) => (value.length >= MIN_PASSWORD_LENGTH ? null : t('password.tooShort')));
  const repeat = useField((value) => (value === password.value ? null : t('password.mismatch')));
  return { password, repeat, error: password.error ?? repeat.error };
}

export function NewPasswordFields({ password, repeat }: { password: Field; repeat: Field }) {
  const { t } = useTranslation('app');
  const toggle = { 'aria-label': useAccountTranslation().t('fields.togglePassword') };
  return (
    <Stack gap="sm">
      <PasswordInput label={t('password.new')} autoComplete="new-password" required visibilityToggleButtonProps={toggle} {...password.inputProps} />
      <PasswordInput label={t('password.repeat')} autoComplete="new-password" required visibilityToggleButtonProps={toggle} {...repeat.inputProps} />
    </Stack>
  );
}
