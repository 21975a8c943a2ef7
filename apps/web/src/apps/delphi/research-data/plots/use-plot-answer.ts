/** One plot aggregate call, answered again whenever the task, the participant or the exclusion option changes. */
import { useEffect, useState } from 'react';
import type { ApiDescriptor, InputOf, OutputOf, delphiPlots } from '@chi/contract';
import { api } from '../../../../shell/api/api';

export type PlotAnswer<T> = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; answer: T };

export function usePlotAnswer<D extends ApiDescriptor>(descriptor: D, input: delphiPlots.PlotInput, version: number): PlotAnswer<OutputOf<D>> {
  const [state, setState] = useState<PlotAnswer<OutputOf<D>>>({ status: 'loading' });
  const { gameName, participant, includeExcluded } = input;
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    const request = { gameName, includeExcluded, ...(participant ? { participant } : {}) };
    api.call(descriptor, request as InputOf<D>, { fresh: true }).then(
      (answer) => active && setState({ status: 'ready', answer }),
      (error: Error) => active && setState({ status: 'error', error: error.message }),
    );
    return () => {
      active = false;
    };
  }, [descriptor, gameName, participant, includeExcluded, version]);
  return state;
}
