/** Errors the API answers on purpose, each carrying its SPEC §8 catalogue entry. */
import { VALIDATION_ERROR_NAME } from '@chi/contract';
import type { ErrorInfo } from '@chi/contract';

/** Throw anywhere in a handler, e.g. `throw new AppError(ERRORS.forbidden)`; the error handler answers it. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly info: ErrorInfo;
  /** For a 429 or 503: sent as `Retry-After` (seconds). */
  readonly retryAfterSeconds: number | undefined;

  constructor(info: ErrorInfo, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(info.message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.info = { name: info.name, message: info.message, code: info.code };
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  get statusCode(): number {
    return this.info.code;
  }
}

/** A 400 whose message names the field, e.g. `body.email: Invalid email address`. */
export function validationError(message: string): AppError {
  return new AppError({ name: VALIDATION_ERROR_NAME, message, code: 400 });
}
