/**
 * One outbox key per tab (ADR 005). Each tab has an id, kept in sessionStorage so a reload keeps
 * it, and holds a Web Lock named after it for its whole life. A tab that finds its id's lock
 * already held is a duplicate that copied the sessionStorage of another open tab, and takes a
 * new id. A key whose lock is free belongs to a closed tab: another tab of the same participant
 * adopts its records, under that lock so that only one tab does.
 */
import { storageKeys, type SimpleStorage } from '../../../shell/durable-queue/safe-storage';

/** What we use of `navigator.locks` (a LockManager is one). */
export interface TabLocks {
  request<T>(name: string, options: LockOptions, callback: LockGrantedCallback<T>): Promise<T>;
}

const TAB_ID_KEY = 'chi.delphi.tabId';
/** Guards the one key shared by all tabs before per-tab keys (and where Web Locks are missing). */
const SHARED_KEY_LOCK = 'chi.delphi.outbox-shared';

export function tabLockName(tabId: string): string {
  return `chi.delphi.tab.${tabId}`;
}

/** The outbox key of one tab: the shared key of the participant's suite plus the tab id. */
export function tabOutboxKey(sharedKey: string, tabId: string): string {
  return `${sharedKey}.${tabId}`;
}

/** Holds the lock until the returned release is called; null when another page holds it now. */
export function holdLock(locks: TabLocks, name: string): Promise<(() => void) | null> {
  return new Promise((resolve, reject) => {
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        // The lock is held for as long as this promise is pending.
        return new Promise<void>((release) => resolve(() => release()));
      })
      .catch(reject);
  });
}

export interface TabLease {
  tabId: string;
  release: () => void;
}

/** This tab's id, with its lock held; rejects when the browser denies Web Locks (a third-party frame). */
export async function claimTab(locks: TabLocks, session: SimpleStorage, makeId: () => string = () => crypto.randomUUID()): Promise<TabLease> {
  let tabId = session.getItem(TAB_ID_KEY) ?? makeId();
  for (;;) {
    const release = await holdLock(locks, tabLockName(tabId));
    if (release) {
      session.setItem(TAB_ID_KEY, tabId);
      return { tabId, release };
    }
    // Held by a live page: a duplicated tab (or a reload that beat the old page's release;
    // its records are then adopted like a closed tab's, by this very tab).
    tabId = makeId();
  }
}

/**
 * Moves the records of closed tabs (their lock is free) into ours. Under their lock, so two
 * tabs never adopt the same key; ours is written before theirs is removed, so a crash in
 * between can only make a record be sent twice (the server ignores the repeat), never lost.
 * Returns the number of keys adopted.
 */
export async function adoptClosedTabs(
  locks: TabLocks,
  storage: SimpleStorage,
  sharedKey: string,
  ownTabId: string,
  adopt: (raw: string) => void,
): Promise<number> {
  let adopted = 0;
  for (const key of storageKeys(storage)) {
    let lockName: string;
    if (key === sharedKey) lockName = SHARED_KEY_LOCK;
    else if (key.startsWith(`${sharedKey}.`) && key !== tabOutboxKey(sharedKey, ownTabId)) lockName = tabLockName(key.slice(sharedKey.length + 1));
    else continue;
    await locks.request(lockName, { ifAvailable: true }, (lock) => {
      // Its tab is open and sends its own records.
      if (!lock) return;
      // Read under the lock: another tab may have adopted it a moment ago.
      const raw = storage.getItem(key);
      if (raw === null) return;
      adopt(raw);
      storage.removeItem(key);
      adopted += 1;
    });
  }
  return adopted;
}
