import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { renderApp } from '../../test/render';
import type { AppModule } from '../routing/app-module';
import creavisionsEn from '../../apps/creavisions/i18n/en.json';

/** A page of the creative-visions app (its texts loaded), on whichever host the test sets. */
const app: AppModule = {
  id: 'creavisions',
  Home: () => <p>Home view</p>,
  Layout: Outlet,
  routes: [{ name: 'page', path: '/page', Component: () => <p>Some page</p> }],
  nav: [],
  resources: { en: creavisionsEn, dk: {} },
};

const onHost = (host: string) => vi.stubGlobal('location', { ...window.location, host, hostname: host });

async function dialogText(path: string, title: string, text: RegExp) {
  renderApp(app, { path });
  const dialog = await screen.findByRole('dialog', { name: title });
  return within(dialog).findByText(text);
}

describe('modal bodies the apps bring (apps/<app>/modals.ts)', () => {
  it('?modal=signUp&event=… opens the creative-visions event sign-up', async () => {
    expect(await dialogText('/page?modal=signUp&event=spring', 'Sign up', /Sign up for this event/)).toBeInTheDocument();
  });

  it('?modal=signUp&sessionId=… opens the CCF session sign-up', async () => {
    expect(await dialogText('/page?modal=signUp&sessionId=abc', 'Sign up', /Sign up for this session/)).toBeInTheDocument();
  });

  it('?modal=signUp with both parameters keeps the event sign-up', async () => {
    expect(await dialogText('/page?modal=signUp&sessionId=abc&event=spring', 'Sign up', /Sign up for this event/)).toBeInTheDocument();
  });

  it('?modal=userSession on the CCF host begins a CCF session', async () => {
    onHost('ccf.chi.localhost');
    renderApp(app, { path: '/page?modal=userSession' });
    const dialog = await screen.findByRole('dialog', { name: 'Begin Session' });
    expect(await within(dialog).findByRole('button', { name: 'Begin' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/User Id/)).toBeInTheDocument();
  });

  it('?modal=userSession on the creative-visions host begins a sitting of the page\'s event', async () => {
    onHost('creavisions.chi.localhost');
    expect(await dialogText('/page?modal=userSession', 'Begin Session', /Open the event's page first/)).toBeInTheDocument();
  });

  it('?modal=enterTokenWithUserId on the creative-visions host takes the same body', async () => {
    onHost('creavisions.chi.localhost');
    expect(await dialogText('/page?modal=enterTokenWithUserId', 'Begin Session', /Open the event's page first/)).toBeInTheDocument();
  });

  it('?modal=userSession on another host keeps the shell\'s session form', async () => {
    renderApp(app, { path: '/page?modal=userSession' });
    const dialog = await screen.findByRole('dialog', { name: 'Begin Session' });
    expect(await within(dialog).findByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/User Id/)).toBeInTheDocument();
  });
});
