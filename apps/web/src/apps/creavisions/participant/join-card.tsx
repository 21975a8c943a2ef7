import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creavisions } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { translateErrorMessage } from '../../../shell/i18n/error-message';
import { useModal } from '../../../shell/modals/use-modal';
import { useSessionUser } from '../../../shell/session/session-store';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { stepLogFor } from '../log/step-log';
import { storeSitting } from '../sitting';

type About = { status: 'open' | 'closed'; signUp: boolean };

/**
 * Not joined yet: begin with a session key (the Begin Session modal), an account, or sign up by
 * e-mail — offered only when the event takes sign-ups now (ADR 034). A closed event takes nobody.
 */
export function JoinCard({ eventName }: { eventName: string }) {
  const { t } = useTranslation('creavisions');
  const { t: shellT } = useTranslation();
  const { openModal } = useModal();
  const user = useSessionUser();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(t('join.pageTitle'));
  const hasAccount = Boolean(user && !user.isGuest);
  const [about, setAbout] = useState<About | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const result = await runAction(creavisions.eventAbout, { eventName }, { handled: true, fresh: true });
      if (!live) return;
      if (result.ok) setAbout(result.data);
      else setFailure(translateErrorMessage(shellT, result.error.message));
    })();
    return () => {
      live = false;
    };
  }, [eventName, shellT]);

  async function joinWithAccount() {
    setBusy(true);
    setFailure(null);
    const result = await runAction(creavisions.createSession, { eventName }, { handled: true, fresh: true });
    setBusy(false);
    if (!result.ok) {
      setFailure(translateErrorMessage(shellT, result.error.message));
      return;
    }
    const sitting = { eventName, sessionId: result.data.session._id, sessionToken: result.data.session.token, participant: result.data.session.participant };
    storeSitting(eventName, sitting);
    stepLogFor(sitting).log({ kind: 'joined', data: { via: 'account' } });
  }

  return (
    <Section pb="xl">
      <PageIntro title={t('join.pageTitle')} lead={t('join.lead')} />
      <Stack gap="md" maw={520}>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {about?.status === 'closed' ? (
          <Alert color="yellow" role="status">
            {t('join.closed')}
          </Alert>
        ) : (
          <Group gap="sm" wrap="wrap">
            <Button onClick={() => openModal('userSession')}>{t('join.withKey')}</Button>
            {hasAccount ? (
              <Button variant="default" loading={busy} onClick={() => void joinWithAccount()}>
                {t('join.withAccount')}
              </Button>
            ) : (
              <Button variant="default" onClick={() => openModal('login', { redirect: window.location.pathname })}>
                {t('join.logIn')}
              </Button>
            )}
            {about?.signUp === true && (
              <Button variant="subtle" onClick={() => openModal('signUp', { event: eventName })}>
                {t('join.signUp')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Section>
  );
}
