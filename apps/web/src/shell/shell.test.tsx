import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet } from 'react-router';
import { APP_IDS, type AppId } from '@chi/contract';
import { Providers, Shell } from './root';
import { createI18n } from './i18n/i18n';
import { APP_LOADERS, type AppLoader } from './routing/app-loaders';
import type { AppModule } from './routing/app-module';
import { registerRoutes } from './routing/route-registration';
import { renderApp } from '../test/render';

function fakeApp(id: AppId, text: string): AppModule {
  return { id, Home: () => <h1>{text}</h1>, Layout: Outlet, routes: [], nav: [{ to: '/', label: () => `${text} link` }], resources: { en: {}, dk: {} } };
}

const loaderFor = (id: AppId): AppLoader => vi.fn(async () => fakeApp(id, `${id} home`));
const fakeLoaders: Record<AppId, AppLoader> = {
  app: loaderFor('app'),
  api: loaderFor('api'),
  assistants: loaderFor('assistants'),
  ccf: loaderFor('ccf'),
  creavisions: loaderFor('creavisions'),
  delphi: loaderFor('delphi'),
  showcase: loaderFor('showcase'),
};

function renderShell(appId: AppId) {
  const i18n = createI18n('en');
  const ui = (id: AppId) => (
    <Providers i18n={i18n} env="test">
      <Shell appId={id} loaders={fakeLoaders} i18n={i18n} Router={MemoryRouter} />
    </Providers>
  );
  const result = render(ui(appId));
  return { ...result, switchTo: (id: AppId) => result.rerender(ui(id)) };
}

describe('the shell', () => {
  it('loads the chunk of its app and rebuilds the routes when the app changes', async () => {
    const { switchTo } = renderShell('delphi');
    expect(await screen.findByRole('heading', { name: 'delphi home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'delphi home link' })).toBeInTheDocument();
    switchTo('assistants');
    expect(await screen.findByRole('heading', { name: 'assistants home' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'delphi home link' })).not.toBeInTheDocument();
  });

  it('shows the product name, the app links, one Language switch, Log in and the footer', async () => {
    renderShell('showcase');
    await screen.findByRole('heading', { name: 'showcase home' });
    expect(screen.getByRole('link', { name: 'CHI research framework' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Language')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'showcase home link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.getByText('This project has received funding from the European Union.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Flag of the European Union' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookies');
  });

  it('below 1000 px puts the links and the Language switch behind the menu button', async () => {
    window.innerWidth = 999;
    renderShell('showcase');
    await screen.findByRole('heading', { name: 'showcase home' });
    expect(screen.queryByLabelText('Language')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'showcase home link' })).not.toBeInTheDocument();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(burger);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Language')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'showcase home link' })).toBeInTheDocument();
  });
});

describe('the real apps', () => {
  it.each(APP_IDS)('%s registers its routes without error', async (id) => {
    const app = await APP_LOADERS[id]();
    expect(app.id).toBe(id);
    expect(() => registerRoutes(app.id, app.routes)).not.toThrow();
  });

  it.each([
    ['app', 'Accounts and login'],
    ['assistants', 'AI assistants'],
    ['ccf', 'Cognitive control framework'],
    ['creavisions', 'Creative visions'],
    ['delphi', 'Cognitive games study'],
    ['showcase', 'CHI research framework'],
  ] as const)('%s has a home page saying what it is for', async (id, title) => {
    renderApp(await APP_LOADERS[id]());
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('the showcase links to every app home', async () => {
    renderApp(await APP_LOADERS.showcase());
    expect(await screen.findByRole('link', { name: 'Open Cognitive games study' })).toHaveAttribute('href', expect.stringMatching(/^http:\/\/delphi\./));
    expect(screen.getAllByRole('link', { name: /^Open / })).toHaveLength(APP_IDS.length);
  });

  it.each([
    ['/privacy', 'Privacy policy', /account data/i],
    ['/terms', 'Terms of use', /research tool/i],
    ['/cookies', 'Cookie policy', /local storage/i],
  ])('%s is a real page on every host', async (path, title, text) => {
    renderApp(await APP_LOADERS.delphi(), { path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
  });

  it('the legal pages are in Danish too', async () => {
    renderApp(await APP_LOADERS.app(), { path: '/privacy', language: 'dk' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privatlivspolitik' })).toBeInTheDocument();
  });

  it('delphi /Data requires login', async () => {
    renderApp(await APP_LOADERS.delphi(), { path: '/Data' });
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?modal=login&redirect=%2FData');
  });
});
