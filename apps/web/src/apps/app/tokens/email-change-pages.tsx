import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { account } from '@chi/contract';
import { runAction, type ActionResult } from '../../../shell/api/run-action';
import { sessionStore, setSessionUser } from '../../../shell/session/session-store';
import { SuccessText, TokenChecking, TokenFrame, TokenProblem } from './token-frame';

/** `/changeAccountEmail/:changeAccountEmailToken`: the current address confirms; the new one gets a last link. */
export function ChangeAccountEmailPage() {
  const { t } = useTranslation('app');
  const token = useParams().changeAccountEmailToken ?? '';
  const [phase, setPhase] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');

  async function confirm() {
    setPhase('sending');
    const result = await runAction(account.confirmChangeEmail, { changeAccountEmailToken: token }, { handled: true, fresh: true });
    setPhase(result.ok ? 'done' : 'failed');
  }

  const title = t('token.changeEmailTitle');
  if (phase === 'failed') return <TokenFrame title={title}><TokenProblem remedy="account" /></TokenFrame>;
  if (phase === 'done') return <TokenFrame title={title}><SuccessText>{t('token.changeEmailDone')}</SuccessText></TokenFrame>;
  return (
    <TokenFrame title={title}>
      <Text>{t('token.changeEmailLead')}</Text>
      <Group justify="flex-end">
        <Button onClick={() => void confirm()} loading={phase === 'sending'}>
          {t('token.changeEmailButton')}
        </Button>
      </Group>
    </TokenFrame>
  );
}

// A mail link opens once, but React's development double effects (and a quick reload) must not
// spend the single-use token twice: the page shares one call per token.
const activations = new Map<string, Promise<ActionResult<{ _status: 'changed'; _email: string }>>>();

/** `/activateNewEmail/:activateNewEmailToken`: switches the account to the new address on opening. */
export function ActivateNewEmailPage() {
  const { t } = useTranslation('app');
  const token = useParams().activateNewEmailToken ?? '';
  const [result, setResult] = useState<{ email: string } | 'failed' | null>(null);

  useEffect(() => {
    let active = true;
    let pending = activations.get(token);
    if (!pending) {
      pending = runAction(account.activateNewEmail, { activateNewEmailToken: token }, { handled: true, fresh: true });
      activations.set(token, pending);
    }
    void pending.then((answer) => {
      if (!active) return;
      if (!answer.ok) {
        setResult('failed');
        return;
      }
      const user = sessionStore.get().user;
      if (user) setSessionUser({ ...user, email: answer.data._email });
      setResult({ email: answer.data._email });
    });
    return () => {
      active = false;
    };
  }, [token]);

  const title = t('token.newEmailTitle');
  if (result === null) return <TokenFrame title={title}><TokenChecking /></TokenFrame>;
  if (result === 'failed') return <TokenFrame title={title}><TokenProblem remedy="account" /></TokenFrame>;
  return (
    <TokenFrame title={title}>
      <SuccessText>{t('token.newEmailDone', { email: result.email })}</SuccessText>
    </TokenFrame>
  );
}
