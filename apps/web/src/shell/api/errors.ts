/** SPEC §8: every failure of a call reaches the caller as one `ApiError` shape. */
import { ERRORS, REQUEST_ERROR_NAME, VALIDATION_ERROR_NAME, errorForStatus, type ErrorInfo } from '@chi/contract';

export class ApiError extends Error {
  /** The error code: the HTTP status, or the body's `code` when the server sent one. */
  readonly code: number | undefined;
  /** The HTTP status of the response; undefined when no response arrived or the client refused to send. */
  readonly status: number | undefined;

  constructor(info: { name: string; message: string; code?: number | undefined; status?: number | undefined }) {
    super(info.message);
    this.name = info.name;
    this.code = info.code;
    this.status = info.status;
  }

  static fromInfo(info: ErrorInfo, status?: number): ApiError {
    return new ApiError({ name: info.name, message: info.message, code: info.code, status });
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function validationError(message: string): ApiError {
  return new ApiError({ name: VALIDATION_ERROR_NAME, message, code: 400 });
}

export const unavailableError = (): ApiError => ApiError.fromInfo(ERRORS.unavailable);
export const serverError = (status?: number): ApiError => ApiError.fromInfo(ERRORS.serverError, status);

/**
 * An answer this page cannot read from a server built from another contract (ADR 080): the page
 * is older than the server, not the server broken. Made by the client only; the status is the
 * answer's own (a 2xx), so queues keep their records and try again after the reload.
 */
export const OUTDATED_PAGE = { name: 'Page Out Of Date', message: 'The server has been updated since this page was opened. Reload the page to go on.', code: 409 } as const;
export const outdatedError = (status: number): ApiError => ApiError.fromInfo(OUTDATED_PAGE, status);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `code` a body carries, at the top level or inside `Error`; used to spot 401 sessions. */
export function bodyCode(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  const inner = isRecord(body.Error) ? body.Error.code : undefined;
  const code = inner ?? body.code;
  return typeof code === 'number' ? code : undefined;
}

export function hasErrorField(body: unknown): boolean {
  return isRecord(body) && 'Error' in body && body.Error !== undefined && body.Error !== null;
}

/**
 * Turns a failed response into the SPEC §8 error. Statuses with a catalogue entry
 * (401/403/404/500/503) always show the catalogue message, whatever the body says, so the
 * user sees one wording; other statuses keep the server's own name and message.
 */
export function normaliseErrorResponse(status: number, body: unknown): ApiError {
  const catalogued = errorForStatus(status);
  if (catalogued) return ApiError.fromInfo(catalogued, status);
  const field = isRecord(body) && 'Error' in body ? body.Error : body;
  if (isRecord(field) && typeof field.message === 'string') {
    return new ApiError({
      name: typeof field.name === 'string' && field.name !== '' ? field.name : REQUEST_ERROR_NAME,
      message: field.message,
      code: typeof field.code === 'number' ? field.code : status,
      status,
    });
  }
  if (typeof field === 'string' && field.trim() !== '') {
    return new ApiError({ name: REQUEST_ERROR_NAME, message: field.trim(), code: status, status });
  }
  return new ApiError({ name: REQUEST_ERROR_NAME, message: `Request failed with status ${status}.`, code: status, status });
}
