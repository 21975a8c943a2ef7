/**
 * What an uploaded assistant file is, decided by its content and checked against its name
 * (issue 14: uploads are content-checked): a PDF starts with `%PDF-`, a DOCX is a zip holding
 * `word/document.xml`, and every text type must be UTF-8 without NUL bytes (JSON must parse).
 */
import { assistants } from '@chi/contract';

export type DocumentKind = 'pdf' | 'docx' | 'txt' | 'markdown' | 'html' | 'csv' | 'json';

export interface DetectedType {
  readonly kind: DocumentKind;
  readonly contentType: string;
  readonly extension: string;
}

/** Keyed by the contract's accepted extensions: a new one there is a type error here until its type is said. */
const BY_EXTENSION: Readonly<Record<assistants.AssistantFileExtension, DetectedType>> = {
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

const DOCX_MARKER = Buffer.from('word/document.xml');

/**
 * What type detection needs of a file, gathered chunk by chunk as it streams into storage
 * (issue 24: uploads are never held whole in memory): its first bytes, whether it holds a NUL
 * byte, whether it is valid UTF-8, and whether a DOCX's document part is named in it.
 */
export class FileSniffer {
  private head: Buffer = Buffer.alloc(0);
  private tail: Buffer = Buffer.alloc(0);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  size = 0;
  hasNul = false;
  utf8 = true;
  docxMarker = false;

  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.head.length < 5) this.head = Buffer.concat([this.head, chunk.subarray(0, 5 - this.head.length)]);
    if (!this.hasNul && chunk.includes(0)) this.hasNul = true;
    if (this.utf8) {
      try {
        this.decoder.decode(chunk, { stream: true });
      } catch {
        this.utf8 = false;
      }
    }
    if (!this.docxMarker) {
      // The marker may straddle two chunks: look in the end of the last one joined to this one.
      const window = Buffer.concat([this.tail, chunk.subarray(0, DOCX_MARKER.length)]);
      this.docxMarker = window.includes(DOCX_MARKER) || chunk.includes(DOCX_MARKER);
      this.tail = chunk.subarray(Math.max(0, chunk.length - DOCX_MARKER.length + 1));
    }
  }

  /** Ends the stream: a UTF-8 sequence cut off at the end is invalid. */
  finish(): this {
    if (this.utf8) {
      try {
        this.decoder.decode();
      } catch {
        this.utf8 = false;
      }
    }
    return this;
  }

  startsWith(text: string): boolean {
    return this.head.subarray(0, text.length).toString('latin1') === text;
  }
}

/** A file the server does not add: the contract's message (`name: why`) and its reason. */
export interface Refused {
  readonly refused: string;
  readonly name: string;
  readonly reason: assistants.FileRefusal;
}

export function refuse(name: string, reason: assistants.FileRefusal): Refused {
  return { refused: assistants.fileRefusalMessage(name, reason), name, reason };
}

/** The type of a file sniffed as it streamed, or why it is refused; JSON still needs `checkJson` on the whole text. */
export function detectSniffedType(name: string, sniff: FileSniffer): DetectedType | Refused {
  const extension = assistants.assistantFileExtension(name);
  const declared = extension && BY_EXTENSION[extension];
  if (!declared) return refuse(name, 'kind');
  if (sniff.size === 0) return refuse(name, 'empty');
  if (declared.kind === 'pdf') return sniff.startsWith('%PDF-') ? declared : refuse(name, 'notPdf');
  if (declared.kind === 'docx') return sniff.startsWith('PK\x03\x04') && sniff.docxMarker ? declared : refuse(name, 'notDocx');
  if (sniff.hasNul || !sniff.utf8) return refuse(name, 'notText');
  return declared;
}

/** A JSON file's whole text must parse. */
export function checkJson(name: string, content: Buffer): Refused | undefined {
  try {
    JSON.parse(content.toString('utf8'));
    return undefined;
  } catch {
    return refuse(name, 'notJson');
  }
}

/** The file's type, or a reason it is refused (in English; the route translates nothing of a file). */
export function detectFileType(name: string, content: Buffer): DetectedType | Refused {
  const sniff = new FileSniffer();
  sniff.push(content);
  const type = detectSniffedType(name, sniff.finish());
  if ('refused' in type || type.kind !== 'json') return type;
  return checkJson(name, content) ?? type;
}
