import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { STATUS_ERROR_TIMEOUT_MS } from '@chi/contract';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { jsonResponse, renderApp } from '../../test/render';
import type { AppModule } from '../routing/app-module';
import { sessionStore } from '../session/session-store';

const app: AppModule = {
  id: 'app',
  Home: () => <p>Home view</p>,
  Layout: Outlet,
  routes: [{ name: 'cloud', path: '/cloud', Component: () => <p>Account page</p> }],
  nav: [],
  resources: { en: {}, dk: {} },
};

const USER = {
  _id: 'u1', _email: 'ada@example.org', _firstName: 'Ada', _lastName: 'Lovelace', name: 'Ada Lovelace', title: '',
  '©isDevOp': false, '©isAppAdmin': false, isGuest: false,
};

function stubServer(answer: () => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/Account/action/login')) return answer();
    void init;
    return jsonResponse(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const location = () => screen.getByTestId('location').textContent;

describe('the login modal', () => {
  it('has Email, Password, Forgot password, Back and Login; Login stays disabled until both fields are valid', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=login' });
    const login = await screen.findByRole('button', { name: 'Login' });
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Forgot password' })).toBeInTheDocument();
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-address');
    await user.click(screen.getByLabelText(/^Password/));
    expect(await screen.findByText('A valid email address is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByLabelText(/^Email/));
    expect(screen.getByText('A password is required')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.org');
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    expect(login).toBeEnabled();
    expect(screen.queryByText('A valid email address is required')).not.toBeInTheDocument();
    expect(screen.queryByText('A password is required')).not.toBeInTheDocument();
  });

  it('sends the hashed password, is busy while sending, stores the user and follows the redirect', async () => {
    let release: (response: Response) => void = () => undefined;
    const fetchMock = stubServer(() => jsonResponse(200, {}));
    const pending = new Promise<Response>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (url: string) => (url.endsWith('/login') ? pending : jsonResponse(404, {})));
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=login&redirect=%2Fcloud' });
    await user.type(await screen.findByLabelText(/^Email/), ' ada@example.org ');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const loginCall = () => fetchMock.mock.calls.find(([url]) => url.endsWith('/login'));
    await waitFor(() => expect(loginCall()).toBeDefined());
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    const body = JSON.parse(String((loginCall()?.[1] as RequestInit).body)) as { _email: string; password: string };
    expect(body._email).toBe('ada@example.org');
    expect(body.password).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(body)).not.toContain('secret');
    release(jsonResponse(200, { Error: null, User: USER, _sessionKey: 's' }));
    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(location()).toBe('/cloud');
    expect(sessionStore.get().user?.name).toBe('Ada Lovelace');
  });

  it('without a redirect, returns to the clean query', async () => {
    stubServer(() => jsonResponse(200, { Error: null, User: USER, _sessionKey: 's' }));
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=login' });
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it("shows the server's Error.message in the modal on failure", async () => {
    stubServer(() => jsonResponse(400, { Error: { name: 'Login Error', message: 'The email or password is incorrect.', code: 400 } }));
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=login' });
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('its failure box clears after 10 s like every error status (SPEC §4; issue 25: still there after 12 s)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    stubServer(() => jsonResponse(400, { Error: { name: 'Login Error', message: 'The email or password is incorrect.', code: 400 } }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(app, { path: '/?modal=login' });
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    act(() => vi.advanceTimersByTime(STATUS_ERROR_TIMEOUT_MS - 200));
    expect(screen.getByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });

  it('Forgot password opens the forgot modal and keeps the redirect', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=login&redirect=%2Fcloud' });
    await user.click(await screen.findByRole('button', { name: 'Forgot password' }));
    expect(await screen.findByRole('dialog', { name: 'Reset password' })).toBeInTheDocument();
    expect(location()).toBe('/?modal=forgot&redirect=%2Fcloud');
  });

  it('"Have a session key?" opens the session key modal, keeping the redirect (issue 25: nothing opened it)', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=login&redirect=%2Fcloud' });
    expect(await screen.findByText('Have a session key?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enter your session key' }));
    expect(await screen.findByRole('dialog', { name: 'Enter Session Key' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Key/)).toBeInTheDocument();
    expect(location()).toBe('/?modal=session&redirect=%2Fcloud');
  });

  it('speaks Danish', async () => {
    renderApp(app, { path: '/?modal=login', language: 'dk' });
    expect(await screen.findByLabelText(/^Adgangskode/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Glemt adgangskode' })).toBeInTheDocument();
  });
});
