/**
 * Structure-aware chunking with overlap (issue 14, ADR 019). The text is cut into blocks at
 * blank lines; a heading (`# …`) closes the chunk before it and is carried as the context of
 * the chunks under it; blocks are packed into chunks up to a token budget; a block larger
 * than the budget is split at sentence ends; each new chunk starts with the last block (or
 * sentence) of the previous one, so a passage cut at a boundary is still whole in one chunk.
 * A page break (PDF) ends a chunk. Every chunk keeps its character offsets into the extracted
 * text and its page.
 */
export interface ChunkOptions {
  /** Tokens per chunk, estimated as characters / 4 (no tokenizer for every model exists offline). */
  readonly maxTokens: number;
  /** Tokens of the previous chunk repeated at the start of the next. */
  readonly overlapTokens: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { maxTokens: 300, overlapTokens: 50 };

export interface TextChunk {
  readonly index: number;
  readonly heading: string | null;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly page: number | null;
}

interface Block {
  readonly start: number;
  readonly end: number;
  readonly heading: boolean;
}

const CHARS_PER_TOKEN = 4;

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  const pattern = /\n[ \t]*\n/g;
  let start = 0;
  const push = (from: number, to: number) => {
    let s = from;
    let e = to;
    while (s < e && /\s/.test(text[s] ?? '')) s += 1;
    while (e > s && /\s/.test(text[e - 1] ?? '')) e -= 1;
    if (e > s) blocks.push({ start: s, end: e, heading: /^#{1,6} /.test(text.slice(s, Math.min(e, s + 8))) && !text.slice(s, e).includes('\n') });
  };
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    push(start, match.index);
    start = match.index + match[0].length;
  }
  push(start, text.length);
  return blocks;
}

/** Splits a long block at sentence ends (or hard at the budget when a sentence is longer). */
function splitBlock(text: string, block: Block, maxChars: number): Block[] {
  if (block.end - block.start <= maxChars) return [block];
  const pieces: Block[] = [];
  const sentence = /[.!?…]["')\]]?\s+|\n/g;
  sentence.lastIndex = block.start;
  let start = block.start;
  let cut = block.start;
  for (let match = sentence.exec(text); match !== null && match.index < block.end; match = sentence.exec(text)) {
    const next = match.index + match[0].length;
    if (next - start > maxChars && cut > start) {
      pieces.push({ start, end: cut, heading: false });
      start = cut;
    }
    cut = next;
  }
  while (block.end - start > maxChars) {
    const end = cut > start && cut - start <= maxChars ? cut : start + maxChars;
    pieces.push({ start, end, heading: false });
    start = end;
  }
  if (block.end > start) pieces.push({ start, end: block.end, heading: false });
  return pieces.map((p) => trimBlock(text, p));
}

function trimBlock(text: string, block: Block): Block {
  let { start, end } = block;
  while (start < end && /\s/.test(text[start] ?? '')) start += 1;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end -= 1;
  return { start, end, heading: block.heading };
}

function pageAt(pageStarts: readonly number[] | undefined, offset: number): number | null {
  if (!pageStarts || pageStarts.length === 0) return null;
  let page = 1;
  for (let i = 0; i < pageStarts.length; i += 1) if ((pageStarts[i] ?? 0) <= offset) page = i + 1;
  return page;
}

export function chunkText(text: string, pageStarts?: readonly number[], options: ChunkOptions = DEFAULT_CHUNKING): TextChunk[] {
  const maxChars = options.maxTokens * CHARS_PER_TOKEN;
  const overlapChars = options.overlapTokens * CHARS_PER_TOKEN;
  const chunks: TextChunk[] = [];
  let heading: string | null = null;
  let current: Block[] = [];
  // Blocks added since the last chunk: a carried-over tail alone makes no chunk.
  let fresh = 0;

  const flush = (carry: boolean) => {
    const body = current.filter((b) => !b.heading);
    if (body.length === 0 || fresh === 0) {
      current = current.filter((b) => b.heading);
      return;
    }
    fresh = 0;
    const first = current[0];
    const last = current[current.length - 1];
    if (!first || !last) return;
    chunks.push({ index: chunks.length, heading, text: text.slice(first.start, last.end), start: first.start, end: last.end, page: pageAt(pageStarts, first.start) });
    const tail = body[body.length - 1];
    current = carry && tail && tail.end - tail.start <= overlapChars * 2 ? [tail] : [];
  };

  for (const raw of blocksOf(text)) {
    if (raw.heading) {
      flush(false);
      heading = text.slice(raw.start, raw.end).replace(/^#+\s*/, '').trim();
      current = [raw];
      continue;
    }
    for (const block of splitBlock(text, raw, maxChars)) {
      const first = current[0];
      // A page break ends a chunk too, so each chunk's page is the page all of it is on.
      if (first && pageAt(pageStarts, first.start) !== pageAt(pageStarts, block.start)) flush(false);
      else if (first && block.end - first.start > maxChars) flush(true);
      current.push(block);
      fresh += 1;
    }
  }
  flush(false);
  return chunks;
}
