/**
 * Image uploads (SPEC §7 Uploads). UPLOAD goes through XMLHttpRequest, not the api client's
 * fetch: fetch reports no upload progress (request-body streams with progress need duplex
 * streaming, which browsers do not offer for uploads over HTTP/1.1), and SPEC §7 asks for
 * visible progress. Everything else (LIST_UPLOADS) uses the ordinary api client.
 */
import { API_BASE, XHR_HEADER, XHR_HEADER_VALUE, SENT_AT_HEADER, appIdFromHost, uploads, type AppId } from '@chi/contract';
import { acceptLanguage, api } from '../api/api';
import { ApiError, hasErrorField, normaliseErrorResponse, serverError, unavailableError } from '../api/errors';
import { createStore, useStore } from '../store';
import { fillParams } from '../api/client';

export type UploadResult = { files: uploads.UploadedFile[]; message: string };

export interface UploadOptions {
  appId?: AppId;
  /** The Accept-Language to send (`en`/`da`): the server writes its message and errors in it. Defaults to the shell's language. */
  language?: string;
  /** 0–100 as bytes leave the browser. */
  onProgress?: (percent: number) => void;
  /** For tests: a stand-in XMLHttpRequest. */
  createRequest?: () => XMLHttpRequest;
}

export function currentAppId(): AppId {
  return appIdFromHost(window.location.host);
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends the files in the multipart field `files`; resolves with the server's files and message. */
export function uploadImages(files: readonly File[], options: UploadOptions = {}): Promise<UploadResult> {
  const appId = options.appId ?? currentAppId();
  const url = API_BASE + fillParams(uploads.upload.path, { appId });
  const form = new FormData();
  for (const file of files) form.append(uploads.UPLOAD_FIELD, file, file.name);
  return new Promise<UploadResult>((resolve, reject) => {
    const request = options.createRequest?.() ?? new XMLHttpRequest();
    request.open('POST', url);
    // Same rules as every other call (SPEC §7): credentials, the XHR marker and a send time.
    request.withCredentials = true;
    request.setRequestHeader(XHR_HEADER, XHR_HEADER_VALUE);
    request.setRequestHeader(SENT_AT_HEADER, String(Date.now()));
    request.setRequestHeader('Accept', 'application/json');
    // Like every api call: the server answers the upload's message and errors in this language.
    request.setRequestHeader('Accept-Language', options.language ?? acceptLanguage());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onerror = () => reject(unavailableError());
    request.onload = () => {
      const payload = parse(request.responseText);
      const failed = request.status < 200 || request.status >= 300 || hasErrorField(payload);
      if (failed) {
        reject(normaliseErrorResponse(request.status, payload));
        return;
      }
      const parsed = uploads.upload.output.safeParse(payload);
      if (!parsed.success) {
        reject(serverError(request.status));
        return;
      }
      options.onProgress?.(100);
      uploadsChanged();
      resolve(parsed.data);
    };
    request.send(form);
  });
}

/** The caller's images; a failure is only logged and reads as no images (SPEC §8 image list). */
export async function listImages(appId?: AppId): Promise<uploads.UploadedFile[]> {
  try {
    const result = await api.call(uploads.listUploads, appId ? { appId } : {}, { fresh: true, quietUnauthorized: true });
    return result._images;
  } catch (error) {
    console.error('Image list failed:', error instanceof ApiError ? error.message : error);
    return [];
  }
}

/** Bumped after each upload so every open image list (picker, /cloud) reloads. */
const uploadsVersion = createStore(0);

export function uploadsChanged(): void {
  uploadsVersion.set((version) => version + 1);
}

export function useUploadsVersion(): number {
  return useStore(uploadsVersion, (version) => version);
}
