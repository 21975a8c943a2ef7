import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { StatusMessage } from './status-message';
import { setStatus } from './status-store';

describe('<StatusMessage>', () => {
  it('shows an error as an alert, translated when it is a catalogue message, and clears it after 10 s', () => {
    vi.useFakeTimers();
    renderWithProviders(<StatusMessage operation="LOGIN" />, { language: 'dk' });
    act(() => void setStatus('LOGIN', { isError: true, body: 'The server is currently unavailable.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Serveren er ikke tilgængelig i øjeblikket.');
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows other messages as status and only its own operation', () => {
    renderWithProviders(<StatusMessage operation="REGISTER" />);
    act(() => {
      setStatus('REGISTER', { body: 'Please wait...' });
      setStatus('LOGIN', { body: 'Other' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Please wait...');
    expect(screen.queryByText('Other')).not.toBeInTheDocument();
  });

  it('hides success unless verbose', () => {
    renderWithProviders(<StatusMessage operation="SAVE" />);
    act(() => void setStatus('SAVE', { isSuccess: true, body: 'Saved' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    act(() => void setStatus('SAVE', { isSuccess: true, verbose: true, body: 'Saved' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });
});
