import { describe, expect, it } from 'vitest';
import { delphi } from '@chi/contract';
import { MemoryStorage } from '../../../shell/durable-queue/safe-storage';
import { browserKeyFor } from './browser-key';

describe('browserKeyFor', () => {
  it('draws a key the server accepts, once per scope, and keeps it for the tab', () => {
    const store = new MemoryStorage();
    const key = browserKeyFor('local:P1', store);
    expect(delphi.initLocalSuite.input.safeParse({ _participantId: 'P1', browserKey: key }).success).toBe(true);
    expect(key).toHaveLength(43);
    // A retry (or a reload of the tab) sends the same key; another participant or study gets its own.
    expect(browserKeyFor('local:P1', store)).toBe(key);
    expect(browserKeyFor('study:memory', store)).not.toBe(key);
    expect(browserKeyFor('local:P2', store)).not.toBe(key);
  });

  it('draws a new key when what the tab kept is no key', () => {
    const store = new MemoryStorage();
    store.setItem('chi.delphi.browserKey.local:P1', 'tampered');
    expect(browserKeyFor('local:P1', store)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
