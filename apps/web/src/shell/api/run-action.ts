/**
 * Calls an action and reports its outcome the shell's way: an error status message for the
 * operation and, unless the caller handles the error itself, an action error box.
 */
import type { ApiDescriptor, InputOf, OutputOf } from '@chi/contract';
import type { ApiClient, CallOptions } from './client';
import { api as defaultApi } from './api';
import { ApiError } from './errors';
import { clearStatus, setStatus } from '../status/status-store';
import { pushActionError } from '../action-errors/action-error-store';

export interface RunActionOptions extends CallOptions {
  /** Status key; defaults to the descriptor name. */
  operation?: string;
  /** The caller shows the error itself (e.g. inside a form), so no action error box. */
  handled?: boolean;
  /** Translated text to show as a success status (shown because it is verbose). */
  successMessage?: string;
  client?: ApiClient;
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export async function runAction<D extends ApiDescriptor>(
  descriptor: D,
  input: InputOf<D>,
  options: RunActionOptions = {},
): Promise<ActionResult<OutputOf<D>>> {
  const operation = options.operation ?? descriptor.name;
  const client = options.client ?? defaultApi;
  try {
    const data = await client.call(descriptor, input, options);
    if (options.successMessage) setStatus(operation, { isSuccess: true, verbose: true, body: options.successMessage });
    else clearStatus(operation);
    return { ok: true, data };
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : new ApiError({ name: 'Error', message: String(caught) });
    const handled = options.handled ?? false;
    setStatus(operation, { isError: true, body: error.message, handled });
    if (!handled) pushActionError(descriptor.name, error.message);
    return { ok: false, error };
  }
}
