/** Tabs live in the `?tab=` query (SPEC §2), so a tab can be linked to and survives a reload. */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useTab<T extends string>(defaultTab: T, tabs?: readonly T[]): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = raw !== null && (!tabs || (tabs as readonly string[]).includes(raw)) ? (raw as T) : defaultTab;
  const setTab = useCallback(
    (next: T) => {
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set('tab', next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [tab, setTab];
}
