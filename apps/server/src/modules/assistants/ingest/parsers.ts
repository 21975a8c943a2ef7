/**
 * Text out of each accepted file type, keeping its structure for the chunker: headings as
 * Markdown `#` lines, paragraphs separated by blank lines, and (for PDF) where each page starts.
 * Parsers are maintained packages (unpdf for PDF, mammoth for DOCX); HTML, CSV and JSON by hand.
 */
import mammoth from 'mammoth';
import type { DocumentKind } from './file-type';

export interface ExtractedText {
  readonly text: string;
  /** Offsets in `text` where each page starts (PDF); absent for formats without pages. */
  readonly pageStarts?: readonly number[];
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** HTML → structured plain text: headings become `#` lines, blocks paragraphs; scripts and styles vanish. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style|noscript|template)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1\s*>/gi, (_m, level: string, inner: string) => `\n\n${'#'.repeat(Number(level))} ${inner.replace(/<[^>]*>/g, ' ').trim()}\n\n`)
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<(br)\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|section|article|ul|ol|table|tr|blockquote|pre|header|footer|main|nav)\s*>/gi, '\n\n')
    .replace(/<\/(td|th)\s*>/gi, ' | ')
    .replace(/<[^>]*>/g, ' ');
  // Indentation in HTML source is markup, not text.
  return normalise(decodeEntities(text).replace(/^[ \t]+/gm, ''));
}

/** Collapses spaces inside lines and runs of blank lines, keeping paragraph breaks. */
export function normalise(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
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

export async function extractText(kind: DocumentKind, content: Buffer): Promise<ExtractedText> {
  switch (kind) {
    case 'pdf': {
      const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(content));
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
      const { value } = await mammoth.convertToHtml({ buffer: content });
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
