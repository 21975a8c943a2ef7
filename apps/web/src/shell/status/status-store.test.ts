import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATUS_ERROR_TIMEOUT_MS, STATUS_TIMEOUT_MS } from '@chi/contract';
import { getStatus, resetStatuses, setStatus } from './status-store';

describe('status messages per operation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => resetStatuses());

  it('clears a message after 3 s', () => {
    setStatus('LOGIN', { body: 'Please wait...' });
    vi.advanceTimersByTime(STATUS_TIMEOUT_MS - 1);
    expect(getStatus('LOGIN')?.body).toBe('Please wait...');
    vi.advanceTimersByTime(1);
    expect(getStatus('LOGIN')).toBeUndefined();
  });

  it('keeps an error for 10 s', () => {
    setStatus('LOGIN', { isError: true, body: 'A password is required' });
    vi.advanceTimersByTime(STATUS_ERROR_TIMEOUT_MS - 1);
    expect(getStatus('LOGIN')?.isError).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getStatus('LOGIN')).toBeUndefined();
  });

  it('keeps a persistent message', () => {
    setStatus('UPLOAD', { isWarning: true, body: 'Large file', persistent: true });
    vi.advanceTimersByTime(60_000);
    expect(getStatus('UPLOAD')?.isWarning).toBe(true);
  });

  it('uses a given timeout instead of the default, even for a persistent message', () => {
    setStatus('UPLOAD', { isError: true, body: 'x', timeout: 500, persistent: true });
    vi.advanceTimersByTime(500);
    expect(getStatus('UPLOAD')).toBeUndefined();
  });

  it('restarts the clock when the message is replaced, and keeps operations apart', () => {
    setStatus('A', { body: 'first' });
    setStatus('B', { body: 'other' });
    vi.advanceTimersByTime(2_000);
    setStatus('A', { body: 'second' });
    vi.advanceTimersByTime(2_000);
    expect(getStatus('A')?.body).toBe('second');
    expect(getStatus('B')).toBeUndefined();
  });

  it('fills every field of the message', () => {
    expect(setStatus('X', { body: 'b' })).toEqual({
      isError: false,
      isWarning: false,
      isSuccess: false,
      body: 'b',
      timeout: undefined,
      handled: false,
      persistent: false,
      verbose: false,
    });
  });
});
