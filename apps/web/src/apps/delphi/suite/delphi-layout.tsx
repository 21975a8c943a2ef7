import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSuiteState } from './suite-store';

/** Wraps every delphi page: whatever page a reload lands on, the outbox resumes sending and left games are recorded. */
export function DelphiLayout() {
  const { session } = useSuiteState();
  useEffect(() => {
    // Loaded on demand: the outbox is not part of the home chunk's first load. A game this
    // browser started and no page ended (a crash, a discarded tab) is ended as interrupted.
    if (!session) return;
    void import('../outbox/outbox-client').then((m) => m.getOutbox(session.participantId, session.suiteId));
    void import('./interruption-recovery').then((m) => m.recoverInterruptedGames());
    // The session context and attention events (ADR 026), also on demand.
    void import('../session/session-events').then((m) => m.startSessionEvents(session));
  }, [session]);
  return <Outlet />;
}
