import { Suspense, lazy, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('chunk.loading')} />
    </Center>
  );
}

/** A route component loaded on demand, so an app's first load carries only its home. */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoader />}>
        <Lazy />
      </Suspense>
    );
  };
}
