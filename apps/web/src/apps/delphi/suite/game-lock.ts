/**
 * One Web Lock per running game (`chi.delphi.game.<suite>.<game>`), held by the page that plays
 * it: a page that finds a started game neither running in it nor ended asks for the lock
 * first, and leaves the game alone while another tab holds it (that tab is still playing).
 * Where Web Locks are missing or denied (a study iframe) nothing is held and every check
 * answers "free": that page has no other tab's storage to share a game with anyway.
 */
import type { delphi } from '@chi/contract';

type Locks = Pick<LockManager, 'request'>;

function locks(): Locks | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;
}

export function gameLockName(suiteId: string, gameName: delphi.GameName): string {
  return `chi.delphi.game.${suiteId}.${gameName}`;
}

/** Holds the game's lock until the returned function is called. */
export function holdGameLock(suiteId: string, gameName: delphi.GameName, manager: Locks | null = locks()): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  try {
    void manager?.request(gameLockName(suiteId, gameName), () => held).catch(() => undefined);
  } catch {
    // Denied (third-party storage blocked): nothing to hold.
  }
  return release;
}

/** True unless another page holds the game's lock (i.e. plays it right now). */
export async function isGameLockFree(suiteId: string, gameName: delphi.GameName, manager: Locks | null = locks()): Promise<boolean> {
  if (!manager) return true;
  try {
    return await manager.request(gameLockName(suiteId, gameName), { ifAvailable: true }, (lock) => lock !== null);
  } catch {
    return true;
  }
}
