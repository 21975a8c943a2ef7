import { Suspense, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazyOrLoaded, type Chunk } from './lazy-with-retry';

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
export function lazyPage(load: () => Promise<ComponentType>, peek: () => ComponentType | undefined = () => undefined): ComponentType {
  const Lazy = lazyOrLoaded(async () => ({ default: await load() }), peek);
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoader />}>
        <Lazy />
      </Suspense>
    );
  };
}

/**
 * A route component from a chunk that may have been loaded ahead (the delphi hub loads the
 * games still to play, ADR 061): once it is, the page renders in the same frame as the tap,
 * without a loader in between.
 */
export function chunkPage<M>(source: Chunk<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazyPage(
    () => source.load().then(pick),
    () => {
      const loaded = source.loaded();
      return loaded ? pick(loaded) : undefined;
    },
  );
}
