/**
 * A participant in the study sees no researcher links (Data) and no Log in in the header:
 * nothing there is for them, and a stray click would leave the games mid-suite. Anyone
 * logged in, or a visitor without a suite, sees the full header.
 */
import type { HeaderChrome } from '../../../shell/routing/app-module';
import { useSessionUser } from '../../../shell/session/session-store';
import { useSuiteState } from './suite-store';

export function useParticipantChrome(): HeaderChrome {
  const { session } = useSuiteState();
  const user = useSessionUser();
  const participant = session !== null && !user;
  return { links: !participant, account: !participant };
}
