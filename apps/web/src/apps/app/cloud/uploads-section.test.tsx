import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, jsonResponse, TEST_CONFIG } from '../../../test/render';
import { UploadsSection } from './uploads-section';

function serve(images: unknown[]) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/v1/config' ? jsonResponse(200, TEST_CONFIG) : jsonResponse(200, { _images: images }))));
}

describe('/cloud → Your uploads', () => {
  it('says so when there are no uploads', async () => {
    serve([]);
    renderWithProviders(<UploadsSection />);
    expect(await screen.findByText('You have not uploaded any images yet.')).toBeInTheDocument();
  });

  it('lists uploads with names and sizes; the button opens the picker on its Upload tab', async () => {
    serve([{ _id: 'u1', url: '/uploads/u1', name: 'cat.png', contentType: 'image/png', size: 3072 }]);
    renderWithProviders(<UploadsSection />, { path: '/cloud' });
    const list = await screen.findByRole('list', { name: 'Your uploaded images' });
    expect(list).toHaveTextContent('cat.png');
    expect(list).toHaveTextContent('3.0 KB');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upload images' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/cloud\?modal=pickImage&pickFor=pick-[^&]+&tab=upload$/));
  });
});
