import { Stack, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { runAction } from '../../shell/api/run-action';
import type { ModalBodyProps } from '../../shell/modals/modal-names';
import { FormFooter } from '../../shell/account/form-footer';
import { useAccountTranslation } from '../../shell/account/i18n/use-account-translation';
import { serverMessage } from '../../shell/account/server-message';
import { BeginKeyedSessionForm } from '../../shell/keyed-session/begin-keyed-session-form';
import { stepLogFor } from './log/step-log';
import { eventNameFromPath, eventPath, storeSitting } from './sitting';

/**
 * Begin Session on the creative-visions host (SPEC §2 `userSession`; the shared keyed-session
 * form): the event comes from the page (`/event/{eventName}`); `CVSession create` checks the
 * key and the user id.
 */
export function BeginSessionForm({ close, params }: ModalBodyProps) {
  const { t } = useAccountTranslation();
  const { t: cvT } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const eventName = eventNameFromPath(location.pathname);

  if (eventName === null) {
    return (
      <Stack gap="md">
        <Text>{cvT('begin.noEvent')}</Text>
        <FormFooter failure={null} dismissLabel={t('buttons.back')} onDismiss={close} submitLabel={cvT('begin.submit')} disabled busy={false} />
      </Stack>
    );
  }

  return (
    <BeginKeyedSessionForm
      close={close}
      params={params}
      texts={{ beginning: cvT('begin.beginning'), submit: cvT('begin.submit') }}
      begin={async ({ sessionKey, userId }) => {
        const result = await runAction(creavisions.createSession, { eventName, sessionKey, userId }, { handled: true, fresh: true });
        if (!result.ok) return serverMessage(t, shellT, result.error.message);
        return () => {
          const sitting = { eventName, sessionId: result.data.session._id, sessionToken: result.data.session.token, participant: result.data.session.participant };
          storeSitting(eventName, sitting);
          stepLogFor(sitting).log({ kind: 'joined', data: { via: 'key' } });
          void navigate(eventPath(eventName), { replace: true });
        };
      }}
    />
  );
}
