import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSuiteState } from './suite-store';

/** Wraps every delphi page: whatever page a reload lands on, the outbox resumes sending. */
export function DelphiLayout() {
  const { session } = useSuiteState();
  useEffect(() => {
    // Loaded on demand: the outbox is not part of the home chunk's first load.
    if (session) void import('../outbox/outbox-client').then((m) => m.getOutbox(session.participantId, session.suiteId));
  }, [session]);
  return <Outlet />;
}
