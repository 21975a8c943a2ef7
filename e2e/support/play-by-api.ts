/**
 * A game played to its end by the participant's own browser, through the API the game client
 * calls (startGame, then endGame "completed"), with the suite cookie of that page or frame. For
 * specs whose subject is not the game itself (a study's order and end, a suite finished inside an
 * iframe): the games are played through their screens in their own specs.
 */
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { API_BASE, XHR_HEADER, XHR_HEADER_VALUE, delphi, resolvePath } from '@chi/contract';

type Surface = Page | Frame;

/** The suite this page's session holds (the hub keeps it in sessionStorage). */
export async function sessionOf(surface: Surface): Promise<{ participantId: string; suiteId: string }> {
  return surface.evaluate(() => JSON.parse(sessionStorage.getItem('chi.delphi.session') ?? '{}') as { participantId: string; suiteId: string });
}

/**
 * Starts and completes `gameName` for the suite, as the outbox would send the two calls. The suite
 * is the page's own (`sessionOf`); a study platform's iframe has no storage, so its spec names it.
 */
export async function playByApi(surface: Surface, gameName: string, suite?: { participantId: string; suiteId: string }): Promise<void> {
  const { participantId, suiteId } = suite ?? (await sessionOf(surface));
  const answer = await surface.evaluate(
    async ({ start, endTemplate, header, value, body }) => {
      const post = async (path: string, input: unknown) => {
        const response = await fetch(path, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', [header]: value }, body: JSON.stringify(input) });
        return { status: response.status, json: (await response.json()) as { _id?: string } };
      };
      const now = Date.now();
      const started = await post(start, { ...body, _startedAt: now, timestamp: now, _clientId: crypto.randomUUID() });
      if (started.status !== 200 || !started.json._id) return started.status;
      const ended = await post(endTemplate.replace(':id', started.json._id), { participant: body.participant, suite: body.suite, timestamp: now + 1000, reason: 'completed', _clientId: crypto.randomUUID() });
      return ended.status;
    },
    {
      start: API_BASE + resolvePath(delphi.startGame),
      endTemplate: API_BASE + delphi.endGame.path,
      header: XHR_HEADER,
      value: XHR_HEADER_VALUE,
      body: { participant: participantId, suite: suiteId, gameName },
    },
  );
  expect(answer).toBe(200);
}
