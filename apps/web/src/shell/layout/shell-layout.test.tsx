import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { system } from '@chi/contract';
import { jsonResponse, renderApp } from '../../test/render';
import { api } from '../api/api';
import { useGameTimeScale } from '../config/config-context';
import type { AppModule } from '../routing/app-module';

function Scale() {
  return <p>Scale {useGameTimeScale()}</p>;
}

const app: AppModule = {
  id: 'ccf',
  Home: () => <p>Home view</p>,
  Layout: Outlet,
  routes: [{ name: 'page', path: '/page', Component: Scale }],
  nav: [],
  resources: { en: {}, dk: {} },
};

describe('shell layout wiring', () => {
  it('a 401 from the server opens the login modal with a redirect back to the current page', async () => {
    renderApp(app, { path: '/page?tab=x' });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { Error: { name: 'Insufficient Privileges', message: 'x', code: 401 } })));
    await act(() => api.call(system.health, {}).catch(() => undefined));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/page?modal=login&redirect=%2Fpage%3Ftab%3Dx'));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });

  it('fetches the client config once at start and shares it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { version: '1', publicDomain: 'chi.localhost', gameTimeScale: 0.05 })));
    renderApp(app, { path: '/page' });
    expect(await screen.findByText('Scale 0.05')).toBeInTheDocument();
    // The ccf host also resumes the session on start; the config itself is asked for once.
    const calls = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(calls.filter((url) => url === '/api/v1/config')).toHaveLength(1);
    expect(fetch).toHaveBeenCalledWith('/api/v1/config', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });
});

describe('the header chrome an app chooses', () => {
  const withNav: AppModule = { ...app, nav: [{ to: '/page', label: () => 'Researchers page' }] };

  it('shows the app links and Log in by default', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, {})));
    renderApp(withNav, { path: '/' });
    expect(await screen.findByRole('link', { name: 'Researchers page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('hides them when the app says so (a study participant), keeping the language switch', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, {})));
    renderApp({ ...withNav, useHeaderChrome: () => ({ links: false, account: false }) }, { path: '/' });
    expect(await screen.findByText('Home view')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Researchers page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
  });
});
