/**
 * Session resume (SPEC §4, issue 3 item 2).
 *
 * The rule, and why:
 * - On start, a page with no user in memory asks the server once (`resumeSession`), whatever
 *   the debounce says: memory is empty after every load, and the only way to learn of a login
 *   made on another host (app.chi.localhost → delphi.chi.localhost share the cookie, not the
 *   local storage) is to ask. One call per page load is cheap.
 * - After that, a running page re-checks (when the tab becomes visible again) at most once per
 *   20 minutes and not within 2 minutes after a login; the times live in local storage so that
 *   every tab and reload of this origin shares one budget.
 * - The `app` host does not resume on start (SPEC §4): it is where logins and mail links
 *   happen. It restores the user on demand instead (`ensureSession`): when a route needing a
 *   login opens, so a reload of /cloud keeps a logged-in user on /cloud, and when the header's
 *   account control shows, so the header never says Log in to a logged-in user (issue 18).
 * "Nobody" is an ordinary answer (`User: null`, 200), so a visitor's page logs no error; a 401
 * (an older server) means the same and is never a trip to the login modal.
 */
import { RESUME_SESSION_AFTER_LOGIN_MS, RESUME_SESSION_DEBOUNCE_MS, account, type AppId } from '@chi/contract';
import { api } from '../api/api';
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';
import { sessionGeneration, sessionStore, setSessionCheck, setSessionUser, toSessionUser, type SessionUser } from './session-store';

export const LAST_RESUME_KEY = 'chi.session.lastResumeAt';
export const LAST_LOGIN_KEY = 'chi.session.lastLoginAt';

export interface ResumeClock {
  now: number;
  lastResumeAt: number | undefined;
  lastLoginAt: number | undefined;
}

/** Whether a running page may re-check its session now (the debounce). */
export function isResumeDue({ now, lastResumeAt, lastLoginAt }: ResumeClock): boolean {
  if (lastLoginAt !== undefined && now - lastLoginAt < RESUME_SESSION_AFTER_LOGIN_MS) return false;
  return lastResumeAt === undefined || now - lastResumeAt >= RESUME_SESSION_DEBOUNCE_MS;
}

/** Whether the page should resume on start: never on the app host, always when memory holds no user. */
export function shouldResumeOnStart(appId: AppId, hasUser: boolean, clock: ResumeClock): boolean {
  if (appId === 'app') return false;
  return !hasUser || isResumeDue(clock);
}

function readTime(key: string): number | undefined {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

function writeTime(key: string, value: number | undefined): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, String(value));
  } catch {
    // Blocked storage only costs an extra resume call.
  }
}

export function readClock(now = Date.now()): ResumeClock {
  return { now, lastResumeAt: readTime(LAST_RESUME_KEY), lastLoginAt: readTime(LAST_LOGIN_KEY) };
}

/** The question in flight, and the store generation it was asked under (session-store.ts). */
let inFlight: { promise: Promise<void>; generation: number } | undefined;

/** Asks the server who is logged in (`User: null`: nobody). Other failures leave the state as it was. */
export function resumeSession(client: ApiClient = api): Promise<void> {
  const generation = sessionGeneration();
  if (inFlight?.generation === generation) return inFlight.promise;
  // The answer lands only in the store it was asked for: after a reset (tests sharing one page)
  // a late answer of the page before would otherwise say "known" before this one asked.
  const ours = () => generation === sessionGeneration();
  const current = (async () => {
    setSessionCheck('checking');
    try {
      const answer = await client.call(account.resumeSession, {}, { fresh: true, quietUnauthorized: true });
      if (ours()) setSessionUser(answer.User ? toSessionUser(answer.User) : null);
    } catch (error) {
      if (ours() && isApiError(error) && error.status === 401) setSessionUser(null);
    } finally {
      if (ours()) {
        writeTime(LAST_RESUME_KEY, Date.now());
        setSessionCheck('known');
      }
      if (inFlight?.generation === generation) inFlight = undefined;
    }
  })();
  inFlight = { promise: current, generation };
  return current;
}

/** Called once when the shell starts on a host. */
export function resumeOnStart(appId: AppId, client: ApiClient = api): Promise<void> | undefined {
  if (sessionStore.get().check !== 'unknown') return undefined;
  if (!shouldResumeOnStart(appId, sessionStore.get().user !== null, readClock())) return undefined;
  return resumeSession(client);
}

/** A tab that becomes visible again re-checks, within the debounce. */
export function resumeIfDue(appId: AppId, client: ApiClient = api): Promise<void> | undefined {
  const hasUser = sessionStore.get().user !== null;
  if (appId === 'app' && !hasUser) return undefined;
  if (!isResumeDue(readClock())) return undefined;
  return resumeSession(client);
}

/** For routes needing a login: make sure this page has asked the server once. */
export function ensureSession(client: ApiClient = api): Promise<void> {
  const { check } = sessionStore.get();
  if (check === 'known') return Promise.resolve();
  return resumeSession(client);
}

/** After login, activation or a session key: the new user, a fresh cache, and no resume for 2 minutes. */
export function startSession(user: SessionUser, client: ApiClient = api): void {
  client.clearCache();
  writeTime(LAST_LOGIN_KEY, Date.now());
  setSessionUser(user);
  setSessionCheck('known');
}

/** After logout or forget-me: nobody, and the next page load asks again. */
export function endSession(client: ApiClient = api): void {
  client.clearCache();
  writeTime(LAST_LOGIN_KEY, undefined);
  writeTime(LAST_RESUME_KEY, undefined);
  setSessionUser(null);
  setSessionCheck('known');
}
