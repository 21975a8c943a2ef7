import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import { renderApp } from '../../test/render';
import { lazyPage } from '../../ui/lazy-page';
import type { AppModule } from './app-module';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://x/assets/custom-1.js');

function appWith(load: () => Promise<ComponentType>): AppModule {
  return {
    id: 'assistants',
    Home: () => <p>Home view</p>,
    Layout: Outlet,
    routes: [{ name: 'custom', path: '/custom', Component: lazyPage(load) }],
    nav: [],
    resources: { en: {}, dk: {} },
  };
}

describe('a page whose chunk fails to load (issue 25 item 11)', () => {
  it('is tried once more, and shows when the second download works', async () => {
    const load = vi.fn<() => Promise<ComponentType>>().mockRejectedValueOnce(chunkFailure()).mockResolvedValue(() => <p>Custom assistants</p>);
    renderApp(appWith(load), { path: '/custom' });
    expect(await screen.findByText('Custom assistants', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('failing twice, says so inside the shell, which stays, and offers Reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const load = vi.fn<() => Promise<ComponentType>>().mockRejectedValue(chunkFailure());
    renderApp(appWith(load), { path: '/custom' });
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('This part of the page could not be loaded');
    expect(alert).toHaveTextContent('Part of the application failed to load. Check your connection and try again.');
    expect(load).toHaveBeenCalledTimes(2);
    // The shell is still there around it: header and footer.
    expect(screen.getByRole('banner')).toHaveTextContent('CHI research framework');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is translated', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(appWith(() => Promise.reject(chunkFailure())), { path: '/custom', language: 'dk' });
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Denne del af siden kunne ikke indlæses');
    expect(screen.getByRole('button', { name: 'Genindlæs' })).toBeInTheDocument();
  });
});
