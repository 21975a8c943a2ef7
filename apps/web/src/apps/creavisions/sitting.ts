/**
 * The participant's sitting of an event (ADR 030): its id and secret token, kept per event in
 * localStorage so a reload, or coming back later in the same browser, continues it. A small
 * store, so the event page follows a sitting begun in the Begin Session modal.
 */
import { createStore, useStore } from '../../shell/store';

export interface Sitting {
  readonly eventName: string;
  readonly sessionId: string;
  readonly sessionToken: string;
  readonly participant: string;
}

const storageKey = (eventName: string) => `chi.creavisions.sitting.${eventName}`;

function read(eventName: string): Sitting | null {
  try {
    const raw = window.localStorage.getItem(storageKey(eventName));
    const value = raw ? (JSON.parse(raw) as Partial<Sitting>) : null;
    if (value && typeof value.sessionId === 'string' && typeof value.sessionToken === 'string' && typeof value.participant === 'string') {
      return { eventName, sessionId: value.sessionId, sessionToken: value.sessionToken, participant: value.participant };
    }
  } catch {
    // Storage refused: the sitting lives as long as the page.
  }
  return null;
}

const sittings = createStore<Readonly<Record<string, Sitting | null>>>({});

export function storeSitting(eventName: string, sitting: Sitting | null): void {
  try {
    if (sitting) window.localStorage.setItem(storageKey(eventName), JSON.stringify(sitting));
    else window.localStorage.removeItem(storageKey(eventName));
  } catch {
    // As above.
  }
  sittings.set((state) => ({ ...state, [eventName]: sitting }));
}

export function useSitting(eventName: string): Sitting | null {
  const known = useStore(sittings, (state) => state[eventName]);
  return known === undefined ? read(eventName) : known;
}

/** The participant's page of an event. */
export function eventPath(eventName: string): string {
  return `/event/${encodeURIComponent(eventName)}`;
}

/** The event named by the current path, if it is an event page. */
export function eventNameFromPath(pathname: string): string | null {
  const match = /^\/event\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
