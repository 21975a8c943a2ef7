import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@chi/contract';
import { renderWithProviders } from '../../test/render';
import { ChunkGate } from './chunk-gate';

describe('<ChunkGate>', () => {
  it('shows a loader, then an error with Retry when the chunk has not arrived after 120 s; Retry tries again', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<string>>()
      .mockReturnValueOnce(new Promise(() => undefined))
      .mockResolvedValueOnce('Loaded app');
    renderWithProviders(<ChunkGate load={load}>{(value) => <p>{value}</p>}</ChunkGate>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Loading is taking too long.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Loaded app')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the error at once when the chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    renderWithProviders(<ChunkGate load={load}>{(value) => <p>{value}</p>}</ChunkGate>, { language: 'dk' });
    expect(await screen.findByRole('alert')).toHaveTextContent('En del af programmet kunne ikke indlæses.');
    expect(screen.getByRole('button', { name: 'Prøv igen' })).toBeInTheDocument();
  });
});
