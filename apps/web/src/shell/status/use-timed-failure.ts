/**
 * A form's failure message that clears itself after 10 s, as every error status does (SPEC §4,
 * §9; issue 25 item 15: an error box was still there after 12 s). Setting a message again, even
 * the same one, starts its 10 s anew.
 */
import { useCallback, useEffect, useState } from 'react';
import { STATUS_ERROR_TIMEOUT_MS } from '@chi/contract';

export function useTimedFailure(timeoutMs: number = STATUS_ERROR_TIMEOUT_MS): [string | null, (message: string | null) => void] {
  const [shown, setShown] = useState<{ message: string } | null>(null);
  useEffect(() => {
    if (shown === null) return;
    const timer = setTimeout(() => setShown(null), timeoutMs);
    return () => clearTimeout(timer);
  }, [shown, timeoutMs]);
  const set = useCallback((message: string | null) => setShown(message === null ? null : { message }), []);
  return [shown?.message ?? null, set];
}
