/** Stands in for XMLHttpRequest in upload tests: reports progress, then answers as `answer` says. */
import { vi } from 'vitest';

export interface SentUpload {
  headers: Record<string, string>;
  withCredentials: boolean;
  body: unknown;
}

export type UploadAnswer = (sent: SentUpload) => { status: number; body: unknown };

/** Installs the fake; returns the list of requests sent, filled as they go. */
export function stubUploadXhr(answer: UploadAnswer, answerAfterMs = 150): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    withCredentials = false;
    private readonly headers: Record<string, string> = {};
    open(): void {}
    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value;
    }
    send(form: unknown): void {
      const request = { headers: this.headers, withCredentials: this.withCredentials, body: form };
      sent.push(request);
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent), 5);
      setTimeout(() => {
        const { status, body } = answer(request);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, answerAfterMs);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
