/**
 * The strategies table's state, read from and written to the URL (strategy-list-state.ts).
 * React Router's functional `setSearchParams(prev => …)` hands the updater the params of the
 * last render, not of the last update: two updates in one tick (two filters changed by one
 * handler, or a filter and the page) would each start from the same stale params, and the
 * second would drop the first. So an update starts from the params this hook last wrote while
 * the URL it rendered is still the current one, and from the URL once a new one has rendered
 * (back/forward, a link, or our own write landing).
 */
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { parseListState, writeListState, type StrategyListState } from './strategy-list-state';

export function useListState(): [StrategyListState, (patch: Partial<StrategyListState>) => void] {
  const [params, setParams] = useSearchParams();
  const written = useRef<{ from: URLSearchParams; to: URLSearchParams } | null>(null);
  const state = useMemo(() => parseListState(params), [params]);
  const update = useCallback(
    (patch: Partial<StrategyListState>) => {
      const base = written.current?.from === params ? written.current.to : params;
      const next = writeListState({ ...parseListState(base), ...patch }, base);
      written.current = { from: params, to: next };
      setParams(next);
    },
    [params, setParams],
  );
  return [state, update];
}
