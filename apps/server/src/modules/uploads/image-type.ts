/**
 * Recognises the accepted image types by their first bytes. The file name and the
 * client's content type are never trusted: a text file named `x.png` or an SVG (which can
 * carry script) is simply not one of these signatures.
 */
import type { uploads } from '@chi/contract';

type UploadContentType = uploads.UploadContentType;

export interface ImageType {
  readonly contentType: UploadContentType;
  readonly extension: string;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(buffer: Buffer, bytes: readonly number[], offset = 0): boolean {
  return buffer.length >= offset + bytes.length && bytes.every((byte, i) => buffer[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

export function detectImageType(buffer: Buffer): ImageType | undefined {
  if (startsWith(buffer, PNG)) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(buffer, ascii('GIF87a')) || startsWith(buffer, ascii('GIF89a'))) return { contentType: 'image/gif', extension: 'gif' };
  if (startsWith(buffer, ascii('RIFF')) && startsWith(buffer, ascii('WEBP'), 8)) return { contentType: 'image/webp', extension: 'webp' };
  return undefined;
}

/**
 * Whether refused content is an SVG, to say so plainly: SVG is XML that can carry script, so
 * it is never stored (sanitising it is not worth the risk for a picture upload).
 */
export function looksLikeSvg(buffer: Buffer): boolean {
  const head = buffer.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<') && /<svg[\s>/]/i.test(head);
}

/**
 * A display name only (the stored file is named by a random id): the last path segment,
 * without control characters or anything a header or a file system would read specially.
 */
export function sanitiseFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200);
  return cleaned === '' ? 'image' : cleaned;
}
