/**
 * The assistants pages' calls: the contract's descriptors through the shell's api client,
 * the file upload through XMLHttpRequest (fetch reports no upload progress), and pipes read
 * with EventSource, which resumes after the last event id by itself when it reconnects.
 */
import { API_BASE, type OutputOf, SENT_AT_HEADER, XHR_HEADER, XHR_HEADER_VALUE, assistants, pipes, resolvePath } from '@chi/contract';
import type { z } from 'zod';
import { acceptLanguage } from '../../../shell/api/api';
import { hasErrorField, normaliseErrorResponse, serverError, unavailableError } from '../../../shell/api/errors';

/** A fresh pipe name: random, so it names this page's conversation only. */
export function newPipeName(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `p${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export type PipeListener = (event: assistants.PipeEvent) => void;

/** Opens a pipe's event stream; answers the close function. Events that do not parse are skipped. */
export function openPipe(pipeName: string, onEvent: PipeListener): () => void {
  return openPipeOf(pipeName, assistants.pipeEventSchema, onEvent);
}

/** The same for another kind of events on a pipe (a batch import's), parsed with their own schema. */
export function openPipeOf<T>(pipeName: string, schema: z.ZodType<T>, onEvent: (event: T) => void): () => void {
  const source = new EventSource(API_BASE + pipes.pipePath(pipeName), { withCredentials: true });
  source.onmessage = (message: MessageEvent<string>) => {
    try {
      const parsed = schema.safeParse(JSON.parse(message.data));
      if (parsed.success) onEvent(parsed.data);
    } catch {
      // A broken event is dropped; the saved message arrives in the `message` event anyway.
    }
  };
  return () => source.close();
}

export type UploadResult = OutputOf<typeof assistants.uploadFiles>;

/** Uploads files to an assistant; their indexing states arrive on `pipeName` under `listenerName`. */
export function uploadAssistantFiles(assistantId: string, files: readonly File[], pipeName: string, listenerName: string, onProgress: (percent: number) => void): Promise<UploadResult> {
  return sendFiles('POST', API_BASE + assistants.uploadFilesPath(assistantId, pipeName, listenerName), files, assistants.uploadFiles.output, onProgress);
}

/** Replaces a file with a new version (the old one stays readable for its references); its indexing states arrive on the pipe. */
export function replaceAssistantFile(fileId: string, file: File, pipeName: string, listenerName: string, onProgress: (percent: number) => void): Promise<assistants.AssistantFile> {
  const query = new URLSearchParams({ pipeName, listenerName });
  return sendFiles('PUT', `${API_BASE}${resolvePath(assistants.replaceFile, fileId)}?${query.toString()}`, [file], assistants.replaceFile.output, onProgress);
}

/** A multipart POST of files (field `files`) to an API path, with upload progress; the answer parsed with `output`. */
export function uploadFiles<T>(path: string, files: readonly File[], output: z.ZodType<T>, onProgress: (percent: number) => void): Promise<T> {
  return sendFiles('POST', API_BASE + path, files, output, onProgress);
}

/** Sends files as multipart (field `files`) with upload progress; answers the parsed reply. */
function sendFiles<T>(method: 'POST' | 'PUT', url: string, files: readonly File[], output: z.ZodType<T>, onProgress: (percent: number) => void): Promise<T> {
  const form = new FormData();
  for (const file of files) form.append(assistants.ASSISTANT_FILE_FIELD, file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.withCredentials = true;
    request.setRequestHeader(XHR_HEADER, XHR_HEADER_VALUE);
    request.setRequestHeader(SENT_AT_HEADER, String(Date.now()));
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', acceptLanguage());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onerror = () => reject(unavailableError());
    request.onload = () => {
      let payload: unknown;
      try {
        payload = request.responseText === '' ? undefined : (JSON.parse(request.responseText) as unknown);
      } catch {
        payload = request.responseText;
      }
      if (request.status < 200 || request.status >= 300 || hasErrorField(payload)) {
        reject(normaliseErrorResponse(request.status, payload));
        return;
      }
      const parsed = output.safeParse(payload);
      if (!parsed.success) {
        reject(serverError(request.status));
        return;
      }
      onProgress(100);
      resolve(parsed.data);
    };
    request.send(form);
  });
}

export const ACCEPTED_FILES = assistants.ASSISTANT_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Whether the server takes a file of this name (its extension; the picker's filter can be set to "All files"). */
export function isAcceptedFile(name: string): boolean {
  return assistants.assistantFileExtension(name) !== undefined;
}
