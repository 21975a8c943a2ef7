/**
 * Leaving a running game is a decision (DESIGN §7, issue 18): the shared leave watch
 * (game-kit/leave/, also used by the showcase) bound to a Delphi game run. While the game runs:
 * - a reload or tab close asks first; if the page goes anyway, `pagehide` ends the game as
 *   interrupted before the outbox sends what is pending with keepalive;
 * - a click on any in-app link or a change of the header's language switch is held and asks
 *   with a dialog; leaving ends the game as interrupted, then the link or the change goes ahead;
 * - any other way out of the game's routes (the browser's Back) ends it as interrupted;
 * - Back to an earlier screen of the game is undone and recorded in the trial (history-guard.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { delphi } from '@chi/contract';
import { LeaveDialog } from '../../../game-kit/leave/leave-dialog';
import { afterNextPaint } from '../../../shell/live-on-intent';
import { proceedLeave, watchLeavingPage, type HeldLeave } from '../../../game-kit/leave/watch-leaving';
import { interruptRun, isRunLive, useGameRun, useRunState, type GameRun } from './game-run';
import { watchHistory } from './history-guard';

/** Wires the page's ways out to the run; `hold` is called for a leave that must be confirmed. */
export function watchLeaving(run: GameRun, basePath: string, hold: (leave: HeldLeave) => void, doc: Document = document): () => void {
  return watchLeavingPage(
    {
      basePath,
      isLive: () => isRunLive(run),
      onUnload: () => interruptRun(run, 'unload'),
      onLeftRoutes: () => interruptRun(run, 'navigation'),
    },
    hold,
    doc,
  );
}

/** A Back press as the session's attention event (on demand, like the step events: no game screen waits for it). */
function logBack(at: number): void {
  void import('../session/session-events').then((events) => events.logBack(at));
}

/** Rendered by every game's layout: the guard, and the dialog that asks. */
export function LeaveGuard({ gameName, basePath }: { gameName: delphi.GameName; basePath: string }) {
  const { t } = useTranslation('delphiGames');
  const run = useGameRun(gameName);
  const live = useRunState(run) === 'live';
  const [held, setHeld] = useState<HeldLeave | null>(null);
  // The dialog (a closed Modal) is mounted after the game's first screen is painted: it is not
  // part of the tap that opens the game (issue 23, ADR 075), and is there long before a leave.
  const [dialogMounted, setDialogMounted] = useState(false);
  useEffect(() => {
    let mounted = true;
    afterNextPaint(() => mounted && setDialogMounted(true));
    return () => {
      mounted = false;
    };
  }, []);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    const current = runRef.current;
    if (!live || !current) return;
    // The watch is wired after the frame that shows the game's first screen: the tap that starts
    // the game (a discrete update, whose effects React runs before the paint) does not wait for it
    // (issue 23, ADR 075 h27). Until then a page that goes still ends the run as interrupted.
    const win = window;
    const onEarlyHide = () => {
      if (isRunLive(current)) interruptRun(current, 'unload');
    };
    win.addEventListener('pagehide', onEarlyHide, { capture: true });
    let unwire: (() => void) | null = null;
    let removed = false;
    afterNextPaint(() => {
      if (removed) return;
      win.removeEventListener('pagehide', onEarlyHide, { capture: true });
      const unwatch = watchLeaving(current, basePath, setHeld);
      const unwatchHistory = watchHistory(current, basePath, logBack);
      unwire = () => {
        unwatchHistory();
        unwatch();
      };
    });
    return () => {
      removed = true;
      win.removeEventListener('pagehide', onEarlyHide, { capture: true });
      // Removed before it was wired (the game left within its first frame): the same end as a wired watch's.
      (unwire ?? watchLeaving(current, basePath, setHeld))();
    };
  }, [live, basePath]);

  const leave = () => {
    const leaving = held;
    setHeld(null);
    if (!leaving) return;
    if (run) interruptRun(run, 'link');
    proceedLeave(leaving);
  };

  const texts = { title: t('play.leaveTitle'), body: t('play.leaveBody'), stay: t('play.stay'), leave: t('play.leave') };
  if (!dialogMounted && held === null) return null;
  return <LeaveDialog opened={held !== null} texts={texts} onStay={() => setHeld(null)} onLeave={leave} />;
}
