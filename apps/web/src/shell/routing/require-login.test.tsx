import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { renderApp } from '../../test/render';
import { setSessionUser } from '../session/session-store';
import type { AppModule } from './app-module';

const app: AppModule = {
  id: 'app',
  Home: () => <p>Home view</p>,
  Layout: Outlet,
  routes: [
    { name: 'cloud', path: '/cloud', Component: () => <p>Account page</p>, requiresLogin: true },
    { name: 'open', path: '/open', Component: () => <p>Open page</p> },
  ],
  nav: [],
  resources: { en: {}, dk: {} },
};

describe('routes that require login', () => {
  it('send an anonymous visitor home with the login modal and a redirect back', async () => {
    renderApp(app, { path: '/cloud' });
    expect(await screen.findByText('Home view')).toBeInTheDocument();
    expect(screen.queryByText('Account page')).not.toBeInTheDocument();
    const location = screen.getByTestId('location').textContent ?? '';
    const url = new URL(location, 'http://x');
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('modal')).toBe('login');
    expect(url.searchParams.get('redirect')).toBe('/cloud');
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });

  it('let a logged-in user in', () => {
    act(() => setSessionUser({ name: 'Ada Lovelace' }));
    renderApp(app, { path: '/cloud' });
    expect(screen.getByText('Account page')).toBeInTheDocument();
  });

  it('leave other routes open', () => {
    renderApp(app, { path: '/open' });
    expect(screen.getByText('Open page')).toBeInTheDocument();
  });
});
