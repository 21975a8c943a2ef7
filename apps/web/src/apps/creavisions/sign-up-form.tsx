import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { runAction } from '../../shell/api/run-action';
import type { ModalBodyProps } from '../../shell/modals/modal-names';
import { SignUpForm } from '../../shell/modals/sign-up-form';
import { useAccountTranslation } from '../../shell/account/i18n/use-account-translation';
import { serverMessage } from '../../shell/account/server-message';

/**
 * `?modal=signUp&event=<name>` (SPEC §2, ADR 030): the shared sign-up form (ADR 034) for an
 * event; the mailed link opens the event's page with the session begun.
 */
export function EventSignUpForm({ close, params }: ModalBodyProps) {
  const { t } = useTranslation('creavisions');
  const { t: accountT } = useAccountTranslation();
  const { t: shellT } = useTranslation();
  const eventName = params.get('event') ?? '';
  return (
    <SignUpForm
      close={close}
      text={(key) => t(`signUp.${key}`)}
      canSend={creavisions.EVENT_NAME_PATTERN.test(eventName)}
      send={async (fields) => {
        const result = await runAction(creavisions.signUp, { eventName, ...fields, consent: true, _redirectTo: window.location.origin }, { handled: true, fresh: true });
        return result.ok ? null : serverMessage(accountT, shellT, result.error.message);
      }}
    />
  );
}
