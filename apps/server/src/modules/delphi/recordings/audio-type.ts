/**
 * Recognises an audio container by its first bytes (never by the name or the client's type):
 * WebM/Matroska (Chromium's and Firefox's MediaRecorder), Ogg (Firefox), MP4 (Safari), WAV.
 */
export interface AudioType {
  readonly contentType: 'audio/webm' | 'audio/ogg' | 'audio/mp4' | 'audio/wav';
  readonly extension: 'webm' | 'ogg' | 'm4a' | 'wav';
}

const EXTENSIONS: Record<AudioType['contentType'], AudioType['extension']> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
};

function at(buffer: Buffer, offset: number, text: string | readonly number[]): boolean {
  const bytes = typeof text === 'string' ? [...text].map((c) => c.charCodeAt(0)) : text;
  return buffer.length >= offset + bytes.length && bytes.every((byte, i) => buffer[offset + i] === byte);
}

export function detectAudioType(head: Buffer): AudioType | undefined {
  if (at(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return { contentType: 'audio/webm', extension: 'webm' };
  if (at(head, 0, 'OggS')) return { contentType: 'audio/ogg', extension: 'ogg' };
  if (at(head, 4, 'ftyp')) return { contentType: 'audio/mp4', extension: 'm4a' };
  if (at(head, 0, 'RIFF') && at(head, 8, 'WAVE')) return { contentType: 'audio/wav', extension: 'wav' };
  return undefined;
}

/** The extension of a stored content type (the row keeps the sniffed type). */
export function extensionOf(contentType: string): AudioType['extension'] {
  return EXTENSIONS[contentType as AudioType['contentType']] ?? 'webm';
}
