/**
 * A participant in the study sees no researcher links (Data) and no Log in in the header:
 * nothing there is for them, and a stray click would leave the games mid-suite. Anyone
 * logged in, or a visitor without a suite, sees the full header.
 */
import { useLocation, useSearchParams } from 'react-router';
import type { HeaderChrome } from '../../../shell/routing/app-module';
import { useSessionUser } from '../../../shell/session/session-store';
import { useSuiteState } from './suite-store';
import { studyStore } from './study-state';
import { useStore } from '../../../shell/store';

export function useParticipantChrome(): HeaderChrome {
  const { session } = useSuiteState();
  const user = useSessionUser();
  // A study link (`/?participantId=…`) is a participant's from the start, not only once the
  // suite has loaded: Log in had flashed in the header while the hub loaded (issue 25 item 15).
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // A study link's page (`/s/<slug>`: entry, device check, consent) is a participant's too.
  const joining = (pathname === '/' && params.get('participantId') !== null) || pathname.startsWith('/s/');
  const participant = (session !== null || joining) && !user;
  // A study link's page (`/s/<slug>`) and its hub offer only the study's languages (issue 26).
  const entered = useStore(studyStore, (state) => state);
  const inStudy = entered !== null && (pathname.startsWith('/s/') || session?.study?.slug === entered.slug);
  const chrome = { links: !participant, account: !participant };
  return inStudy ? { ...chrome, languages: entered.study.languages } : chrome;
}
