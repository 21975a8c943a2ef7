/**
 * The one list of the bodies the apps bring for the shell's modals (ADR 066): one line per app
 * that has `apps/<app>/modals.ts`. The bodies there are lazy, so this list adds no form to any
 * first load; the modal host opens the body whose rule matches (`pickAppModalBody`).
 */
import type { AppModalBody } from '../modals/app-modal-body';
import { ccfModals } from '../../apps/ccf/modals';
import { creavisionsModals } from '../../apps/creavisions/modals';

export const APP_MODALS: readonly AppModalBody[] = [...ccfModals, ...creavisionsModals];
