import { describe, expect, it } from 'vitest';
import { adoptClosedTabs, claimTab, holdLock, tabLockName, tabOutboxKey, type TabLocks } from './tab-lease';
import { MemoryStorage } from '../../../shell/durable-queue/safe-storage';

/**
 * `navigator.locks` as far as we use it (jsdom has none): exclusive locks granted in request
 * order, the callback called asynchronously, the lock held until the callback's promise
 * settles, `ifAvailable` answered with null while another holder has it.
 */
class FakeLocks implements TabLocks {
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, (() => void)[]>();

  request<T>(name: string, options: LockOptions, callback: LockGrantedCallback<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        void Promise.resolve()
          .then(() => callback({ name, mode: 'exclusive' }))
          .then(resolve, reject)
          .finally(() => this.release(name));
      };
      if (!this.held.has(name)) grant();
      else if (options.ifAvailable) void Promise.resolve().then(() => callback(null)).then(resolve, reject);
      else this.waiting.set(name, [...(this.waiting.get(name) ?? []), grant]);
    });
  }

  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  private release(name: string): void {
    this.held.delete(name);
    const [next, ...rest] = this.waiting.get(name) ?? [];
    this.waiting.set(name, rest);
    next?.();
  }
}


const ids = (...list: string[]) => () => list.shift() ?? 'exhausted';
const SHARED = 'chi.delphi.outbox.P1.S1';

describe('holdLock', () => {
  it('holds the lock until released, and answers null to another page meanwhile', async () => {
    const locks = new FakeLocks();
    const release = await holdLock(locks, 'a');
    expect(release).not.toBeNull();
    expect(await holdLock(locks, 'a')).toBeNull();
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(locks.isHeld('a')).toBe(false);
    expect(await holdLock(locks, 'a')).not.toBeNull();
  });
});

describe('claimTab', () => {
  it('keeps the id of sessionStorage (a reload) and holds its lock', async () => {
    const locks = new FakeLocks();
    const session = new MemoryStorage();
    session.setItem('chi.delphi.tabId', 'tab-1');
    const lease = await claimTab(locks, session, ids('fresh'));
    expect(lease.tabId).toBe('tab-1');
    expect(locks.isHeld(tabLockName('tab-1'))).toBe(true);
  });

  it('gives a duplicated tab (same sessionStorage, lock held) a new id of its own', async () => {
    const locks = new FakeLocks();
    const original = new MemoryStorage();
    await claimTab(locks, original, ids('tab-1'));
    const copied = new MemoryStorage();
    copied.setItem('chi.delphi.tabId', original.getItem('chi.delphi.tabId') ?? '');
    const duplicate = await claimTab(locks, copied, ids('tab-2'));
    expect(duplicate.tabId).toBe('tab-2');
    expect(copied.getItem('chi.delphi.tabId')).toBe('tab-2');
    expect(original.getItem('chi.delphi.tabId')).toBe('tab-1');
  });
});

describe('adoptClosedTabs', () => {
  it('adopts the keys of closed tabs and the old shared key, never an open tab\'s or another suite\'s', async () => {
    const locks = new FakeLocks();
    const storage = new MemoryStorage();
    const session = new MemoryStorage();
    const own = await claimTab(locks, session, ids('own'));
    const open = await claimTab(locks, new MemoryStorage(), ids('open'));
    storage.setItem(tabOutboxKey(SHARED, own.tabId), 'mine');
    storage.setItem(tabOutboxKey(SHARED, open.tabId), 'open tab');
    storage.setItem(tabOutboxKey(SHARED, 'closed'), 'closed tab');
    storage.setItem(SHARED, 'before per-tab keys');
    storage.setItem('chi.delphi.outbox.P2.S1.other', 'another participant');
    const adopted: string[] = [];
    expect(await adoptClosedTabs(locks, storage, SHARED, own.tabId, (raw) => adopted.push(raw))).toBe(2);
    expect(adopted.sort()).toEqual(['before per-tab keys', 'closed tab']);
    expect(storage.keys().sort()).toEqual(['chi.delphi.outbox.P1.S1.open', 'chi.delphi.outbox.P1.S1.own', 'chi.delphi.outbox.P2.S1.other']);
  });

  it('adopts a tab once it is closed (its lock released)', async () => {
    const locks = new FakeLocks();
    const storage = new MemoryStorage();
    const other = await claimTab(locks, new MemoryStorage(), ids('other'));
    storage.setItem(tabOutboxKey(SHARED, 'other'), 'records');
    const adopted: string[] = [];
    expect(await adoptClosedTabs(locks, storage, SHARED, 'own', (raw) => adopted.push(raw))).toBe(0);
    other.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await adoptClosedTabs(locks, storage, SHARED, 'own', (raw) => adopted.push(raw))).toBe(1);
    expect(adopted).toEqual(['records']);
  });

  it('lets only one of two tabs adopt a closed tab\'s key', async () => {
    const locks = new FakeLocks();
    const storage = new MemoryStorage();
    storage.setItem(tabOutboxKey(SHARED, 'closed'), 'records');
    const byA: string[] = [];
    const byB: string[] = [];
    const counts = await Promise.all([
      adoptClosedTabs(locks, storage, SHARED, 'a', (raw) => byA.push(raw)),
      adoptClosedTabs(locks, storage, SHARED, 'b', (raw) => byB.push(raw)),
    ]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect([...byA, ...byB]).toEqual(['records']);
  });
});
