/**
 * The games another page of this browser is playing right now (issue 25, ADR 047): the page
 * that plays a game holds its Web Lock (game-lock.ts), so a second tab's hub shows the game as
 * being played elsewhere — not "interrupted" (it is not), and with no Play that the server would
 * refuse ("already played"). Asked when the hub opens, when another tab writes what it started
 * or ended (a `storage` event), and when the page is shown again; when a held game's lock is
 * released (that tab ended the game or closed), `onReleased` runs so the hub asks the server.
 */
import { useEffect, useRef, useState } from 'react';
import { delphi } from '@chi/contract';
import { gameLockName } from './game-lock';
import { liveGameNames } from './game-run';

type Locks = Pick<LockManager, 'query' | 'request'>;

function locks(): Locks | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;
}

/** The games whose lock some page holds, other than the games this page plays. */
export async function gamesHeldElsewhere(suiteId: string, manager: Locks | null = locks()): Promise<delphi.GameName[]> {
  if (!manager) return [];
  try {
    const held = new Set(((await manager.query()).held ?? []).map((lock) => lock.name));
    const live = liveGameNames();
    return delphi.GAME_NAMES.filter((name) => held.has(gameLockName(suiteId, name)) && !live.includes(name));
  } catch {
    // Denied (a study frame without storage): no other tab shares this page's games.
    return [];
  }
}

export function useGamesHeldElsewhere(suiteId: string, onReleased: () => void): readonly delphi.GameName[] {
  const [held, setHeld] = useState<readonly delphi.GameName[]>([]);
  // The latest callback, read when a lock is released: a new one does not restart the watch.
  const released = useRef(onReleased);
  released.current = onReleased;
  useEffect(() => {
    const manager = locks();
    if (!manager) return;
    let active = true;
    const waits = new Map<delphi.GameName, AbortController>();
    const check = () =>
      void gamesHeldElsewhere(suiteId, manager).then((names) => {
        if (!active) return;
        setHeld((previous) => (previous.join() === names.join() ? previous : names));
        for (const name of names) {
          if (waits.has(name)) continue;
          const abort = new AbortController();
          waits.set(name, abort);
          // Granted once the other page lets go; released again at once (nothing is held here).
          manager.request(gameLockName(suiteId, name), { signal: abort.signal }, () => undefined).then(
            () => {
              waits.delete(name);
              if (!active) return;
              check();
              released.current();
            },
            () => waits.delete(name),
          );
        }
      });
    const onVisible = () => document.visibilityState === 'visible' && check();
    check();
    window.addEventListener('storage', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      active = false;
      for (const abort of waits.values()) abort.abort();
      window.removeEventListener('storage', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [suiteId]);
  return held;
}
