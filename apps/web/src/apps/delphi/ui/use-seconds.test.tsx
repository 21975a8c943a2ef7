/** Issue 25 item 9: every screen states the real (scaled) durations, in singular or plural. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse, renderApp } from '../../../test/render';
import { appModule } from '../routes';
import { enterSuite, reloadSuiteStore } from '../suite/suite-store';
import { resetGameRuns } from '../suite/game-run';
import { realSeconds } from './use-seconds';

const SUITE: delphi.Suite = {
  _id: 'S1',
  _participantId: 'P1',
  _resumableGames: [],
  games: (['QuizTime', 'FlashMatch', 'WordLinks', 'ColorCatch', 'MimeMix', 'MorningMemo'] as const).map((gameName) => ({ gameName, state: 'toPlay', ended: false, status: null })),
};

function withTimeScale(gameTimeScale: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/v1/config' ? jsonResponse(200, { ...TEST_CONFIG, gameTimeScale }) : jsonResponse(200, { suite: SUITE }))),
  );
}

beforeEach(() => {
  sessionStorage.clear();
  reloadSuiteStore();
  resetGameRuns();
  enterSuite({ participantId: 'P1', suiteId: 'S1', parentOrigin: null }, SUITE);
});

describe('durations as the participant lives them', () => {
  it('scale and round to one decimal, never to 0', () => {
    expect(realSeconds(10_000, 1)).toBe(10);
    expect(realSeconds(10_000, 0.1)).toBe(1);
    expect(realSeconds(5_000, 0.1)).toBe(0.5);
    expect(realSeconds(90_000, 0.1)).toBe(9);
    expect(realSeconds(200, 0.1)).toBe(0.1);
  });

  it('the Morning Memo welcome names the scaled recording times, "1 second" not "1 seconds"', async () => {
    withTimeScale(0.1);
    renderApp(appModule, { path: '/MorningMemo' });
    expect(await screen.findByText(/then we record 1 second of the sound around you, then you talk for up to 9 seconds about/, undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('in Danish too, and unscaled when the scale is 1', async () => {
    withTimeScale(1);
    renderApp(appModule, { path: '/MorningMemo', language: 'dk' });
    expect(await screen.findByText(/så optager vi 10 sekunder af lyden omkring dig, og så fortæller du i op til 90 sekunder om/, undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
