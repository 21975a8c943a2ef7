/** Issue 24 (ADR 043): a browser that does not hold the participant's suite key sees why, never the games. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderApp } from '../../../test/render';
import { appModule } from '../routes';
import { reloadSuiteStore } from './suite-store';

const SUITE: delphi.Suite = {
  _id: 'S1',
  _participantId: 'P1',
  _resumableGames: [],
  games: delphi.GAME_NAMES.map((gameName) => ({ gameName, state: 'toPlay', ended: false, status: null })),
};

/** The server refuses this browser until `released` is set (a researcher's release). */
function stubServer() {
  const state = { released: false, inits: 0 };
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    if (url.endsWith('/Suite/action/initLocalSuite')) {
      state.inits += 1;
      return state.released ? jsonResponse(200, { suite: SUITE }) : jsonResponse(423, { Error: delphi.DELPHI_ERRORS.openElsewhere });
    }
    return jsonResponse(404, {});
  }));
  return state;
}

beforeEach(() => {
  sessionStorage.clear();
  reloadSuiteStore();
});

describe('a study open on another device', () => {
  it('explains it instead of the games, asks again on Try again, and shows the hub once released', async () => {
    const server = stubServer();
    renderApp(appModule, { path: '/?participantId=P1' });
    expect(await screen.findByRole('heading', { name: 'This study is open on another device' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('only be played in the browser where you started it');
    expect(screen.queryByRole('heading', { name: 'Your games' })).toBeNull();
    expect(sessionStorage.getItem('chi.delphi.session')).toBeNull();
    // Asked again before giving up: a second tab of the same browser may just be binding the suite.
    expect(server.inits).toBe(3);

    server.released = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your games' }, { timeout: 8000 })).toBeInTheDocument();
  }, 20_000);
});
