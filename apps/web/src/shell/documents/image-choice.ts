/**
 * How the image picker reports back to whoever opened it. The picker is a query-driven modal
 * (SPEC §2), so it cannot take a callback: the opener makes a request id, opens
 * `?modal=pickImage&pickFor=<id>`, and the picker writes its choice to this store under that
 * id. `useImagePicker()` wraps both halves: `open()` and the `lastChoice` of its own request.
 * A reload loses the opener's id, and with it a pending choice, which is what a person expects.
 */
import { useCallback, useState } from 'react';
import { createStore, useStore } from '../store';
import { useModal } from '../modals/use-modal';

export interface ImageChoice {
  /** `null` means the default image (Custom → Use Default Image). */
  url: string | null;
  name: string;
  source: 'upload' | 'custom' | 'default';
}

const choices = createStore<Readonly<Record<string, ImageChoice>>>({});

export function chooseImage(requestId: string, choice: ImageChoice): void {
  choices.set((state) => ({ ...state, [requestId]: choice }));
}

export function imageChoiceFor(requestId: string): ImageChoice | undefined {
  return choices.get()[requestId];
}

let counter = 0;
function newRequestId(): string {
  counter += 1;
  return `pick-${Date.now().toString(36)}-${counter}`;
}

export type PickerTab = 'myImages' | 'upload' | 'custom';

export function useImagePicker() {
  const { openModal } = useModal();
  const [requestId] = useState(newRequestId);
  const lastChoice = useStore(choices, (state) => state[requestId]);
  const open = useCallback(
    (tab?: PickerTab) => openModal('pickImage', { pickFor: requestId, ...(tab ? { tab } : {}) }),
    [openModal, requestId],
  );
  return { open, lastChoice };
}
