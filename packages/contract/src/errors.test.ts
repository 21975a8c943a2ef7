import { describe, expect, it } from 'vitest';
import { errorBody, errorBodySchema, errorForStatus, ERRORS } from './errors';

describe('error catalogue (SPEC §8)', () => {
  it('maps HTTP statuses to the spec messages', () => {
    expect(errorForStatus(401)).toEqual({ name: 'Insufficient Privileges', message: 'This action is not allowed.', code: 401 });
    expect(errorForStatus(403)).toEqual({ name: 'Insufficient Privileges', message: 'This action is not allowed.', code: 403 });
    expect(errorForStatus(404)?.message).toBe('Service action not found.');
    expect(errorForStatus(500)?.message).toBe('Server error.');
    expect(errorForStatus(503)?.message).toBe('The server is currently unavailable.');
    expect(errorForStatus(400)).toBeUndefined();
  });

  it('holds the loader, game and screen messages word for word', () => {
    expect(ERRORS.filterRequired.message).toBe('filter is required');
    expect(ERRORS.dataTypeRequired.message).toBe('filter._dataType is required');
    expect(ERRORS.idRequired.message).toBe('filter._id is required');
    expect(ERRORS.immutableDocument.message).toBe('Cannot update immutable document');
    expect(ERRORS.malformedFilter.code).toBe(400);
    expect(ERRORS.blockIdRequired.message).toBe('blockId is required.');
    expect(ERRORS.unknownGame.message).toBe('Invalid blockId. Unknown Game.');
    expect(ERRORS.errorLoadingSuite.message).toBe('Error loading suite');
    expect(ERRORS.scoresNotReady.message).toBe('Scores are not ready');
    expect(ERRORS.illegalGravatarUrl.message).toBe('Illegal gravatar url');
    expect(ERRORS.moduleNotFound.message).toBe('MODULE_NOT_FOUND');
  });

  it('wraps an entry in the one body shape', () => {
    const body = errorBody(ERRORS.notFound);
    expect(errorBodySchema.parse(body)).toEqual({ Error: { name: 'Not Found', message: 'Service action not found.', code: 404 } });
  });
});
