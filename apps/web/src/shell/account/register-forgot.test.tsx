import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { jsonResponse, renderApp } from '../../test/render';
import type { AppModule } from '../routing/app-module';

const app: AppModule = { id: 'app', Home: () => <p>Home view</p>, Layout: Outlet, routes: [], nav: [], resources: { en: {}, dk: {} } };

function stubServer(endpoint: string, answer: () => Promise<Response> | Response) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => (url.endsWith(endpoint) ? answer() : jsonResponse(404, {})));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The form's own calls; the header's session question (resumeSession) is not the form's.
const formCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/action/') && !String(url).endsWith('/resumeSession'));

const sentBody = (fetchMock: ReturnType<typeof stubServer>) =>
  JSON.parse(String((formCalls(fetchMock)[0]?.[1] as RequestInit).body)) as Record<string, string>;

describe('the register modal', () => {
  it('shows the academic title only for academic=true', async () => {
    const { unmount } = renderApp(app, { path: '/?modal=register&redirect=%2F' });
    expect(await screen.findByLabelText(/^First Name/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Last Name/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email address/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Academic Title/)).not.toBeInTheDocument();
    unmount();
    renderApp(app, { path: '/?modal=register&redirect=%2F&academic=true' });
    expect(await screen.findByLabelText(/^Academic Title/)).toBeInTheDocument();
  });

  it('says "This field is required" and "Invalid email address", and keeps Register disabled until valid', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=register&redirect=%2F' });
    const register = await screen.findByRole('button', { name: 'Register' });
    expect(register).toBeDisabled();
    await user.click(screen.getByLabelText(/^First Name/));
    await user.click(screen.getByLabelText(/^Last Name/));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email address/), 'nope@');
    await user.click(screen.getByLabelText(/^First Name/));
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.clear(screen.getByLabelText(/^Email address/));
    await user.type(screen.getByLabelText(/^Email address/), 'ada@example.org');
    expect(register).toBeEnabled();
  });

  it.each(['a b@c.de', 'a@b@c.de'])('refuses %j as "Invalid email address" (issue 25: the mail went to b@c.de)', async (typed) => {
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=register&redirect=%2F' });
    await user.type(await screen.findByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email address/), typed);
    await user.click(screen.getByLabelText(/^First Name/));
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
  });

  it('with academic=true the Academic Title is optional: Register is enabled without it and no title is sent', async () => {
    const fetchMock = stubServer('/requestAccount', () => jsonResponse(200, { _status: 'sent' }));
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=register&redirect=%2F&academic=true' });
    const title = await screen.findByLabelText(/^Academic Title/);
    expect(title).not.toBeRequired();
    await user.type(screen.getByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email address/), 'ada@example.org');
    await user.click(title);
    await user.tab();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    const register = screen.getByRole('button', { name: 'Register' });
    expect(register).toBeEnabled();
    await user.click(register);
    expect(await screen.findByText('Your request has been submitted. You will receive an email with further instructions.')).toBeInTheDocument();
    expect(sentBody(fetchMock)).not.toHaveProperty('title');
  });

  it('without a redirect query it explains why and cannot be sent', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=register' });
    expect(await screen.findByRole('alert')).toHaveTextContent('opened without a page to return to');
    await user.type(screen.getByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email address/), 'ada@example.org');
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
  });

  it('shows Please wait..., then only the success text and Close', async () => {
    let release: (response: Response) => void = () => undefined;
    const fetchMock = stubServer('/requestAccount', () => new Promise<Response>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=register&redirect=%2F&academic=true' });
    await user.type(await screen.findByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Academic Title/), 'Prof.');
    await user.type(screen.getByLabelText(/^Email address/), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please wait...')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toEqual({
      _email: 'ada@example.org', _firstName: 'Ada', _lastName: 'Lovelace', title: 'Prof.', _redirectTo: 'http://app.localhost:3000',
    });
    release(jsonResponse(200, { _status: 'sent' }));
    expect(await screen.findByText('Your request has been submitted. You will receive an email with further instructions.')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Register' });
    expect(screen.queryByLabelText(/^First Name/)).not.toBeInTheDocument();
    const buttons = Array.from(dialog.querySelectorAll('button')).map((b) => b.textContent || b.getAttribute('aria-label'));
    expect(buttons).toEqual(['Close dialog', 'Close']);
  });
});

describe('the forgot modal', () => {
  it('says "Cannot be empty." and "Invalid email address"', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=forgot' });
    const field = await screen.findByLabelText(/^Account email/);
    await user.click(field);
    await user.tab();
    expect(await screen.findByText('Cannot be empty.')).toBeInTheDocument();
    await user.type(field, 'bad');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
  });

  it('sends once: the button stays disabled and the answer is neutral', async () => {
    const fetchMock = stubServer('/requestResetPassword', () => jsonResponse(200, { _status: 'sent' }));
    const user = userEvent.setup();
    renderApp(app, { path: '/?modal=forgot' });
    await user.type(await screen.findByLabelText(/^Account email/), 'someone@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account exists for this address/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
    await waitFor(() => expect(formCalls(fetchMock)).toHaveLength(1));
    expect(sentBody(fetchMock)).toMatchObject({ _email: 'someone@example.org', _redirectTo: 'http://app.localhost:3000' });
  });
});
