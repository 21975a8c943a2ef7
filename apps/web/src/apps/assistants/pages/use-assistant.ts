/**
 * Loading an assistant for a page (issue 25 item 21): the failure is the page's to say, in the
 * user's words ("not available to you", "not allowed to manage"), never a toast with the action's
 * internal name and a generic "Service action not found.".
 */
import { useEffect, useState } from 'react';
import { assistants } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';

export type AssistantLoad = { state: 'loading' } | { state: 'ready'; assistant: assistants.Assistant } | { state: 'failed'; status: number | undefined };

export function useAssistant(id: string): [AssistantLoad, (assistant: assistants.Assistant) => void] {
  const [load, setLoad] = useState<AssistantLoad>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    void runAction(assistants.loadAssistant, {}, { id, fresh: true, handled: true }).then((result) => {
      if (live) setLoad(result.ok ? { state: 'ready', assistant: result.data } : { state: 'failed', status: result.error.status });
    });
    return () => {
      live = false;
    };
  }, [id]);
  return [load, (assistant) => setLoad({ state: 'ready', assistant })];
}
