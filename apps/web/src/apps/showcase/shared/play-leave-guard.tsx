/**
 * A running showcase game or quiz asks before the header links, the language switch or a
 * reload take the visitor away: the game kit's leave watch (game-kit/leave/, as the Delphi games
 * use it). What was answered so far is already in the durable queue, so leaving loses nothing
 * recorded; the play just ends unfinished. A confirmed language change also ends the play: the
 * visitor lands on the overview in the new language.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LeaveDialog } from '../../../game-kit/leave/leave-dialog';
import { proceedLeave, watchLeavingPage, type HeldLeave } from '../../../game-kit/leave/watch-leaving';
import { useShowcasePlay } from './i18n/use-showcase-play';

export function PlayLeaveGuard({ live, basePath }: { live: boolean; basePath: string }) {
  const { t } = useShowcasePlay();
  const navigate = useNavigate();
  const [held, setHeld] = useState<HeldLeave | null>(null);
  // Set once the visitor chose to leave, so the held link or change goes through unasked.
  const released = useRef(false);

  useEffect(() => {
    if (!live) return;
    released.current = false;
    return watchLeavingPage({ basePath, isLive: () => !released.current }, setHeld);
  }, [live, basePath]);

  const leave = () => {
    const leaving = held;
    setHeld(null);
    if (!leaving) return;
    released.current = true;
    proceedLeave(leaving);
    if (leaving.kind === 'select') void navigate('/');
  };

  const texts = { title: t('play.leaveTitle'), body: t('play.leaveBody'), stay: t('play.stay'), leave: t('play.leave') };
  return <LeaveDialog opened={held !== null} texts={texts} onStay={() => setHeld(null)} onLeave={leave} />;
}
