// jsdom lacks a few browser APIs that Mantine calls; stub them so components render as in a browser.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { api } from '../shell/api/api';
import { resetStatuses } from '../shell/status/status-store';
import { clearActionErrors } from '../shell/action-errors/action-error-store';
import { resetSessionStore } from '../shell/session/session-store';
import { reloadSuiteStore } from '../apps/delphi/suite/suite-store';
import { closeOutboxes } from '../apps/delphi/outbox/outbox-client';
import { closeDurableQueues } from '../shell/durable-queue/durable-queue-client';
import { resetHintStyle } from '../game-kit/input/input-hints';
import { resetPageOutdated } from '../shell/api/page-outdated';
import { TEST_CONFIG, jsonResponse } from './fake-responses';

// Evaluates `(min-width: …)` / `(max-width: …)` against window.innerWidth (jsdom: 1024 px),
// so tests see the desktop layout unless they narrow the window.
function matches(query: string): boolean {
  const width = window.innerWidth;
  const em = (value: string, unit: string) => (unit === 'em' || unit === 'rem' ? Number(value) * 16 : Number(value));
  const min = /min-width:\s*([\d.]+)(px|em|rem)/.exec(query);
  const max = /max-width:\s*([\d.]+)(px|em|rem)/.exec(query);
  if (min && width < em(min[1]!, min[2]!)) return false;
  if (max && width > em(max[1]!, max[2]!)) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
Element.prototype.scrollIntoView ??= () => undefined;
// No FontFaceSet in jsdom; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

// The first lazy modal body of a file is transformed on first import; on a busy shared machine
// that alone can take over the default 1 s of findBy*/waitFor. Waiting longer changes no verdict.
configure({ asyncUtilTimeout: 5000 });

// By default the "server" answers the config call and knows nothing else; tests stub their own.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : jsonResponse(404, {}))),
  );
});

afterEach(() => {
  cleanup();
  // What a test put in the page itself (a prerendered #root, a static dialog) goes too: a #root
  // marked prerendered makes the next file's header a visitor's (prerender-marker.ts).
  document.body.innerHTML = '';
  window.innerWidth = 1024;
  // Test files share one module graph and one jsdom per worker (isolate: false, ADR 039): what a
  // file leaves in the tab's storage or in a store read from it must not reach the next file.
  localStorage.clear();
  sessionStorage.clear();
  // Every cookie a test set (e.g. the shared language choice) goes, as local storage does.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  vi.unstubAllGlobals();
  vi.useRealTimers();
  api.clearCache();
  resetStatuses();
  clearActionErrors();
  resetSessionStore();
  // The participant's suite is read from sessionStorage once, at import: read it again, now empty.
  reloadSuiteStore();
  // The input last seen (a touch makes hints say "tap") is page-wide: a new test starts unseen.
  resetHintStyle();
  resetPageOutdated();
});

// A file's page ends with the file, as it did with a jsdom per file: its outboxes and queues stop
// retrying, so no send of theirs lands in the next file's stubbed fetch.
afterAll(() => {
  closeOutboxes();
  closeDurableQueues();
});
