import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHUNK_LOAD_TIMEOUT_MS } from '@chi/contract';
import { ChunkTimeoutError, loadWithTimeout } from './load-with-timeout';

type LoadState<T> = { status: 'loading' } | { status: 'failed'; timedOut: boolean } | { status: 'ready'; value: T };

export interface ChunkGateProps<T> {
  /** Starts the download; called again by Retry. Changing it starts a new load. */
  load: () => Promise<T>;
  timeoutMs?: number;
  children: (value: T) => ReactNode;
}

/**
 * Shows a loader while a lazy chunk downloads, and a translated error with Retry when it
 * fails or has not arrived within the time-out, instead of leaving a blank page.
 */
export function ChunkGate<T>({ load, timeoutMs = CHUNK_LOAD_TIMEOUT_MS, children }: ChunkGateProps<T>) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    loadWithTimeout(load, timeoutMs).then(
      (value) => active && setState({ status: 'ready', value }),
      (error: unknown) => {
        if (!active) return;
        console.error(error);
        setState({ status: 'failed', timedOut: error instanceof ChunkTimeoutError });
      },
    );
    return () => {
      active = false;
    };
  }, [load, timeoutMs, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'ready') return children(state.value);
  if (state.status === 'loading') {
    return (
      <Center mih="60vh" role="status" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text c="dimmed">{t('chunk.loading')}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="60vh" p="md">
      <Alert role="alert" color="red" title={t('chunk.failedTitle')} maw={520}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{state.timedOut ? t('chunk.timedOut') : t('chunk.failed')}</Text>
          <Button onClick={retry}>{t('chunk.retry')}</Button>
        </Stack>
      </Alert>
    </Center>
  );
}
