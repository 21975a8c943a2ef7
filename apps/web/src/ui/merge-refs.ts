/**
 * `useMergeRefs` for Mantine's ScrollArea, built on Mantine's own `useMergedRef` (see
 * vite.config.ts): ScrollArea imports only this one hook from @floating-ui/react, and that import
 * alone made every page with a Table load the whole positioning library once any menu existed.
 */
import type { Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';

export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): (node: T | null) => void {
  return useMergedRef<T>(...refs);
}
