import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@chi/contract';
import { renderWithProviders } from '../../test/render';
import { clearStatus } from '../status/status-store';
import { UPLOAD_OPERATION, UploadTab } from './upload-tab';

/**
 * Stands in for the server: like the real one (upload-messages.ts), it answers in Danish only
 * when the upload asks for `da` in Accept-Language, and in English otherwise.
 */
function serverAnswering(outcome: 'uploaded' | 'tooLarge') {
  const sent: Record<string, string>[] = [];
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
    send(): void {
      sent.push(this.headers);
      const danish = this.headers['Accept-Language'] === 'da';
      const image = { _id: 'u1', url: '/uploads/u1', name: 'a.png', contentType: 'image/png', size: 3 };
      const [status, body] =
        outcome === 'uploaded'
          ? [200, { files: [image], message: danish ? '1 billede uploadet' : '1 image uploaded' }]
          : [413, { Error: { name: 'Upload Error', message: danish ? 'Filen er for stor: højst 10 MB pr. fil' : 'File too large: at most 10 MB per file', code: 413 } }];
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

async function uploadOneImage(language: Language, label: string, button: string) {
  renderWithProviders(<UploadTab />, { language });
  const user = userEvent.setup();
  await user.upload(await screen.findByLabelText(label), new File(['png'], 'a.png', { type: 'image/png' }));
  await user.click(screen.getByRole('button', { name: button }));
}

describe('the Upload tab speaks the interface language', () => {
  afterEach(() => {
    clearStatus(UPLOAD_OPERATION);
    vi.unstubAllGlobals();
  });

  it('shows the server’s success message in Danish when the interface is Danish', async () => {
    const sent = serverAnswering('uploaded');
    await uploadOneImage('dk', 'Billeder der skal uploades', 'Upload');
    expect(await screen.findByRole('status')).toHaveTextContent('1 billede uploadet');
    expect(sent[0]?.['Accept-Language']).toBe('da');
  });

  it('shows an upload error in Danish as an error status', async () => {
    serverAnswering('tooLarge');
    await uploadOneImage('dk', 'Billeder der skal uploades', 'Upload');
    expect(await screen.findByRole('alert')).toHaveTextContent('Filen er for stor: højst 10 MB pr. fil');
  });

  it('stays English in an English interface', async () => {
    const sent = serverAnswering('tooLarge');
    await uploadOneImage('en', 'Images to upload', 'Upload');
    expect(await screen.findByRole('alert')).toHaveTextContent('File too large: at most 10 MB per file');
    expect(sent[0]?.['Accept-Language']).toBe('en');
  });
});
