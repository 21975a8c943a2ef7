/**
 * What a batch import received, as a flat list of named files: a zip (by name and by its
 * `PK\x03\x04` signature) is unpacked, other files are taken as they are. Limits are checked
 * before anything is inflated (entry count, each entry's declared size) and again after (the
 * inflated size), so a zip bomb is refused instead of filling memory. Folders, hidden files
 * and macOS resource forks inside a zip are skipped; nested paths keep only the file name.
 */
import { unzipSync } from 'fflate';
import { quantumHr } from '@chi/contract';
import { sanitiseFileName } from '../../uploads/image-type';

export interface ReceivedFile {
  readonly name: string;
  readonly content: Buffer;
}

export interface UnpackLimits {
  readonly maxFileBytes: number;
  readonly maxFiles: number;
  readonly maxTotalBytes: number;
}

export class UnpackError extends Error {
  override readonly name = 'UnpackError';
  constructor(message: string, readonly code: 400 | 413) {
    super(message);
  }
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function isZip(name: string, content: Buffer): boolean {
  return /\.zip$/i.test(name) && content.subarray(0, 4).equals(ZIP_SIGNATURE);
}

function skipped(path: string): boolean {
  const base = path.split('/').pop() ?? '';
  return path.endsWith('/') || base === '' || base.startsWith('.') || path.startsWith('__MACOSX/') || path.includes('/__MACOSX/');
}

function unzip(name: string, content: Buffer, limits: UnpackLimits): ReceivedFile[] {
  let entries = 0;
  let declared = 0;
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipSync(content, {
      filter: (file) => {
        if (skipped(file.name)) return false;
        entries += 1;
        declared += file.originalSize;
        if (entries > limits.maxFiles) throw new UnpackError(`${name}: more than ${limits.maxFiles} files`, 413);
        if (file.originalSize > limits.maxFileBytes) throw new UnpackError(`${name}: ${file.name} is larger than ${Math.round(limits.maxFileBytes / 1024 / 1024)} MB`, 413);
        if (declared > limits.maxTotalBytes) throw new UnpackError(`${name}: the files add up to more than ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB`, 413);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof UnpackError) throw error;
    throw new UnpackError(`${name}: this is not a zip file that can be read`, 400);
  }
  return Object.entries(unzipped)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, data]) => ({ name: sanitiseFileName(path), content: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }));
}

/** The files to import, in order; throws UnpackError (400 or 413) when the limits are passed. */
export function unpack(received: readonly ReceivedFile[], limits: UnpackLimits): ReceivedFile[] {
  const files = received.flatMap((file) => (isZip(file.name, file.content) ? unzip(file.name, file.content, limits) : [file]));
  if (files.length === 0) throw new UnpackError('No file was sent (an empty zip?)', 400);
  if (files.length > limits.maxFiles) throw new UnpackError(`At most ${limits.maxFiles} files in one import`, 413);
  const total = files.reduce((sum, file) => sum + file.content.length, 0);
  if (total > limits.maxTotalBytes) throw new UnpackError(`The files add up to more than ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB`, 413);
  const tooLarge = files.find((file) => file.content.length > limits.maxFileBytes);
  if (tooLarge) throw new UnpackError(`${tooLarge.name} is larger than ${Math.round(limits.maxFileBytes / 1024 / 1024)} MB`, 413);
  return files;
}

export function defaultLimits(maxFileBytes: number): UnpackLimits {
  return { maxFileBytes, maxFiles: quantumHr.BATCH_IMPORT_MAX_FILES, maxTotalBytes: quantumHr.BATCH_IMPORT_MAX_TOTAL_BYTES };
}
