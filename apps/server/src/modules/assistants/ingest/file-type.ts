/**
 * What an uploaded assistant file is, decided by its content and checked against its name
 * (issue 14: uploads are content-checked): a PDF starts with `%PDF-`, a DOCX is a zip holding
 * `word/document.xml`, and every text type must be UTF-8 without NUL bytes (JSON must parse).
 */
export type DocumentKind = 'pdf' | 'docx' | 'txt' | 'markdown' | 'html' | 'csv' | 'json';

export interface DetectedType {
  readonly kind: DocumentKind;
  readonly contentType: string;
  readonly extension: string;
}

const BY_EXTENSION: Readonly<Record<string, DetectedType>> = {
  pdf: { kind: 'pdf', contentType: 'application/pdf', extension: 'pdf' },
  docx: { kind: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  txt: { kind: 'txt', contentType: 'text/plain', extension: 'txt' },
  md: { kind: 'markdown', contentType: 'text/markdown', extension: 'md' },
  markdown: { kind: 'markdown', contentType: 'text/markdown', extension: 'md' },
  html: { kind: 'html', contentType: 'text/html', extension: 'html' },
  htm: { kind: 'html', contentType: 'text/html', extension: 'html' },
  csv: { kind: 'csv', contentType: 'text/csv', extension: 'csv' },
  json: { kind: 'json', contentType: 'application/json', extension: 'json' },
};

export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return match?.[1]?.toLowerCase() ?? '';
}

function isUtf8Text(content: Buffer): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/** The file's type, or a reason it is refused (in English; the route translates nothing of a file). */
export function detectFileType(name: string, content: Buffer): DetectedType | { refused: string } {
  const declared = BY_EXTENSION[extensionOf(name)];
  if (!declared) return { refused: `${name}: only PDF, DOCX, TXT, Markdown, HTML, CSV and JSON files are accepted` };
  if (content.length === 0) return { refused: `${name}: the file is empty` };
  if (declared.kind === 'pdf') {
    return content.subarray(0, 5).toString('latin1') === '%PDF-' ? declared : { refused: `${name}: this is not a PDF file` };
  }
  if (declared.kind === 'docx') {
    const zip = content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    return zip && content.includes('word/document.xml') ? declared : { refused: `${name}: this is not a DOCX file` };
  }
  if (!isUtf8Text(content)) return { refused: `${name}: this is not a UTF-8 text file` };
  if (declared.kind === 'json') {
    try {
      JSON.parse(content.toString('utf8'));
    } catch {
      return { refused: `${name}: this is not valid JSON` };
    }
  }
  return declared;
}
