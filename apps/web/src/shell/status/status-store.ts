/**
 * Status messages per operation (SPEC §3, §4): each operation (e.g. `LOGIN`) has at most one
 * message. Messages clear themselves after 3 s, errors after 10 s, unless persistent or
 * given their own timeout.
 */
import { STATUS_ERROR_TIMEOUT_MS, STATUS_TIMEOUT_MS } from '@chi/contract';
import { createStore, useStore } from '../store';

export interface StatusMessage {
  isError: boolean;
  isWarning: boolean;
  isSuccess: boolean;
  /** Already translated text to show. */
  body: string;
  /** Milliseconds until the message clears; overrides the 3 s / 10 s default. */
  timeout: number | undefined;
  /** The caller shows the error itself, so no action error box is raised for it. */
  handled: boolean;
  /** Stays until replaced or cleared. */
  persistent: boolean;
  /** Success messages are shown only when verbose. */
  verbose: boolean;
}

export type StatusInput = Partial<StatusMessage> & { body: string };

type StatusMap = Readonly<Record<string, StatusMessage>>;

export const statusStore = createStore<StatusMap>({});
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function clearTimer(operation: string): void {
  const timer = timers.get(operation);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(operation);
}

export function clearStatus(operation: string): void {
  clearTimer(operation);
  statusStore.set((state) => {
    if (!(operation in state)) return state;
    const { [operation]: _removed, ...rest } = state;
    return rest;
  });
}

/** An error about what the person typed is stale once they type again (e.g. a wrong current password). */
export function clearErrorStatus(operation: string): void {
  if (getStatus(operation)?.isError) clearStatus(operation);
}

export function setStatus(operation: string, input: StatusInput): StatusMessage {
  const message: StatusMessage = {
    isError: input.isError ?? false,
    isWarning: input.isWarning ?? false,
    isSuccess: input.isSuccess ?? false,
    body: input.body,
    timeout: input.timeout,
    handled: input.handled ?? false,
    persistent: input.persistent ?? false,
    verbose: input.verbose ?? false,
  };
  clearTimer(operation);
  statusStore.set((state) => ({ ...state, [operation]: message }));
  const delay = message.timeout ?? (message.persistent ? undefined : message.isError ? STATUS_ERROR_TIMEOUT_MS : STATUS_TIMEOUT_MS);
  if (delay !== undefined) {
    timers.set(
      operation,
      setTimeout(() => {
        timers.delete(operation);
        clearStatus(operation);
      }, delay),
    );
  }
  return message;
}

export function getStatus(operation: string): StatusMessage | undefined {
  return statusStore.get()[operation];
}

export function useStatus(operation: string): StatusMessage | undefined {
  return useStore(statusStore, (state) => state[operation]);
}

/** Test helper and logout hook: forget every message and timer. */
export function resetStatuses(): void {
  for (const operation of [...timers.keys()]) clearTimer(operation);
  statusStore.set({});
}
