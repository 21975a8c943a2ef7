/** How a chunk's text is shown (SPEC §3): a chunk of a `.json` file pretty-printed, anything else as text. */
export interface Chunk {
  text: string;
  index?: number | undefined;
  filename?: string | undefined;
  /** Said above the text, e.g. that an assistant reference's file has been replaced since. */
  notice?: string | undefined;
  /** The page of the file the chunk starts on (PDF), as the answer names it ("p. 1"). */
  page?: number | null | undefined;
  /** Character ranges of `text` the answer cites, marked in the modal (issue 25 item 21). */
  ranges?: readonly (readonly [number, number])[] | undefined;
  /** The `ref` query parameter this chunk answers (an assistant reference: `messageId.n`). */
  ref?: string | undefined;
  /** Set for a `ref` the opener could not find: the modal says the reference is not available. */
  missing?: boolean | undefined;
}

export type FormattedChunk = { kind: 'json'; text: string } | { kind: 'text'; text: string };

export function isJsonFilename(filename: string | undefined): boolean {
  return /\.json$/i.test((filename ?? '').trim());
}

export function formatChunk({ text, filename }: Pick<Chunk, 'text' | 'filename'>): FormattedChunk {
  if (!isJsonFilename(filename)) return { kind: 'text', text };
  try {
    return { kind: 'json', text: JSON.stringify(JSON.parse(text), null, 2) };
  } catch {
    // A chunk is often a fragment cut out of a larger file, which does not parse on its own.
    return { kind: 'text', text };
  }
}

/** Reads a chunk out of a stored document's own fields; undefined when it has no text. */
export function chunkFromDocument(doc: Record<string, unknown>): Chunk | undefined {
  if (typeof doc.text !== 'string') return undefined;
  const index = typeof doc.index === 'number' ? doc.index : typeof doc.index === 'string' && doc.index !== '' ? Number(doc.index) : undefined;
  return {
    text: doc.text,
    index: index !== undefined && Number.isFinite(index) ? index : undefined,
    filename: typeof doc.filename === 'string' ? doc.filename : undefined,
  };
}
