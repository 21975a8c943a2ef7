import { useEffect } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { enterSuite, leaveSuite } from './suite-store';

/** The embedding study page's origin when this page runs in its iframe; null when opened directly. */
export function parentOriginOf(win: Window = window): string | null {
  if (win.parent === win || !win.document.referrer) return null;
  try {
    return new URL(win.document.referrer).origin;
  } catch {
    return null;
  }
}

/**
 * Asks the server for the participant's suite (creating it on the first visit). Not `fresh`:
 * the entry and the hub it opens ask within a moment of each other, and identical calls within
 * the cooldown share one answer (SPEC §7); `fresh` made every hub load ask twice.
 */
export async function fetchSuite(participantId: string, parentOrigin: string | null, fresh = false): Promise<delphi.Suite> {
  const options = fresh ? { fresh: true } : {};
  const answer = parentOrigin
    ? await api.call(delphi.initStudySuite, { _participantId: participantId, parentOrigin, resetParticipantForTesting: false }, options)
    : await api.call(delphi.initLocalSuite, { _participantId: participantId, resetParticipantForTesting: false }, options);
  return answer.suite;
}

/** `/?participantId=<id>`: validates the id, joins the suite, then shows the hub (or explains why not). */
export function SuiteEntry({ participantId }: { participantId: string }) {
  const { t } = useTranslation('delphi');
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    const parsed = delphi.participantIdSchema.safeParse(participantId);
    // A bad link must not leave an older participant's session behind in this tab.
    const unavailable = () => {
      leaveSuite();
      void navigate('/GamesUnavailable', { replace: true });
    };
    if (!parsed.success) {
      unavailable();
      return;
    }
    const parentOrigin = parentOriginOf();
    fetchSuite(parsed.data, parentOrigin).then(
      (suite) => {
        if (!active) return;
        enterSuite({ participantId: parsed.data, suiteId: suite._id, parentOrigin }, suite);
        void navigate('/', { replace: true });
      },
      () => active && unavailable(),
    );
    return () => {
      active = false;
    };
  }, [participantId, navigate]);
  return (
    <Center py="xl">
      <Stack align="center">
        <Loader aria-hidden />
        <Text role="status">{t('suite.joining')}</Text>
      </Stack>
    </Center>
  );
}
