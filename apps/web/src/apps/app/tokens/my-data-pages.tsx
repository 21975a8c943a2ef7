import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { account } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { endSession } from '../../../shell/session/resume-session';
import { SuccessText, TokenFrame, TokenProblem } from './token-frame';

export const MY_DATA_FILE = 'my-data.json';

/** Hands a JSON value to the browser as a file download, without a server round trip. */
export function downloadJson(value: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `/downloadMyData/:downloadMyDataToken`: one button, everything stored about the user as my-data.json. */
export function DownloadMyDataPage() {
  const { t } = useTranslation('app');
  const token = useParams().downloadMyDataToken ?? '';
  const [phase, setPhase] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');

  async function download() {
    setPhase('sending');
    const result = await runAction(account.confirmDownloadMyData, { downloadMyDataToken: token }, { handled: true, fresh: true });
    if (!result.ok) {
      setPhase('failed');
      return;
    }
    downloadJson(result.data, MY_DATA_FILE);
    setPhase('done');
  }

  const title = t('token.downloadTitle');
  if (phase === 'failed') return <TokenFrame title={title}><TokenProblem remedy="account" /></TokenFrame>;
  return (
    <TokenFrame title={title}>
      <Text>{t('token.downloadLead')}</Text>
      {phase === 'done' ? (
        <SuccessText>{t('token.downloadDone')}</SuccessText>
      ) : (
        <Group justify="flex-end">
          <Button onClick={() => void download()} loading={phase === 'sending'}>
            {t('token.downloadButton')}
          </Button>
        </Group>
      )}
    </TokenFrame>
  );
}

/** `/forgetAboutMe/:forgetAboutMeToken`: a clear warning and an explicit confirmation, then deletion and logout. */
export function ForgetAboutMePage() {
  const { t } = useTranslation('app');
  const token = useParams().forgetAboutMeToken ?? '';
  const [understood, setUnderstood] = useState(false);
  const [phase, setPhase] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');

  async function forget() {
    setPhase('sending');
    const result = await runAction(account.confirmForgetAboutMe, { forgetAboutMeToken: token }, { handled: true, fresh: true });
    if (!result.ok) {
      setPhase('failed');
      return;
    }
    endSession();
    setPhase('done');
  }

  const title = t('token.forgetTitle');
  if (phase === 'failed') return <TokenFrame title={title}><TokenProblem remedy="account" /></TokenFrame>;
  if (phase === 'done') return <TokenFrame title={title}><SuccessText>{t('token.forgetDone')}</SuccessText></TokenFrame>;
  return (
    <TokenFrame title={title}>
      <Alert color="red" variant="light" role="alert">
        {t('token.forgetWarning')}
      </Alert>
      <Checkbox label={t('token.forgetConfirm')} checked={understood} onChange={(event) => setUnderstood(event.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button color="red" disabled={!understood} loading={phase === 'sending'} onClick={() => void forget()}>
          {t('token.forgetButton')}
        </Button>
      </Group>
    </TokenFrame>
  );
}
