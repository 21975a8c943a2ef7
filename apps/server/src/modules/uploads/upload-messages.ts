/**
 * What an upload answers, in the uploader's language (English or Danish). The web client
 * sends its interface language as Accept-Language on every call, the upload's XHR included,
 * and the mails pick their language the same way; the client shows these texts as they come.
 * Field names (`files:`, `appId:`) stay as they are: they name the input, not prose.
 */
import type { FastifyRequest } from 'fastify';
import { mailLanguage } from '../../mail/language';
import type { MailLanguage } from '../../mail/language';

export type UploadLanguage = MailLanguage;

export interface UploadMessages {
  uploaded(count: number): string;
  tooLarge(maxBytes: number): string;
  tooMany(maxFiles: number): string;
  notAnImage(name: string): string;
  svgRefused(name: string): string;
  noFiles(): string;
  wrongField(field: string, expected: string): string;
  notMultipart(expected: string): string;
  badMultipart(): string;
  unknownApp(): string;
  overQuota(quotaBytes: number): string;
}

/** A size as a person reads it, with the language's decimal mark: 10 MB, 1,5 MB, 500 KB, 1000 bytes. */
function size(bytes: number, language: UploadLanguage): string {
  const format = (value: number) => (Math.round(value * 10) / 10).toLocaleString(language === 'da' ? 'da-DK' : 'en-GB');
  if (bytes >= 1024 * 1024 * 1024) return `${format(bytes / (1024 * 1024 * 1024))} GB`;
  if (bytes >= 1024 * 1024) return `${format(bytes / (1024 * 1024))} MB`;
  if (bytes >= 10 * 1024) return `${format(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const EN: UploadMessages = {
  uploaded: (count) => (count === 1 ? '1 image uploaded' : `${count} images uploaded`),
  tooLarge: (maxBytes) => `File too large: at most ${size(maxBytes, 'en')} per file`,
  tooMany: (maxFiles) => `Too many files: at most ${maxFiles} per upload`,
  notAnImage: (name) => `${name}: not an accepted image (PNG, JPEG, GIF or WebP)`,
  svgRefused: (name) => `${name}: SVG images are not accepted, as they can carry scripts (use PNG, JPEG, GIF or WebP)`,
  noFiles: () => 'files: choose at least one image (PNG, JPEG, GIF or WebP)',
  wrongField: (field, expected) => `${field}: files must be sent in the field "${expected}"`,
  notMultipart: (expected) => `files: send multipart/form-data with the field "${expected}"`,
  badMultipart: () => 'files: not a valid multipart body',
  unknownApp: () => 'appId: is not an app of this product',
  overQuota: (quota) => `Storage full: your files may take at most ${size(quota, 'en')} in all; delete images or assistant files you no longer need`,
};

const DA: UploadMessages = {
  uploaded: (count) => (count === 1 ? '1 billede uploadet' : `${count} billeder uploadet`),
  tooLarge: (maxBytes) => `Filen er for stor: højst ${size(maxBytes, 'da')} pr. fil`,
  tooMany: (maxFiles) => `For mange filer: højst ${maxFiles} pr. upload`,
  notAnImage: (name) => `${name}: ikke et tilladt billede (PNG, JPEG, GIF eller WebP)`,
  svgRefused: (name) => `${name}: SVG-billeder modtages ikke, da de kan indeholde scripts (brug PNG, JPEG, GIF eller WebP)`,
  noFiles: () => 'files: vælg mindst ét billede (PNG, JPEG, GIF eller WebP)',
  wrongField: (field, expected) => `${field}: filerne skal sendes i feltet "${expected}"`,
  notMultipart: (expected) => `files: send multipart/form-data med feltet "${expected}"`,
  badMultipart: () => 'files: ikke en gyldig multipart-forespørgsel',
  unknownApp: () => 'appId: er ikke en app i dette produkt',
  overQuota: (quota) => `Lageret er fuldt: dine filer må højst fylde ${size(quota, 'da')} i alt; slet billeder eller assistentfiler, du ikke længere bruger`,
};

export const UPLOAD_MESSAGES: Readonly<Record<UploadLanguage, UploadMessages>> = { en: EN, da: DA };

/** The texts for this request: Danish when its Accept-Language starts with da (or dk), else English. */
export function uploadMessages(request: Pick<FastifyRequest, 'headers'>): UploadMessages {
  return UPLOAD_MESSAGES[mailLanguage(request.headers['accept-language'])];
}
