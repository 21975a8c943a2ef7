import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { account, type OutputOf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { hashPassword } from '../../../shell/session/password-hash';
import { useAccountTranslation } from '../../../shell/account/i18n/use-account-translation';
import { serverMessage } from '../../../shell/account/server-message';
import { NewPasswordFields, useNewPassword } from '../password-fields';
import { SuccessText, TokenChecking, TokenFrame, TokenProblem } from './token-frame';
import { useTimedFailure } from '../../../shell/status/use-timed-failure';

/** `/resetPassword/:resetPasswordToken`: verify, a new password twice, then a way to log in. */
export function ResetPasswordPage() {
  const { t } = useTranslation('app');
  const { t: shellT } = useTranslation();
  const { t: accountT } = useAccountTranslation();
  const token = useParams().resetPasswordToken ?? '';
  const [verified, setVerified] = useState<OutputOf<typeof account.verifyToken> | null>(null);
  const { password, repeat, error } = useNewPassword();
  const [phase, setPhase] = useState<'idle' | 'sending' | 'done'>('idle');
  const [failure, setFailure] = useTimedFailure();

  useEffect(() => {
    let active = true;
    void runAction(account.verifyToken, { tokenName: 'resetPasswordToken', token }, { handled: true }).then((result) => {
      if (active) setVerified(result.ok ? result.data : { valid: false });
    });
    return () => {
      active = false;
    };
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    password.touch();
    repeat.touch();
    if (error || phase !== 'idle') return;
    setPhase('sending');
    setFailure(null);
    const result = await runAction(
      account.resetPasswordWithToken,
      { resetPasswordToken: token, newPassword: await hashPassword(password.value) },
      { handled: true, fresh: true },
    );
    if (result.ok) {
      setPhase('done');
      return;
    }
    setPhase('idle');
    setFailure(serverMessage(accountT, shellT, result.error.message));
  }

  const title = t('token.resetTitle');
  if (!verified) return <TokenFrame title={title}><TokenChecking /></TokenFrame>;
  if (!verified.valid) return <TokenFrame title={title}><TokenProblem remedy="reset" /></TokenFrame>;
  if (phase === 'done') {
    return (
      <TokenFrame title={title}>
        <SuccessText>{t('token.resetDone')}</SuccessText>
        <Group>
          <Button component={Link} to="/?modal=login&redirect=%2Fcloud">
            {t('token.logIn')}
          </Button>
        </Group>
      </TokenFrame>
    );
  }
  return (
    <TokenFrame title={title}>
      <Text>{t('token.resetLead', { email: verified.email ?? '' })}</Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <NewPasswordFields password={password} repeat={repeat} />
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <Group justify="flex-end">
            <Button type="submit" disabled={Boolean(error) || phase !== 'idle'} loading={phase === 'sending'}>
              {t('token.resetButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </TokenFrame>
  );
}
