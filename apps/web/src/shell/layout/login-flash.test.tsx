/** Issue 25 item 15: a "Log in" button flashed in the header before a logged-in user's name. */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { TEST_CONFIG, jsonResponse, renderApp } from '../../test/render';
import type { AppModule } from '../routing/app-module';

const app: AppModule = { id: 'ccf', Home: () => <p>Home view</p>, Layout: Outlet, routes: [], nav: [], resources: { en: {}, dk: {} } };
const USER = { _id: 'u1', _email: 'ada@example.org', name: 'Ada Lovelace', _firstName: 'Ada', _lastName: 'Lovelace', title: '', '©isDevOp': false, '©isAppAdmin': false, isGuest: false };

/** A server whose resumeSession answers only when the test says so. */
function slowResume() {
  let answer: (user: typeof USER | null) => void = () => undefined;
  const resumed = new Promise<typeof USER | null>((resolve) => (answer = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
      if (url.endsWith('/resumeSession')) return jsonResponse(200, { Error: null, User: await resumed, _sessionKey: null });
      return jsonResponse(404, {});
    }),
  );
  return answer;
}

describe('the header while the session is asked for', () => {
  it('shows no Log in until the server answers, then the logged-in user', async () => {
    const answer = slowResume();
    renderApp(app);
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    answer(USER);
    expect(await within(banner).findByRole('button', { name: 'Account menu of Ada Lovelace' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('shows Log in once the server says nobody is logged in', async () => {
    const answer = slowResume();
    renderApp(app);
    answer(null);
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

});
