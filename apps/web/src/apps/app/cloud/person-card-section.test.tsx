import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, TEST_CONFIG } from '../../../test/render';
import { sessionStore } from '../../../shell/session/session-store';
import { PersonCardSection, awardsFromText } from './person-card-section';

const user = { name: 'Ada Lovelace', _id: 'u1', email: 'ada@example.org', title: '', '©isDevOp': false, '©isAppAdmin': false };
const RECORD = {
  _id: 'u1', _email: 'ada@example.org', _firstName: 'Ada', _lastName: 'Lovelace', name: 'Ada Lovelace', title: '',
  '©isDevOp': false, '©isAppAdmin': false, status: 'active', createdAt: '2026-01-01T00:00:00.000Z',
  programme: 'MSc Mathematics', university: '', awards: ['Royal Medal'],
};

function server() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    if (url.endsWith('/Account/action/get/u1')) return jsonResponse(200, RECORD);
    if (url.endsWith('/Account/action/updateProfile/u1')) {
      return jsonResponse(200, { ...RECORD, ...(JSON.parse(String(init?.body)) as object) });
    }
    return jsonResponse(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('/cloud → Your person card', () => {
  it('shows what the account holds, saves the edits through UPDATE_PROFILE and says so', async () => {
    const fetchMock = server();
    const person = userEvent.setup({ delay: null });
    renderWithProviders(<PersonCardSection user={user} />);
    const programme = await screen.findByLabelText(/^Programme/);
    expect(programme).toHaveValue('MSc Mathematics');
    expect(screen.getByLabelText(/^Awards/)).toHaveValue('Royal Medal');
    await person.type(screen.getByLabelText('Academic Title'), 'Prof.');
    await person.type(screen.getByLabelText('University'), 'University of London');
    await person.type(screen.getByLabelText(/^Awards/), '\n\nFellow of the Society  ');
    await person.click(screen.getByRole('button', { name: 'Save person card' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your person card has been saved.');
    const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/updateProfile/u1'));
    expect(call?.[1]?.method).toBe('PATCH');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      title: 'Prof.', programme: 'MSc Mathematics', university: 'University of London', awards: ['Royal Medal', 'Fellow of the Society'],
    });
    await waitFor(() => expect(sessionStore.get().user?.title).toBe('Prof.'));
  }, 60_000);

  it('is in Danish too', async () => {
    server();
    renderWithProviders(<PersonCardSection user={user} />, { language: 'dk' });
    expect(await screen.findByLabelText(/^Uddannelse/)).toHaveValue('MSc Mathematics');
    expect(screen.getByRole('heading', { name: 'Dit personkort' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gem personkort' })).toBeEnabled();
  });

  it('refuses a programme that is too long before sending it', async () => {
    const fetchMock = server();
    const person = userEvent.setup({ delay: null });
    renderWithProviders(<PersonCardSection user={user} />);
    const programme = await screen.findByLabelText(/^Programme/);
    await person.clear(programme);
    await person.click(programme);
    await person.paste('x'.repeat(501));
    await person.tab();
    expect(await screen.findByText('Use at most 500 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save person card' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/updateProfile/u1'))).toBe(false);
  }, 60_000);

  it('reads one award per line, leaving blank lines out', () => {
    expect(awardsFromText(' A \n\n B\n  ')).toEqual(['A', 'B']);
  });
});
