/**
 * /Data for a researcher who is no administrator (UI audit r05/f02): the page opens on a study
 * they are on, always with the picker of their studies; a study they are not on is refused beside
 * that picker; on no study at all they are sent to Studies. English and Danish.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderApp } from '../../../test/render';
import { setSessionCheck, setSessionUser } from '../../../shell/session/session-store';
import { appModule } from '../routes';

/** Lazy chunks can be slow to import on a busy machine. */
const SLOW = { timeout: 5000 };

function study(id: string, slug: string, name: string): delphi.StudySummary {
  return { id, slug, name, status: 'open', version: 1, targetSample: null, access: 'own', updatedAt: '2026-11-26T10:00:00.000Z', started: 0, completed: 0, excluded: 0, lastActivity: null };
}
// As the server lists them: newest change first.
const BETA = study('st-2', 'beta', 'Beta');
const ALPHA = study('st-1', 'alpha', 'Alpha');

/** A server that lists `studies` and answers every /Data call with empty data; returns the scopes the calls named. */
function serve(studies: delphi.StudySummary[]) {
  const scopes: unknown[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    const path = url.split('?')[0] ?? url;
    if (path.endsWith('/Study/action/list')) return jsonResponse(200, { studies });
    if (path.endsWith('/Participant/action/list')) {
      scopes.push(JSON.parse(String(init?.body)));
      return jsonResponse(200, { participants: [], total: 0 });
    }
    if (path.endsWith('/File/action/list')) return jsonResponse(200, { files: [] });
    return jsonResponse(404, {});
  }));
  setSessionUser({ name: 'Olga Owner', '©isDevOp': false, '©isAppAdmin': false });
  setSessionCheck('known');
  return scopes;
}

describe('/Data for a researcher on their own studies', () => {
  it('opens on their most recent study, with the picker, when they tap Data (no study in the URL)', async () => {
    const scopes = serve([BETA, ALPHA]);
    renderApp(appModule, { path: '/Data' });
    expect(await screen.findByText('No participants yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/does not have access/)).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Study' })).toHaveValue('Beta (beta)');
    expect(scopes[0]).toMatchObject({ study: 'st-2', runs: 'live' });
  });

  it('keeps the study it opened when test runs are included', async () => {
    serve([BETA, ALPHA]);
    renderApp(appModule, { path: '/Data' });
    await userEvent.setup().click(await screen.findByRole('switch', { name: /Include preview and pilot runs/ }, SLOW));
    expect(screen.getByTestId('location')).toHaveTextContent('/Data?study=st-2&runs=all');
  });

  it('refuses a study they are not on and offers their studies in the picker', async () => {
    const scopes = serve([BETA, ALPHA]);
    renderApp(appModule, { path: '/Data?study=st-9' });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Your account does not have access to this study. Choose one of your studies below.');
    expect(screen.queryByText('No participants yet.')).toBeNull();
    expect(scopes).toEqual([]);

    const user = userEvent.setup();
    const picker = screen.getByRole('combobox', { name: 'Study' });
    expect(picker).toHaveValue('');
    expect(picker).toHaveAttribute('placeholder', 'Choose one of your studies');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Alpha (alpha)' }, SLOW));
    expect(screen.getByTestId('location')).toHaveTextContent('/Data?study=st-1');
    expect(await screen.findByText('No participants yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/does not have access/)).toBeNull();
    expect(scopes.at(-1)).toMatchObject({ study: 'st-1' });
  });

  it('sends a researcher on no study to Studies instead of refusing them', async () => {
    serve([]);
    renderApp(appModule, { path: '/Data' });
    expect(await screen.findByText(/You are not on any study's team yet/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Studies' })).toHaveAttribute('href', '/Studies');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Study' })).toBeNull();
  });

  it('says the same in Danish, in natural words', async () => {
    serve([BETA, ALPHA]);
    const { unmount } = renderApp(appModule, { path: '/Data?study=st-9', language: 'dk' });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Siden er for undersøgelsens team (niveauet Læser eller højere) og for app-administratorer. Din konto har ikke adgang til denne undersøgelse. Vælg en af dine undersøgelser nedenfor.');
    expect(alert.textContent).not.toMatch(/review/);
    expect(screen.getByRole('combobox', { name: 'Undersøgelse' })).toBeInTheDocument();
    unmount();

    serve([]);
    renderApp(appModule, { path: '/Data', language: 'dk' });
    expect(await screen.findByText(/Du er endnu ikke med i nogen undersøgelses team/, {}, SLOW)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Gå til Undersøgelser' })).toHaveAttribute('href', '/Studies');
  });
});
