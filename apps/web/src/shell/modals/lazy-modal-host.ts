/**
 * The modal host as a lazy chunk (it brings Mantine's Modal and the registry of bodies), loaded
 * ahead by `warmLogin` so a visitor's first tap on Log in opens the dialog, form included, in the
 * frame after the tap (ADR 061) instead of after two round trips and React's fallback throttle.
 */
import { chunk, lazyOrLoaded } from '../../ui/lazy-with-retry';

const host = chunk(() => import('./modal-host'));

export const ModalHost = lazyOrLoaded(
  () => host.load().then((m) => ({ default: m.ModalHost })),
  () => host.loaded()?.ModalHost,
);

/** Loads the modal host and the login form (the Log in button calls it when the main thread is idle). A failure is left to the tap, which tries again. */
export function warmLogin(): void {
  host
    .load()
    .then((m) => m.warmModalBody('login'))
    .catch(() => undefined);
}
