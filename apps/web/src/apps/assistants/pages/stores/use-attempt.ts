/**
 * Runs one of the section's calls with a busy flag, and turns a failure into a clear, translated
 * sentence the section shows (the server's reason included) instead of the shell's error box.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionResult } from '../../../../shell/api/run-action';
import { translateErrorMessage } from '../../../../shell/i18n/error-message';
import { usePagesTranslation } from '../i18n/use-pages-translation';

export function useAttempt() {
  const { t } = usePagesTranslation();
  const { t: common } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempt = useCallback(
    async <T,>(what: string, call: () => Promise<ActionResult<T>>): Promise<T | undefined> => {
      setBusy(what);
      setError(null);
      const result = await call();
      setBusy(null);
      if (result.ok) return result.data;
      setError(t('stores.failed', { reason: translateErrorMessage(common, result.error.message) }));
      return undefined;
    },
    [t, common],
  );
  return { busy, error, attempt, clearError: () => setError(null) };
}
