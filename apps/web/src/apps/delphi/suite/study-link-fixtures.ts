/** A study link's test fixtures: a suite, a study, a stubbed server and the calls it saw (study-page and study-order tests). */
import { vi } from 'vitest';
import type { delphi } from '@chi/contract';
import { TEST_CONFIG, jsonResponse } from '../../../test/render';
import { reloadSuiteStore } from './suite-store';
import { resetGameRuns } from './game-run';
import { studyStore } from './study-state';

/** Lazy chunks can be slow to import on a busy machine. */
export const SLOW = { timeout: 5000 };

export const ORDER = ['MimeMix', 'QuizTime'] as const;

export function suite(): delphi.Suite {
  return {
    _id: 'S9',
    _participantId: 'pid-1',
    _resumableGames: [...ORDER],
    games: ORDER.map((gameName) => ({ gameName, state: 'toPlay', ended: false, status: null })),
  };
}

export function study(fields: Partial<delphi.ParticipantStudy> = {}): delphi.ParticipantStudy {
  return {
    slug: 'panel',
    name: 'Panel study',
    status: 'open',
    version: 1,
    languages: ['en'],
    defaultLanguage: 'en',
    consentMarkdown: '',
    consentTranslations: {},
    consentVersion: 0,
    acceptedConsentVersion: 0,
    endPageMarkdown: '',
    endPageTranslations: {},
    devices: { phoneAllowed: true, keyboardNeeded: false, microphoneNeeded: false },
    games: ORDER.map((game) => ({ game, settings: {} })),
    ...fields,
  };
}

export type Answer = { status: number; body: unknown };

/** The server: each call answers from its list in turn (the last answer repeats). */
export function stubServer(routes: Record<string, Answer[]>) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/v1/config') return jsonResponse(200, TEST_CONFIG);
    const path = url.split('?')[0] ?? url;
    for (const [suffix, answers] of Object.entries(routes)) {
      if (!path.endsWith(suffix)) continue;
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      if (answer) return jsonResponse(answer.status, answer.body);
    }
    return jsonResponse(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function bodiesOf(fetchMock: ReturnType<typeof stubServer>, suffix: string): unknown[] {
  return (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url.split('?')[0]?.endsWith(suffix)).map(([, init]) => JSON.parse(String(init.body)));
}

export const ENTER = '/Study/action/enter';
export const CONSENT = '/Study/action/acceptConsent';
export const DECLINE = '/Study/action/declineConsent';
export const COMPLETION = '/Study/action/completion';

/** The suite once every game of the participant's order ended. */
export function finishedSuite(): delphi.Suite {
  return { ...suite(), _completedAt: '2026-11-26T16:00:00.000Z', games: ORDER.map((gameName) => ({ gameName, state: 'played', ended: true, status: 'completed' })) };
}

/** A study of Quiz Time and then Word Links, optional; and its suite once Quiz Time was played (complete on the server). */
export const QUIZ_THEN_OPTIONAL = [{ game: 'QuizTime', settings: {} }, { game: 'WordLinks', settings: { optional: true } }] as delphi.ParticipantStudy['games'];
export function quizPlayed(): delphi.Suite {
  return {
    ...suite(),
    _completedAt: '2026-11-26T16:00:00.000Z',
    _resumableGames: ['WordLinks'],
    games: [
      { gameName: 'QuizTime', state: 'played', ended: true, status: 'completed' },
      { gameName: 'WordLinks', state: 'toPlay', ended: false, status: null },
    ],
  };
}

/** A touch-only device (a phone or a tablet without keyboard), as its media queries say. */
export function touchOnly(): void {
  const original = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => {
    const list = original(query);
    if (query === '(pointer: coarse)') return { ...list, matches: true };
    if (query === '(any-pointer: fine)') return { ...list, matches: false };
    return list;
  });
}

/** Each test starts with no study, suite, session or game run left from the one before. */
export function resetStudyLink(): void {
  vi.unstubAllGlobals();
  studyStore.set(null);
  sessionStorage.clear();
  reloadSuiteStore();
  resetGameRuns();
}
