import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { delphi } from '@chi/contract';
import { api } from '../../../shell/api/api';
import { enterSuite, leaveSuite } from './suite-store';
import type { SuiteSession } from './suite-store';
import { reenterStudyLink } from './study-link';
import { browserKeyFor } from './browser-key';
import { OpenElsewhere, isOpenElsewhere } from './open-elsewhere';
import { JoiningStatus } from './joining-status';

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
 * the cooldown share one answer (SPEC §7); `fresh` made every hub load ask twice. The hub asks
 * `fresh` once a game another tab held is let go (its end is news then).
 */
export async function fetchSuite(participantId: string, parentOrigin: string | null, fresh = false): Promise<delphi.Suite> {
  const ask = async (renew: boolean) => {
    const options = { fresh: renew };
    const browserKey = browserKeyFor(`local:${participantId}`);
    const answer = parentOrigin
      ? await api.call(delphi.initStudySuite, { _participantId: participantId, parentOrigin, browserKey, resetParticipantForTesting: false }, options)
      : await api.call(delphi.initLocalSuite, { _participantId: participantId, browserKey, resetParticipantForTesting: false }, options);
    return answer.suite;
  };
  try {
    return await ask(fresh);
  } catch (error) {
    if (!isOpenElsewhere(error)) throw error;
  }
  // Two tabs of this browser opening a new link at once: the other tab's answer brings the
  // suite key (a cookie) a moment later. Another browser stays refused.
  for (const wait of ELSEWHERE_RETRIES_MS) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await ask(true);
    } catch (error) {
      if (!isOpenElsewhere(error) || wait === ELSEWHERE_RETRIES_MS.at(-1)) throw error;
    }
  }
  throw new Error('unreachable');
}

const ELSEWHERE_RETRIES_MS = [500, 1500] as const;

/** The session's suite again: by its study link when it came by one (`/s/<slug>`), else as `/?participantId=`. */
export async function fetchSessionSuite(session: SuiteSession, fresh = false): Promise<delphi.Suite> {
  if (session.study) return (await reenterStudyLink(session.study, fresh)).suite;
  return fetchSuite(session.participantId, session.parentOrigin, fresh);
}

/** `/?participantId=<id>`: validates the id, joins the suite, then shows the hub (or explains why not). */
export function SuiteEntry({ participantId }: { participantId: string }) {
  const navigate = useNavigate();
  const [elsewhere, setElsewhere] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setElsewhere(false);
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
      (error: unknown) => {
        if (!active) return;
        if (!isOpenElsewhere(error)) return unavailable();
        // Another browser holds this participant's suite: nothing of theirs is shown here.
        leaveSuite();
        setElsewhere(true);
      },
    );
    return () => {
      active = false;
    };
  }, [participantId, navigate, attempt]);
  if (elsewhere) return <OpenElsewhere onRetry={() => setAttempt((n) => n + 1)} />;
  return <JoiningStatus />;
}
