/**
 * Text out of each accepted file type, keeping its structure for the chunker: headings as
 * Markdown `#` lines, paragraphs separated by blank lines, and (for PDF) where each page starts.
 * Parsers are maintained packages (unpdf for PDF, mammoth for DOCX); HTML, CSV and JSON by hand.
 */
import mammoth from 'mammoth';
import type { DocumentKind } from './file-type';
import { htmlToText } from './html-text';
import { normalise } from './normalise';
import { checkDocxSize, checkPdfPages, checkTextLength } from './parse-limits';

export { htmlToText } from './html-text';

export interface ExtractedText {
  readonly text: string;
  /** Offsets in `text` where each page starts (PDF); absent for formats without pages. */
  readonly pageStarts?: readonly number[];
}

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** CSV → one paragraph per row, each cell named by its header (`name: value`), so a row is findable on its own. */
export function csvToText(csv: string): string {
  const lines = csv.replace(/\r\n?/g, '\n').split('\n').filter((line) => line.trim() !== '');
  const [head, ...rows] = lines;
  if (head === undefined) return '';
  const headers = splitCsvLine(head);
  return rows
    .map((row) => splitCsvLine(row).map((value, i) => `${headers[i] ?? `column ${i + 1}`}: ${value}`).join('; '))
    .join('\n\n');
}

/** Runs in the parse worker (parse-worker.ts); call `parseIsolated`, never this, from the server. */
export async function extractText(kind: DocumentKind, content: Buffer): Promise<ExtractedText> {
  const extracted = await extractUnchecked(kind, content);
  checkTextLength(extracted.text);
  return extracted;
}

/** No image is ever unpacked or encoded: only text is indexed. */
const NO_IMAGES = mammoth.images.imgElement(async () => ({ src: '' }));

async function extractUnchecked(kind: DocumentKind, content: Buffer): Promise<ExtractedText> {
  switch (kind) {
    case 'pdf': {
      const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(content));
      checkPdfPages(pdf.numPages);
      const { text: pages } = await pdfText(pdf, { mergePages: false });
      const pageStarts: number[] = [];
      let text = '';
      for (const page of pages) {
        if (text !== '') text += '\n\n';
        pageStarts.push(text.length);
        text += normalise(page);
      }
      return { text, pageStarts };
    }
    case 'docx': {
      checkDocxSize(content);
      const { value } = await mammoth.convertToHtml({ buffer: content }, { convertImage: NO_IMAGES });
      return { text: htmlToText(value) };
    }
    case 'html':
      return { text: htmlToText(content.toString('utf8')) };
    case 'csv':
      return { text: csvToText(content.toString('utf8')) };
    case 'json':
      return { text: JSON.stringify(JSON.parse(content.toString('utf8')), null, 2) };
    case 'txt':
    case 'markdown':
      return { text: normalise(content.toString('utf8')) };
  }
}
