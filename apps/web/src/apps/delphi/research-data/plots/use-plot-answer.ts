/** One plot aggregate call, answered again whenever the task, the participant or the exclusion option changes. */
import { useEffect, useRef, useState } from 'react';
import type { ApiDescriptor, InputOf, OutputOf, delphiPlots } from '@chi/contract';
import { api } from '../../../../shell/api/api';
import { useDataScope } from '../data-scope';

/** `refreshing`: a new answer is on its way; the last one stays on screen meanwhile (no flicker, the table stays open). */
export type PlotAnswer<T> = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; answer: T; refreshing: boolean };

export function usePlotAnswer<D extends ApiDescriptor>(descriptor: D, input: delphiPlots.PlotInput, version: number): PlotAnswer<OutputOf<D>> {
  const [state, setState] = useState<PlotAnswer<OutputOf<D>>>({ status: 'loading' });
  const { gameName, participant, includeExcluded } = input;
  const { study, runs } = useDataScope();
  const shownGame = useRef(gameName);
  useEffect(() => {
    let active = true;
    // Another task starts from a loader; the same task keeps its last answer while the next one loads.
    const sameGame = shownGame.current === gameName;
    shownGame.current = gameName;
    setState((previous) => (sameGame && previous.status === 'ready' ? { ...previous, refreshing: true } : { status: 'loading' }));
    const request = { study, runs, gameName, includeExcluded, ...(participant ? { participant } : {}) };
    api.call(descriptor, request as InputOf<D>, { fresh: true }).then(
      (answer) => active && setState({ status: 'ready', answer, refreshing: false }),
      (error: Error) => active && setState({ status: 'error', error: error.message }),
    );
    return () => {
      active = false;
    };
  }, [descriptor, gameName, participant, includeExcluded, version, study, runs]);
  return state;
}
