/**
 * Web storage that never throws. Inside a study platform's iframe the browser may deny the
 * pages any storage (third-party storage blocked): reading `localStorage` then throws a
 * SecurityError. The games must still run, so we fall back to memory for this page's life:
 * the games' outbox and the generic durable queue still retry until acknowledged, and send
 * what is left when the page goes (`isLocalStoreDurable` tells them a reload cannot resume it).
 */
export type SimpleStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Storage for this page's life only: the fallback here, and a stand-in storage in tests. */
export class MemoryStorage implements SimpleStorage {
  private readonly items = new Map<string, string>();
  keys(): string[] {
    return [...this.items.keys()];
  }
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const fallbacks = { local: new MemoryStorage(), session: new MemoryStorage() };

function browserStorage(kind: 'local' | 'session'): Storage | null {
  try {
    const storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    const probe = '__chi_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** localStorage, or memory when the browser refuses it. Asked each time, so tests may clear storage freely. */
export function localStore(): SimpleStorage {
  return browserStorage('local') ?? fallbacks.local;
}

export function sessionStore(): SimpleStorage {
  return browserStorage('session') ?? fallbacks.session;
}

/** False when localStorage is denied: what the outbox holds then dies with the page. */
export function isLocalStoreDurable(): boolean {
  return browserStorage('local') !== null;
}

/** Every key of a storage (for finding the outboxes that closed tabs left behind). */
export function storageKeys(storage: SimpleStorage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}
