import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { renderApp } from '../../test/render';
import type { AppModule } from '../routing/app-module';
import { MODAL_NAMES, queryAfterClose } from './modal-names';

const app: AppModule = {
  id: 'app',
  Home: () => <p>Home view</p>,
  Layout: Outlet,
  routes: [{ name: 'page', path: '/page', Component: () => <p>Some page</p> }],
  nav: [],
  resources: { en: {}, dk: {} },
};

const TITLES: Record<(typeof MODAL_NAMES)[number], string> = {
  person: 'Person',
  register: 'Register',
  login: 'Login',
  forgot: 'Reset password',
  session: 'Enter Session Key',
  enterToken: 'Enter Session Key',
  userSession: 'Begin Session',
  enterTokenWithUserId: 'Begin Session',
  signUp: 'Sign up',
  pickImage: 'Choose an image',
  chunk: 'Reference',
};

const location = () => screen.getByTestId('location').textContent;

describe('query-driven modals', () => {
  it.each(MODAL_NAMES)('?modal=%s opens its titled modal', async (name) => {
    renderApp(app, { path: `/page?modal=${name}` });
    expect(await screen.findByRole('dialog', { name: TITLES[name] })).toBeInTheDocument();
  });

  it('?modal=signUp without a session asks for the researcher\'s sign-up link', async () => {
    renderApp(app, { path: '/page?modal=signUp' });
    const dialog = await screen.findByRole('dialog', { name: TITLES.signUp });
    expect(await within(dialog).findByText(/Sign-up needs a link from the researcher/)).toBeInTheDocument();
  });

  it('admin modals open nothing for a visitor', async () => {
    renderApp(app, { path: '/page?modal=users' });
    expect(await screen.findByText('Some page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens nothing for an unknown value', async () => {
    renderApp(app, { path: '/page?modal=doesNotExist' });
    expect(await screen.findByText('Some page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing with the Back button removes modal and its own parameters, keeping the path and the rest', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/page?tab=mine&modal=login&redirect=%2Fcloud' });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/page?tab=mine');
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/page?modal=forgot&redirect=%2Fx' });
    await screen.findByRole('dialog', { name: 'Reset password' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location()).toBe('/page'));
  });

  it('closes with the X button', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/page?modal=register&academic=true' });
    await user.click(await screen.findByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(location()).toBe('/page'));
  });

  it('the header Log in button opens the login modal on the current page', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/page' });
    // Log in shows once the server has said nobody is logged in (issue 25 item 15).
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(location()).toBe('/page?modal=login');
  });

  it('opens on its first field, and on close gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    renderApp(app, { path: '/page' });
    const logIn = await screen.findByRole('button', { name: 'Log in' });
    await user.click(logIn);
    await screen.findByRole('dialog', { name: 'Login' });
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toHaveFocus());
  });

  it.each([
    ['register', /^First Name/],
    ['forgot', /^Account email/],
    ['session', /^Key/],
  ] as const)('?modal=%s opened from a link starts on its first field', async (name, label) => {
    renderApp(app, { path: `/page?modal=${name}&redirect=%2F` });
    await screen.findByRole('dialog');
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveFocus());
  });

  it('queryAfterClose keeps unrelated parameters', () => {
    const next = queryAfterClose(new URLSearchParams('modal=userSession&sessionKey=k&userId=u&userIdLabel=L&lang=x'));
    expect(next.toString()).toBe('lang=x');
  });
});
