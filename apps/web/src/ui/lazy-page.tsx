import { Suspense, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from './lazy-with-retry';

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('chunk.loading')} />
    </Center>
  );
}

/**
 * A route component loaded on demand, so an app's first load carries only its home. A failed
 * download is tried once more; a second failure shows in the shell's error boundary.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazyWithRetry(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoader />}>
        <Lazy />
      </Suspense>
    );
  };
}
