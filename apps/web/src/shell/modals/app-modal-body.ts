/**
 * A body an app brings for one of the shell's modal names (ADR 066): the app declares it in its
 * own `apps/<app>/modals.ts`, the shell lists those files once (`shell/routing/app-modals.ts`)
 * and opens the body whose rule matches the URL.
 */
import type { ComponentType } from 'react';
import type { AppId } from '@chi/contract';
import type { AnyModalName, ModalBodyProps } from './modal-names';

/** What a rule sees: the current query and the app of the host. */
export interface ModalBodyContext {
  params: URLSearchParams;
  app: AppId;
}

export interface AppModalBody {
  modal: AnyModalName;
  /** Whether this body serves the current URL, e.g. `?modal=signUp&event=…`. */
  when: (context: ModalBodyContext) => boolean;
  /** Also serves the modal when no rule matches; yields to any other body whose rule matches. */
  fallback?: boolean;
  /** Lazy (`lazyWithRetry`), so the form stays out of the first load. */
  Body: ComponentType<ModalBodyProps>;
}

/**
 * The body for `modal`: one whose rule matches (a fallback body yields to any other match), else
 * a fallback body, else `undefined` (the shell's own body, if any, serves).
 */
export function pickAppModalBody(
  bodies: readonly AppModalBody[],
  modal: AnyModalName,
  context: ModalBodyContext,
): ComponentType<ModalBodyProps> | undefined {
  const forModal = bodies.filter((body) => body.modal === modal);
  const matching = forModal.filter((body) => body.when(context));
  const chosen = matching.find((body) => !body.fallback) ?? matching[0] ?? forModal.find((body) => body.fallback);
  return chosen?.Body;
}
