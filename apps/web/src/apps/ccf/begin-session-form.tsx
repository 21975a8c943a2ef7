import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ccf } from '@chi/contract';
import { runAction } from '../../shell/api/run-action';
import type { ModalBodyProps } from '../../shell/modals/modal-names';
import { useAccountTranslation } from '../../shell/account/i18n/use-account-translation';
import { serverMessage } from '../../shell/account/server-message';
import { BeginKeyedSessionForm } from '../../shell/keyed-session/begin-keyed-session-form';
import { useCcfForms } from './participant/i18n/use-ccf-forms';
import { ccfMessage } from './ccf-message';
import { PARTICIPANT_PATH, storeParticipation } from './participation';

/**
 * Begin Session on the CCF host (SPEC §2 `userSession`; the shared keyed-session form):
 * CCF_GET_SESSION checks the key and the user id; the participant's page then shows the session.
 */
export function BeginSessionForm({ close, params }: ModalBodyProps) {
  const { t } = useAccountTranslation();
  const { t: formsT } = useCcfForms();
  const { t: shellT } = useTranslation();
  const navigate = useNavigate();
  return (
    <BeginKeyedSessionForm
      close={close}
      params={params}
      texts={{ beginning: formsT('begin.beginning'), submit: formsT('begin.submit') }}
      begin={async (participation) => {
        const result = await runAction(ccf.getSession, participation, { handled: true, fresh: true });
        if (!result.ok) return ccfMessage(formsT, result.error.message) ?? serverMessage(t, shellT, result.error.message);
        return () => {
          storeParticipation(participation);
          void navigate(PARTICIPANT_PATH, { replace: true });
        };
      }}
    />
  );
}
