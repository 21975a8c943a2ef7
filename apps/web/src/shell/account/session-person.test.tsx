import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { jsonResponse, renderApp } from '../../test/render';
import type { AppModule } from '../routing/app-module';
import { sessionStore, setSessionUser } from '../session/session-store';

const app: AppModule = { id: 'app', Home: () => <p>Home view</p>, Layout: Outlet, routes: [], nav: [], resources: { en: {}, dk: {} } };
const GUEST = {
  _id: 'g1', _email: '', _firstName: '', _lastName: '', name: 'Guest', title: '', '©isDevOp': false, '©isAppAdmin': false, isGuest: true,
};

describe('the session key modals', () => {
  it('Enter Session Key: Key, Back and Submit; "A valid session key is required"', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=session' });
    const key = await screen.findByLabelText(/^Key/);
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(key);
    await user.tab();
    expect(await screen.findByText('A valid session key is required')).toBeInTheDocument();
    await user.type(key, 'abc');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('Begin Session: the key field, a User Id field, and both messages', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=userSession' });
    await user.click(await screen.findByLabelText(/^Key/));
    await user.click(screen.getByLabelText(/^User Id/));
    await user.type(screen.getByLabelText(/^User Id/), '-bad id');
    await user.click(screen.getByLabelText(/^Key/));
    expect(await screen.findByText('A valid key is required')).toBeInTheDocument();
    expect(screen.getByText('A valid user id is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('hides the key when sessionKey is in the query, labels the id by userIdLabel, and keeps the id after starting', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('/enterSessionKey') ? jsonResponse(200, { Error: null, User: GUEST, _sessionKey: 's' }) : jsonResponse(404, {}),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=enterTokenWithUserId&sessionKey=K123&userIdLabel=Participant%20number' });
    const id = await screen.findByLabelText(/^Participant number/);
    expect(screen.queryByLabelText(/^Key/)).not.toBeInTheDocument();
    await user.type(id, 'p-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sessionStore.get().user?.isGuest).toBe(true));
    expect(sessionStore.get().sessionUserId).toBe('p-42');
    const body = JSON.parse(String((fetchMock.mock.calls.find(([url]) => url.endsWith('/enterSessionKey'))?.[1] as RequestInit).body)) as unknown;
    expect(body).toEqual({ key: 'K123' });
  });

  it("shows the server's message for a bad key", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(400, { Error: { name: 'Session Key Error', message: 'A valid session key is required', code: 400 } })));
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=enterToken' });
    await user.type(await screen.findByLabelText(/^Key/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A valid session key is required');
  });
});

describe('the person card', () => {
  it('shows avatar, title and name, and the empty programme and awards texts', async () => {
    act(() => setSessionUser({ name: 'Ada Lovelace', title: 'Prof.', email: ' Ada@Example.org ' }));
    renderApp(app, { path: '/?modal=person&size=1000' });
    expect(await screen.findByRole('heading', { name: 'Prof. Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Not currently enrolled in any programs ...')).toBeInTheDocument();
    expect(screen.getByText('No awards yet ...')).toBeInTheDocument();
    const avatar = screen.getByRole('img', { name: 'Avatar of Ada Lovelace' });
    expect(avatar.getAttribute('src')).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&s=400$/);
  });

  it("loads the signed-in person's programme, university and awards from their account (GET_USER)", async () => {
    const record = {
      _id: 'u1', _email: 'ada@example.org', _firstName: 'Ada', _lastName: 'Lovelace', name: 'Ada Lovelace', title: 'Prof.',
      '©isDevOp': false, '©isAppAdmin': false, status: 'active', createdAt: '2026-01-01T00:00:00.000Z',
      programme: 'MSc Mathematics', university: 'University of London', awards: ['Royal Medal', 'Fellow'],
    };
    const fetchMock = vi.fn(async (url: string) => (url.endsWith('/Account/action/get/u1') ? jsonResponse(200, record) : jsonResponse(404, {})));
    vi.stubGlobal('fetch', fetchMock);
    act(() => setSessionUser({ _id: 'u1', name: 'Ada Lovelace', title: 'Prof.', email: 'ada@example.org' }));
    renderApp(app, { path: '/?modal=person' });
    const dialog = await screen.findByRole('dialog', { name: 'Person' });
    expect(await screen.findByText('MSc Mathematics')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('University of London');
    expect(dialog).toHaveTextContent('Royal Medal, Fellow');
    expect(dialog).not.toHaveTextContent('Not currently enrolled in any programs ...');
    expect(screen.getByRole('heading', { name: 'Prof. Ada Lovelace' })).toBeInTheDocument();
  });

  it('falls back to initials when the picture cannot load (offline)', async () => {
    act(() => setSessionUser({ name: 'Ada Lovelace', email: 'ada@example.org' }));
    renderApp(app, { path: '/?modal=person' });
    const avatar = await screen.findByRole('img', { name: 'Avatar of Ada Lovelace' });
    const dialog = screen.getByRole('dialog', { name: 'Person' });
    expect(dialog).not.toHaveTextContent('AL');
    fireEvent.error(avatar);
    await waitFor(() => expect(dialog).toHaveTextContent('AL'));
  });

  it('says "Illegal gravatar url" for an address that fails the pattern, and still shows initials', async () => {
    act(() => setSessionUser({ name: 'Bad Address', email: 'not-an-address' }));
    renderApp(app, { path: '/?modal=person' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Illegal gravatar url');
    expect(screen.getByRole('dialog', { name: 'Person' })).toHaveTextContent('BA');
  });
});
