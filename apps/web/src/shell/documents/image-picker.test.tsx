import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, jsonResponse, TEST_CONFIG } from '../../test/render';
import { stubUploadXhr } from '../../test/fake-upload-xhr';
import { setSessionUser } from '../session/session-store';
import { ImagePicker } from './image-picker';
import { imageChoiceFor } from './image-choice';
import { gridColumns } from './image-grid';

const image = (n: number) => ({ _id: `u${n}`, url: `/uploads/u${n}`, name: `photo-${n}.png`, contentType: 'image/png', size: 2048 });

function serve(images: unknown[] | 'fail') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
      if (url.endsWith('/Upload/action/list')) return images === 'fail' ? jsonResponse(500, {}) : jsonResponse(200, { _images: images });
      return jsonResponse(404, {});
    }),
  );
}

/** The upload answers `status` with `body`. */
function fakeXhr(status: number, body: unknown) {
  return stubUploadXhr(() => ({ status, body }));
}

function renderPicker(query = 'modal=pickImage&pickFor=req-1') {
  const close = vi.fn();
  const params = new URLSearchParams(query);
  renderWithProviders(<ImagePicker close={close} params={params} />, { path: `/?${query}` });
  return { close };
}

describe('the image grid width', () => {
  it.each([
    [0, 1], [1, 1], [2, 2], [4, 2], [5, 3], [9, 3], [10, 4], [40, 4],
  ])('%i images → %i columns', (count, columns) => {
    expect(gridColumns(count)).toBe(columns);
  });
});

describe('image picker', () => {
  it('offers Upload and Custom to a visitor, My Images only when logged in', async () => {
    serve([]);
    renderPicker();
    expect(await screen.findByRole('tab', { name: 'Upload' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'My Images' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Custom' })).toBeInTheDocument();
  });

  it('says no images yet when the list is empty, and when it fails (only logged)', async () => {
    setSessionUser({ name: 'Ada' });
    serve('fail');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPicker();
    expect(await screen.findByText('no images yet')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists images as named buttons in a grid that follows the count; a click reports the choice and closes', async () => {
    setSessionUser({ name: 'Ada' });
    serve([image(1), image(2), image(3), image(4), image(5)]);
    const { close } = renderPicker();
    const list = await screen.findByRole('list', { name: 'My Images' });
    expect(list).toHaveAttribute('data-columns', '3');
    await userEvent.setup().click(screen.getByRole('button', { name: 'photo-2.png' }));
    expect(imageChoiceFor('req-1')).toEqual({ url: '/uploads/u2', name: 'photo-2.png', source: 'upload' });
    expect(close).toHaveBeenCalled();
  });

  it('uploads with XHR, credentials and the XHR header, then shows the server message', async () => {
    serve([]);
    const sent = fakeXhr(200, { files: [image(1)], message: '1 image uploaded' });
    renderPicker('modal=pickImage&tab=upload');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Images to upload');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
    await user.upload(input, new File(['png'], 'a.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(await screen.findByText('1 image uploaded')).toBeInTheDocument();
    expect(sent[0]?.withCredentials).toBe(true);
    expect(sent[0]?.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect((sent[0]?.body as FormData).getAll('files')).toHaveLength(1);
  });

  it('shows an upload error as an error status in the modal', async () => {
    serve([]);
    fakeXhr(415, { Error: { name: 'Upload Error', message: 'x.png: not an accepted image', code: 415 } });
    renderPicker('modal=pickImage&tab=upload');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Images to upload'), new File(['text'], 'x.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('x.png: not an accepted image');
  });

  it('Custom: requires a URL, previews it, and offers the default image', async () => {
    serve([]);
    const { close } = renderPicker('modal=pickImage&pickFor=req-2&tab=custom');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use this image' }));
    expect(await screen.findByText('An image url is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Image URL'), 'https://example.org/cat.png');
    expect(screen.getByRole('img', { name: 'Preview of the image at the given address' })).toHaveAttribute('src', '/api/v1/image-proxy?url=https%3A%2F%2Fexample.org%2Fcat.png');
    await user.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(imageChoiceFor('req-2')).toEqual({ url: 'https://example.org/cat.png', name: 'https://example.org/cat.png', source: 'custom' });
    await user.click(screen.getByRole('button', { name: 'Use Default Image' }));
    expect(imageChoiceFor('req-2')?.source).toBe('default');
    expect(close).toHaveBeenCalledTimes(2);
  });

  it('Custom: refuses an http: address with the reason, and keeps nothing', async () => {
    serve([]);
    const { close } = renderPicker('modal=pickImage&pickFor=req-3&tab=custom');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Image URL'), 'http://example.org/cat.png');
    expect(screen.getByText(/Only https:\/\/ addresses can be used/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of the image at the given address' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(imageChoiceFor('req-3')).toBeUndefined();
    expect(close).not.toHaveBeenCalled();
  });

  it('clears a stale upload error when other files are chosen', async () => {
    serve([]);
    fakeXhr(415, { Error: { name: 'Upload Error', message: 'x.png: not an accepted image', code: 415 } });
    renderPicker('modal=pickImage&tab=upload');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Images to upload');
    await user.upload(input, new File(['text'], 'x.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('x.png: not an accepted image');
    await user.upload(input, new File(['png'], 'good.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the tab in the query', async () => {
    serve([]);
    renderPicker('modal=pickImage');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Custom' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('tab=custom'));
  });
});
