import { describe, expect, it, vi } from 'vitest';
import { RESUME_SESSION_AFTER_LOGIN_MS, RESUME_SESSION_DEBOUNCE_MS } from '@chi/contract';
import { createApiClient } from '../api/client';
import { jsonResponse } from '../../test/render';
import {
  LAST_LOGIN_KEY,
  LAST_RESUME_KEY,
  ensureSession,
  isResumeDue,
  resumeIfDue,
  resumeOnStart,
  shouldResumeOnStart,
  startSession,
} from './resume-session';
import { sessionStore, setSessionUser } from './session-store';

const NOW = 10_000_000_000;
const USER = {
  _id: 'u1', _email: 'ada@example.org', _firstName: 'Ada', _lastName: 'Lovelace', name: 'Ada Lovelace', title: '',
  '©isDevOp': false, '©isAppAdmin': true, isGuest: false,
};

function fakeClient(status = 200) {
  const fetchMock = vi.fn(async () => (status === 200 ? jsonResponse(200, { Error: null, User: USER, _sessionKey: 's' }) : jsonResponse(status, { Error: { name: 'x', message: 'y', code: status } })));
  const onUnauthorized = vi.fn();
  return { client: createApiClient({ fetch: fetchMock, onUnauthorized }), fetchMock, onUnauthorized };
}

describe('the resume rule', () => {
  it('is due at most once per 20 minutes', () => {
    expect(isResumeDue({ now: NOW, lastResumeAt: undefined, lastLoginAt: undefined })).toBe(true);
    expect(isResumeDue({ now: NOW, lastResumeAt: NOW - RESUME_SESSION_DEBOUNCE_MS + 1, lastLoginAt: undefined })).toBe(false);
    expect(isResumeDue({ now: NOW, lastResumeAt: NOW - RESUME_SESSION_DEBOUNCE_MS, lastLoginAt: undefined })).toBe(true);
  });

  it('is not due within 2 minutes after a login', () => {
    expect(isResumeDue({ now: NOW, lastResumeAt: undefined, lastLoginAt: NOW - RESUME_SESSION_AFTER_LOGIN_MS + 1 })).toBe(false);
    expect(isResumeDue({ now: NOW, lastResumeAt: undefined, lastLoginAt: NOW - RESUME_SESSION_AFTER_LOGIN_MS })).toBe(true);
  });

  it('never resumes on start on the app host; elsewhere always when no user is in memory', () => {
    const recent = { now: NOW, lastResumeAt: NOW - 1000, lastLoginAt: NOW - 1000 };
    expect(shouldResumeOnStart('app', false, recent)).toBe(false);
    expect(shouldResumeOnStart('delphi', false, recent)).toBe(true);
    expect(shouldResumeOnStart('delphi', true, recent)).toBe(false);
  });
});

describe('resuming', () => {
  it('on start (not on the app host) stores the user, quietly, and records the time', async () => {
    const { client, fetchMock } = fakeClient();
    expect(resumeOnStart('app', client)).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    await resumeOnStart('delphi', client);
    expect(sessionStore.get().user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.org', '©isAppAdmin': true });
    expect(sessionStore.get().check).toBe('known');
    expect(Number(localStorage.getItem(LAST_RESUME_KEY))).toBeGreaterThan(0);
    expect(resumeOnStart('delphi', client)).toBeUndefined();
  });

  it('an answer with no user (200) means nobody is logged in', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { Error: null, User: null, _sessionKey: null }));
    const onUnauthorized = vi.fn();
    setSessionUser({ name: 'Stale' });
    await ensureSession(createApiClient({ fetch: fetchMock, onUnauthorized }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionStore.get().user).toBeNull();
    expect(sessionStore.get().check).toBe('known');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 (an older server) means nobody is logged in and does not open the login modal', async () => {
    const { client, onUnauthorized } = fakeClient(401);
    setSessionUser({ name: 'Stale' });
    await ensureSession(client);
    expect(sessionStore.get().user).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a tab coming back re-checks only when due, and not right after a login', async () => {
    const { client, fetchMock } = fakeClient();
    startSession({ name: 'Ada Lovelace' }, client);
    expect(Number(localStorage.getItem(LAST_LOGIN_KEY))).toBeGreaterThan(0);
    expect(resumeIfDue('delphi', client)).toBeUndefined();
    localStorage.setItem(LAST_LOGIN_KEY, String(Date.now() - RESUME_SESSION_DEBOUNCE_MS));
    localStorage.setItem(LAST_RESUME_KEY, String(Date.now() - 1000));
    expect(resumeIfDue('delphi', client)).toBeUndefined();
    localStorage.setItem(LAST_RESUME_KEY, String(Date.now() - RESUME_SESSION_DEBOUNCE_MS));
    await resumeIfDue('delphi', client);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
