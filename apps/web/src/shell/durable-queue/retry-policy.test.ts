import { describe, expect, it } from 'vitest';
import { ApiError, outdatedError } from '../api/errors';
import { backoffDelay, classifyFailure } from './retry-policy';

const error = (status: number | undefined, code?: number) => new ApiError({ name: 'E', message: 'm', status, code });

describe('classifyFailure', () => {
  it('retries when no answer came, on 408, 429 and 5xx', () => {
    expect(classifyFailure(error(undefined, 503))).toBe('retry');
    expect(classifyFailure(new TypeError('fetch failed'))).toBe('retry');
    for (const status of [408, 429, 500, 502, 503]) expect(classifyFailure(error(status))).toBe('retry');
  });

  it('gives up on other 4xx and on inputs the client itself refuses', () => {
    for (const status of [400, 401, 403, 404, 409]) expect(classifyFailure(error(status))).toBe('permanent');
    expect(classifyFailure(error(undefined, 400))).toBe('permanent');
  });

  it('holds on an answer from a newer server, whatever its status (ADR 080)', () => {
    for (const status of [200, 201, 409, 500]) expect(classifyFailure(outdatedError(status))).toBe('outdated');
  });
});

describe('backoffDelay', () => {
  it('doubles from 250 ms up to 10 s with jitter between half and the whole', () => {
    expect(backoffDelay(0, () => 1)).toBe(250);
    expect(backoffDelay(3, () => 1)).toBe(2000);
    expect(backoffDelay(10, () => 1)).toBe(10_000);
    expect(backoffDelay(10, () => 0)).toBe(5000);
  });
});
