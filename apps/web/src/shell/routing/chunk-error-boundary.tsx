/**
 * Catches what a part of the page throws while rendering, a lazy chunk that could not be
 * downloaded above all (issue 25 item 11: the login modal, a tab of /assistants or a page during
 * a redeploy went blank). The shell around it stays; the part says what failed and offers
 * Reload, which fetches the page anew (after a redeploy, with the new build's file names).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What browsers say when a dynamic import or its stylesheet fails (Chromium, Firefox, Safari, Vite). */
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|failed to fetch|unable to preload css|chunkloaderror/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(`${error.name} ${error.message}`);
}

export function PartFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert role="alert" color="red" title={t('chunk.partFailedTitle')} maw={560} mx="auto" my="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{isChunkLoadError(error) ? t('chunk.failed') : t('chunk.crashed')}</Text>
        <Button onClick={() => window.location.reload()}>{t('chunk.reload')}</Button>
      </Stack>
    </Alert>
  );
}

interface Props {
  children: ReactNode;
  /** A new value (the next page, another modal) tries the part again. */
  resetKey?: string;
}

export class ChunkErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    return this.state.error === null ? this.props.children : <PartFailed error={this.state.error} />;
  }
}
