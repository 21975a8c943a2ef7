import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { account, isNonEmptyString, type OutputOf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { hashPassword } from '../../../shell/session/password-hash';
import { startSession } from '../../../shell/session/resume-session';
import { toSessionUser } from '../../../shell/session/session-store';
import { useField } from '../../../shell/account/use-field';
import { useAccountTranslation } from '../../../shell/account/i18n/use-account-translation';
import { serverMessage } from '../../../shell/account/server-message';
import { NewPasswordFields, useNewPassword } from '../password-fields';
import { TokenChecking, TokenFrame, TokenProblem } from './token-frame';
import { useTimedFailure } from '../../../shell/status/use-timed-failure';

type Verified = OutputOf<typeof account.verifyToken>;

/** `/activateAccount/:activateAccountToken` and `/activateAcademicAccount/…`: names, password, then logged in on /cloud. */
export function ActivateAccountPage({ academic = false }: { academic?: boolean }) {
  const { t } = useTranslation('app');
  const { t: shellT } = useTranslation();
  const { t: accountT } = useAccountTranslation();
  const token = useParams().activateAccountToken ?? '';
  const navigate = useNavigate();
  const [verified, setVerified] = useState<Verified | null>(null);
  const required = (value: string) => (isNonEmptyString(value) ? null : accountT('validation.required'));
  const firstName = useField(required);
  const lastName = useField(required);
  // SPEC §2: the Academic Title is optional, on the request form and here alike.
  const title = useField(() => null);
  const { password, repeat, error: passwordError } = useNewPassword();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useTimedFailure();
  const { setValue: setFirst } = firstName;
  const { setValue: setLast } = lastName;
  const { setValue: setTitle } = title;

  useEffect(() => {
    let active = true;
    void runAction(account.verifyToken, { tokenName: 'activateAccountToken', token }, { handled: true }).then((result) => {
      if (!active) return;
      const answer = result.ok ? result.data : { valid: false };
      setVerified(answer);
      if (answer._firstName) setFirst(answer._firstName);
      if (answer._lastName) setLast(answer._lastName);
      if (answer.title) setTitle(answer.title);
    });
    return () => {
      active = false;
    };
  }, [token, setFirst, setLast, setTitle]);

  const fields = [firstName, lastName];
  const valid = fields.every((field) => !field.error) && !passwordError;

  async function submit(event: FormEvent) {
    event.preventDefault();
    for (const field of [...fields, password, repeat]) field.touch();
    if (!valid || busy) return;
    setBusy(true);
    setFailure(null);
    const result = await runAction(
      account.activateAccountWithToken,
      {
        activateAccountToken: token,
        _firstName: firstName.value.trim(),
        _lastName: lastName.value.trim(),
        password: await hashPassword(password.value),
        ...(academic ? { title: title.value.trim() } : {}),
      },
      { handled: true, fresh: true },
    );
    setBusy(false);
    if (!result.ok) {
      setFailure(serverMessage(accountT, shellT, result.error.message));
      return;
    }
    startSession(toSessionUser(result.data.User));
    void navigate('/cloud', { replace: true });
  }

  const frameTitle = t('token.activateTitle');
  if (!verified) return <TokenFrame title={frameTitle}><TokenChecking /></TokenFrame>;
  if (!verified.valid) return <TokenFrame title={frameTitle}><TokenProblem remedy="activation" /></TokenFrame>;
  return (
    <TokenFrame title={frameTitle}>
      <Text>{t('token.activateLead', { email: verified.email ?? '' })}</Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {academic && <TextInput label={accountT('fields.academicTitle')} autoComplete="honorific-prefix" {...title.inputProps} />}
          <TextInput label={accountT('fields.firstName')} autoComplete="given-name" required {...firstName.inputProps} />
          <TextInput label={accountT('fields.lastName')} autoComplete="family-name" required {...lastName.inputProps} />
          <NewPasswordFields password={password} repeat={repeat} />
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <Group justify="flex-end">
            <Button type="submit" disabled={!valid || busy} loading={busy}>
              {t('token.activateButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </TokenFrame>
  );
}

export function ActivateAcademicAccountPage() {
  return <ActivateAccountPage academic />;
}
