import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ccf, isAppId, isIdentifier } from '@chi/contract';
import { runAction } from '../../shell/api/run-action';
import type { ModalBodyProps } from '../../shell/modals/modal-names';
import { SignUpForm as SharedSignUpForm } from '../../shell/modals/sign-up-form';
import { useAccountTranslation } from '../../shell/account/i18n/use-account-translation';
import { serverMessage } from '../../shell/account/server-message';
import { useCcfForms } from './participant/i18n/use-ccf-forms';
import { ccfMessage } from './ccf-message';

/** The CCF host's origin from any host of the framework (mail links begin the session there). */
export function ccfOrigin(location: Pick<Location, 'protocol' | 'hostname' | 'port'> = window.location): string {
  const labels = location.hostname.split('.');
  const rest = labels.length > 1 && isAppId(labels[0] ?? '') ? labels.slice(1) : labels;
  return `${location.protocol}//${['ccf', ...rest].join('.')}${location.port ? `:${location.port}` : ''}`;
}

/**
 * `?modal=signUp&sessionId=…` (SPEC §2): the shared sign-up form (ADR 034) for a CCF session;
 * the mailed link begins the session on the CCF host.
 */
export function SignUpForm({ close, params }: ModalBodyProps) {
  const { t } = useCcfForms();
  const { t: accountT } = useAccountTranslation();
  const { t: shellT } = useTranslation();
  const sessionId = params.get('sessionId') ?? '';

  if (!isIdentifier(sessionId)) {
    return (
      <Stack gap="md">
        <Text>{t('signUp.noSession')}</Text>
        <Group justify="flex-end">
          <Button onClick={close}>{t('signUp.close')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SharedSignUpForm
      close={close}
      text={(key) => t(`signUp.${key}`)}
      send={async (fields) => {
        const result = await runAction(ccf.signUp, { sessionId, ...fields, consent: true, _redirectTo: ccfOrigin() }, { handled: true, fresh: true });
        return result.ok ? null : (ccfMessage(t, result.error.message) ?? serverMessage(accountT, shellT, result.error.message));
      }}
    />
  );
}
