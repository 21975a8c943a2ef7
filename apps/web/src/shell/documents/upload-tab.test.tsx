import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@chi/contract';
import { renderWithProviders } from '../../test/render';
import { stubUploadXhr } from '../../test/fake-upload-xhr';
import { clearStatus } from '../status/status-store';
import { UPLOAD_OPERATION, UploadTab } from './upload-tab';

/**
 * Stands in for the server: like the real one (upload-messages.ts), it answers in Danish only
 * when the upload asks for `da` in Accept-Language, and in English otherwise.
 */
function serverAnswering(outcome: 'uploaded' | 'tooLarge') {
  const sent = stubUploadXhr(({ headers }) => {
    const danish = headers['Accept-Language'] === 'da';
    const image = { _id: 'u1', url: '/uploads/u1', name: 'a.png', contentType: 'image/png', size: 3 };
    return outcome === 'uploaded'
      ? { status: 200, body: { files: [image], message: danish ? '1 billede uploadet' : '1 image uploaded' } }
      : { status: 413, body: { Error: { name: 'Upload Error', message: danish ? 'Filen er for stor: højst 10 MB pr. fil' : 'File too large: at most 10 MB per file', code: 413 } } };
  }, 0);
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
    expect(sent[0]?.headers['Accept-Language']).toBe('da');
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
    expect(sent[0]?.headers['Accept-Language']).toBe('en');
  });
});
