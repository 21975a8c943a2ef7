/** SPEC §8 error catalogue and the one error body shape of the API. */
import { z } from 'zod';

export const errorInfoSchema = z.object({
  name: z.string(),
  message: z.string(),
  code: z.number().int(),
});
export type ErrorInfo = z.infer<typeof errorInfoSchema>;

export const errorBodySchema = z.object({ Error: errorInfoSchema });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERRORS = {
  unauthorized: { name: 'Insufficient Privileges', message: 'This action is not allowed.', code: 401 },
  forbidden: { name: 'Insufficient Privileges', message: 'This action is not allowed.', code: 403 },
  notFound: { name: 'Not Found', message: 'Service action not found.', code: 404 },
  serverError: { name: 'Server Error', message: 'Server error.', code: 500 },
  unavailable: { name: 'Server Unavailable', message: 'The server is currently unavailable.', code: 503 },
  filterRequired: { name: 'Document Loader Error', message: 'filter is required', code: 400 },
  dataTypeRequired: { name: 'Document Loader Error', message: 'filter._dataType is required', code: 400 },
  idRequired: { name: 'Document Loader Error', message: 'filter._id is required', code: 400 },
  immutableDocument: { name: 'Document Loader Error', message: 'Cannot update immutable document', code: 400 },
  malformedFilter: { name: 'Malformed Document Filter', message: 'Malformed document filter', code: 400 },
  blockIdRequired: { name: 'Game Error', message: 'blockId is required.', code: 400 },
  unknownGame: { name: 'Game Error', message: 'Invalid blockId. Unknown Game.', code: 400 },
  errorLoadingSuite: { name: 'Quiz Error', message: 'Error loading suite', code: 400 },
  scoresNotReady: { name: 'Flash Match Error', message: 'Scores are not ready', code: 409 },
  illegalGravatarUrl: { name: 'Avatar Error', message: 'Illegal gravatar url', code: 400 },
  moduleNotFound: { name: 'Module Error', message: 'MODULE_NOT_FOUND', code: 404 },
} as const satisfies Record<string, ErrorInfo>;

export type ErrorKey = keyof typeof ERRORS;

/** Name given to a plain-string error from the server (SPEC §8). */
export const REQUEST_ERROR_NAME = 'Request Error';
/** Name of client-side input errors, e.g. a missing required parameter. */
export const VALIDATION_ERROR_NAME = 'Validation Error';
export const TOO_MANY_REQUESTS = { name: 'Too Many Requests', message: 'Too many attempts. Please wait a while and try again.', code: 429 } as const;

/** The catalogue entry that an HTTP status maps to, if the status has one (SPEC §8 table). */
export function errorForStatus(status: number): ErrorInfo | undefined {
  switch (status) {
    case 401:
      return ERRORS.unauthorized;
    case 403:
      return ERRORS.forbidden;
    case 404:
      return ERRORS.notFound;
    case 500:
      return ERRORS.serverError;
    case 502:
    case 503:
    case 504:
      return { ...ERRORS.unavailable, code: status };
    default:
      return undefined;
  }
}

export function errorBody(info: ErrorInfo): ErrorBody {
  return { Error: { name: info.name, message: info.message, code: info.code } };
}
