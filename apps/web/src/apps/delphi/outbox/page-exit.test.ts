import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outbox } from './outbox';
import { watchPageExit } from './page-exit';
import type { UnloadBatch } from './unload-flush';

const unwire: (() => void)[] = [];
afterEach(() => {
  for (const dispose of unwire.splice(0)) dispose();
});

/** An outbox whose server never answers: what is queued stays pending. */
function stuckOutbox(): Outbox {
  const storage = { getItem: () => null, setItem: () => undefined };
  return new Outbox({ storage, key: null, transport: () => new Promise(() => undefined), classify: () => 'retry' });
}

function wire(outbox: Outbox, durable: boolean): UnloadBatch[] {
  const sent: UnloadBatch[] = [];
  unwire.push(watchPageExit(outbox, { durable, send: (batch) => sent.push(batch) }));
  return sent;
}

function pageHide(persisted = false): void {
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted }));
}

function hideDocument(): void {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
}

/** True when leaving the page would make the browser ask first. */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const who = { participant: 'P1', suite: 'suite-1' };

function queueAnswer(outbox: Outbox): void {
  outbox.enqueue('startGame', 'g', { ...who, gameName: 'QuizTime' }, 'g');
  outbox.enqueue('logPrompt', 'g', { ...who, prompt: 'Q1' }, 'p');
  outbox.enqueue('logResponse', 'g', { ...who, prompt: 'p', response: 'A' }, 'r');
}

describe('watchPageExit', () => {
  it('sends what is pending as one batch on pagehide, once, not again when hidden right after', () => {
    const outbox = stuckOutbox();
    const sent = wire(outbox, false);
    queueAnswer(outbox);
    pageHide();
    hideDocument();
    // The game id is unknown (startGame not acknowledged): its answers name the game by the start's client id.
    expect(sent).toHaveLength(1);
    expect(sent[0]?.participant).toBe('P1');
    expect(sent[0]?.records.map((r) => `${r.kind}:${r.gameClientId ?? ''}`)).toEqual(['startGame:', 'logPrompt:g', 'logResponse:g']);
  });

  it('sends when the page is only hidden, and everything again on pagehide', () => {
    const outbox = stuckOutbox();
    const sent = wire(outbox, false);
    outbox.adopt(JSON.stringify({ pending: [], dead: [], gameIds: { g: 'game-1' } }));
    outbox.enqueue('logPrompt', 'g', { ...who, prompt: 'Q1' }, 'p');
    outbox.enqueue('logResponse', 'g', { ...who, prompt: 'p', response: 'A' }, 'r');
    const summary = (batch: UnloadBatch | undefined) => batch?.records.map((r) => `${r.kind}:${String(r.input.prompt)}:${String(r.input.game)}`);
    hideDocument();
    expect(summary(sent[0])).toEqual(['logPrompt:Q1:game-1', 'logResponse:p:game-1']);
    pageHide();
    expect(sent).toHaveLength(2);
    expect(summary(sent[1])).toEqual(['logPrompt:Q1:game-1', 'logResponse:p:game-1']);
  });

  it('asks before leaving only while records are pending in memory', async () => {
    const transport = vi.fn(() => Promise.resolve({ _id: 'game-1' }));
    const outbox = new Outbox({ storage: { getItem: () => null, setItem: () => undefined }, key: null, transport, classify: () => 'retry' });
    wire(outbox, false);
    expect(leavingAsks()).toBe(false);
    outbox.enqueue('startGame', 'g', {}, 'g');
    expect(leavingAsks()).toBe(true);
    await outbox.flush();
    expect(leavingAsks()).toBe(false);
  });

  it('never asks when the records are stored (a reload resumes them)', () => {
    const outbox = stuckOutbox();
    wire(outbox, true);
    queueAnswer(outbox);
    expect(leavingAsks()).toBe(false);
  });
});
