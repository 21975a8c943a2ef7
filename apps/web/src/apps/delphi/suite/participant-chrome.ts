/**
 * A participant in the study sees no researcher links (Data) and no Log in in the header:
 * nothing there is for them, and a stray click would leave the games mid-suite. Anyone
 * logged in, or a visitor without a suite, sees the full header.
 */
import { useLocation, useSearchParams } from 'react-router';
import type { HeaderChrome } from '../../../shell/routing/app-module';
import { useSessionUser } from '../../../shell/session/session-store';
import { useSuiteState } from './suite-store';

export function useParticipantChrome(): HeaderChrome {
  const { session } = useSuiteState();
  const user = useSessionUser();
  // A study link (`/?participantId=…`) is a participant's from the start, not only once the
  // suite has loaded: Log in had flashed in the header while the hub loaded (issue 25 item 15).
  const [params] = useSearchParams();
  const joining = useLocation().pathname === '/' && params.get('participantId') !== null;
  const participant = (session !== null || joining) && !user;
  return { links: !participant, account: !participant };
}
