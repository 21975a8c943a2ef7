/**
 * What one untrusted file may cost to read (issue 24, ADR 041), checked inside the parse
 * worker: each limit broken ends the parse with a reason the file's progress bar shows.
 */
import { unzipSync } from 'fflate';

/** Unpacked XML and other non-media parts of a DOCX (mammoth needs ~250 bytes of heap per byte of it). */
export const MAX_DOCX_MARKUP_BYTES = 32 * 1024 * 1024;
export const MAX_PDF_PAGES = 5_000;
/** Characters of text one file may yield (a 20 MB limit on the file already bounds most). */
export const MAX_TEXT_CHARS = 20_000_000;

/** Thrown for a broken limit: its message is the reason shown for the file. */
export class ParseLimitError extends Error {
  override readonly name = 'ParseLimitError';
}

const MB = 1024 * 1024;

/** Refuses a DOCX whose parts (images aside, which are never unpacked) declare more than the limit; reads only the zip's directory. */
export function checkDocxSize(content: Uint8Array): void {
  let markup = 0;
  try {
    unzipSync(content, {
      filter: (file) => {
        if (!file.name.startsWith('word/media/')) markup += file.originalSize;
        return false;
      },
    });
  } catch {
    throw new ParseLimitError('this DOCX file is damaged (its zip directory cannot be read)');
  }
  if (markup > MAX_DOCX_MARKUP_BYTES) throw new ParseLimitError(`this DOCX unpacks to more than ${MAX_DOCX_MARKUP_BYTES / MB} MB of text and markup`);
}

export function checkPdfPages(pages: number): void {
  if (pages > MAX_PDF_PAGES) throw new ParseLimitError(`this PDF has more than ${MAX_PDF_PAGES} pages`);
}

export function checkTextLength(text: string): void {
  if (text.length > MAX_TEXT_CHARS) throw new ParseLimitError(`this file holds more than ${MAX_TEXT_CHARS / 1_000_000} million characters of text`);
}
