import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, TEST_CONFIG } from '../../../test/render';
import { appModule } from '../routes';

const USER = { _id: 'u1', _email: 'ada@example.org', _firstName: 'Ada', _lastName: 'Lovelace', name: 'Ada Lovelace', title: '', '©isDevOp': false, '©isAppAdmin': false, isGuest: false };

function serverAnswering(verified: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    if (url.endsWith('/verifyToken')) return jsonResponse(200, { valid: true, email: 'ada@example.org', ...verified });
    if (url.endsWith('/activateAccountWithToken')) return jsonResponse(200, { Error: null, User: USER, _sessionKey: 's1' });
    return jsonResponse(200, { Error: null, User: null, _sessionKey: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function activationBody(fetchMock: ReturnType<typeof serverAnswering>): Record<string, unknown> {
  const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/activateAccountWithToken'));
  return JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;
}

describe('/activateAcademicAccount: the Academic Title is optional, as on the request form', () => {
  // The route loads the page on demand; loaded once here, a busy machine does not eat the tests' time.
  beforeAll(() => import('./activate-account-page'), 60_000);

  it('activates with the title left empty', async () => {
    const fetchMock = serverAnswering({ _firstName: 'Ada', _lastName: 'Lovelace', title: '' });
    const person = userEvent.setup({ delay: null });
    renderApp(appModule, { path: '/activateAcademicAccount/a-token' });
    const title = await screen.findByLabelText('Academic Title');
    expect(title).not.toBeRequired();
    expect(screen.getByLabelText(/^First Name/)).toBeRequired();
    await person.type(screen.getByLabelText(/^New password/), 'a good password');
    await person.type(screen.getByLabelText(/^Repeat new password/), 'a good password');
    const activate = screen.getByRole('button', { name: 'Activate account' });
    expect(activate).toBeEnabled();
    await person.click(activate);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cloud'));
    expect(activationBody(fetchMock)).toMatchObject({ activateAccountToken: 'a-token', _firstName: 'Ada', _lastName: 'Lovelace', title: '' });
  }, 60_000);

  it('clearing a prefilled title still lets the person activate, and sends it empty', async () => {
    const fetchMock = serverAnswering({ _firstName: 'Ada', _lastName: 'Lovelace', title: 'Dr.' });
    const person = userEvent.setup({ delay: null });
    renderApp(appModule, { path: '/activateAcademicAccount/a-token' });
    const title = await screen.findByLabelText('Academic Title');
    await waitFor(() => expect(title).toHaveValue('Dr.'));
    await person.clear(title);
    await person.tab();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    await person.type(screen.getByLabelText(/^New password/), 'a good password');
    await person.type(screen.getByLabelText(/^Repeat new password/), 'a good password');
    await person.click(screen.getByRole('button', { name: 'Activate account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cloud'));
    expect(activationBody(fetchMock).title).toBe('');
  }, 60_000);
});
