/**
 * A chunk handed to the chunk modal by its opener (e.g. an assistant answer's reference, which
 * already holds the chunk): no reload from the server, so no request the user did not need.
 * `openChunk` sets it; the modal then opens with `?modal=chunk` and no `chunkId`.
 */
import { createStore, useStore } from '../store';
import type { Chunk } from './format-chunk';

const chunkStore = createStore<Chunk | undefined>(undefined);

export function setOpenedChunk(chunk: Chunk | undefined): void {
  chunkStore.set(chunk);
}

export function useOpenedChunk(): Chunk | undefined {
  return useStore(chunkStore, (chunk) => chunk);
}
