import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyFailure, type ClassifyFailure } from '../../../shell/durable-queue/retry-policy';
import { outdatedError } from '../../../shell/api/errors';
import { Outbox, type OutboxKind } from './outbox';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

class HttpFailure extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}

const classify: ClassifyFailure = (error) =>
  error instanceof HttpFailure && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
    ? 'permanent'
    : 'retry';

interface Sent {
  kind: OutboxKind;
  input: Record<string, unknown>;
  id: string | undefined;
}

/** A fake server: answers in order, failing the next `failures` sends with the given status. */
function fakeServer() {
  const sent: Sent[] = [];
  const failures: number[] = [];
  let counter = 0;
  const transport = vi.fn(async (kind: OutboxKind, input: Record<string, unknown>, id?: string) => {
    await Promise.resolve();
    const failure = failures.shift();
    if (failure !== undefined) throw failure === 0 ? new TypeError('fetch failed') : new HttpFailure(failure);
    sent.push({ kind, input, id });
    counter += 1;
    return { _id: kind === 'startGame' ? `game-${counter}` : `rec-${counter}` };
  });
  return { sent, failures, transport };
}

function makeOutbox(storage: MemoryStorage, server: ReturnType<typeof fakeServer>, onDeadLetter = vi.fn()) {
  return new Outbox({ storage, key: 'k', transport: server.transport, classify, random: () => 1, onDeadLetter });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Outbox', () => {
  it('sends records in order and fills in the game id from startGame', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const outbox = makeOutbox(storage, server);
    outbox.start();
    const game = outbox.enqueue('startGame', 'g1', { gameName: 'QuizTime' }, 'g1');
    outbox.enqueue('logPrompt', game, { prompt: 'a' });
    outbox.enqueue('logResponse', game, { response: 'b' });
    outbox.enqueue('endGame', game, {});
    await outbox.flush();
    expect(server.sent.map((s) => s.kind)).toEqual(['startGame', 'logPrompt', 'logResponse', 'endGame']);
    expect(server.sent[1]?.input.game).toBe('game-1');
    expect(server.sent[3]?.id).toBe('game-1');
    expect(outbox.getSnapshot().pendingCount).toBe(0);
    expect(JSON.parse(storage.getItem('k') ?? '{}')).toMatchObject({ pending: [], gameIds: { g1: 'game-1' } });
  });

  it('with a schedule, stores a record at once and sends what was queued before the sender wakes, in order, on one wake', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const wakes: (() => void)[] = [];
    const outbox = new Outbox({ storage, key: 'k', transport: server.transport, classify, random: () => 1, schedule: (wake) => wakes.push(wake) });
    outbox.start();
    const game = outbox.enqueue('startGame', 'g1', { gameName: 'QuizTime' }, 'g1');
    outbox.enqueue('logPrompt', game, { prompt: 'a' });
    expect(JSON.parse(storage.getItem('k') ?? '{}').pending).toHaveLength(2);
    await Promise.resolve();
    expect(server.transport).not.toHaveBeenCalled();
    expect(wakes).toHaveLength(1);
    wakes[0]?.();
    await outbox.flush();
    expect(server.sent.map((s) => s.kind)).toEqual(['startGame', 'logPrompt']);
    outbox.enqueue('logResponse', game, { response: 'b' });
    expect(wakes).toHaveLength(2);
    outbox.stop();
    wakes[1]?.();
    await Promise.resolve();
    expect(server.sent).toHaveLength(2);
    expect(outbox.pendingRecords().map((r) => r.kind)).toEqual(['logResponse']);
  });

  it('stops sending from a page older than its server, keeps the records stored, and the reloaded page sends them (ADR 080)', async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    // The newer server stores what it is sent (once), but this page cannot read its answers.
    const old = vi.fn(async (): Promise<{ _id: string }> => {
      throw outdatedError(200);
    });
    const outbox = new Outbox({ storage, key: 'k', transport: old, classify: classifyFailure, random: () => 1 });
    outbox.start();
    const game = outbox.enqueue('startGame', 'g1', { gameName: 'QuizTime' }, 'g1');
    outbox.enqueue('logPrompt', game, { prompt: 'a' });
    await vi.advanceTimersByTimeAsync(60_000);
    // Before: the same record every ≤ 10 s for as long as the tab stayed open.
    expect(old).toHaveBeenCalledTimes(1);
    expect(outbox.getSnapshot()).toMatchObject({ pendingCount: 2, retrying: true });
    outbox.stop();

    const server = fakeServer();
    const reloaded = makeOutbox(storage, server);
    reloaded.start();
    await reloaded.flush();
    expect(server.sent.map((sent) => sent.kind)).toEqual(['startGame', 'logPrompt']);
  });

  it('sends session events outside a game without one, and during a game with its id, never dead-lettering them (ADR 026)', async () => {
    const server = fakeServer();
    const outbox = makeOutbox(new MemoryStorage(), server);
    outbox.start();
    outbox.enqueue('logEvent', '', { kind: 'sessionContext' });
    const game = outbox.enqueue('startGame', 'g1', { gameName: 'FlashMatch' }, 'g1');
    outbox.enqueue('logEvent', game, { kind: 'hidden' });
    outbox.enqueue('logEvent', 'never-started', { kind: 'blur' });
    // The hub's "answers waiting to be saved" counts the game record only.
    expect(outbox.getSnapshot()).toMatchObject({ pendingCount: 4, answersPending: 1 });
    await outbox.flush();
    expect(server.sent.map((s) => [s.kind, s.input.kind, s.input.game])).toEqual([
      ['logEvent', 'sessionContext', undefined],
      ['startGame', undefined, undefined],
      ['logEvent', 'hidden', 'game-2'],
      ['logEvent', 'blur', undefined],
    ]);
    expect(outbox.deadLetters()).toEqual([]);
  });

  it('stores each record before sending it, with its client id', () => {
    const storage = new MemoryStorage();
    const outbox = makeOutbox(storage, fakeServer());
    const id = outbox.enqueue('startGame', 'g1', { gameName: 'QuizTime' }, 'g1');
    const stored = JSON.parse(storage.getItem('k') ?? '{}') as { pending: { input: { _clientId: string } }[] };
    expect(stored.pending[0]?.input._clientId).toBe(id);
  });

  it('retries network errors and 5xx with growing back-off, keeping the order', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    server.failures.push(0, 503, 500);
    const outbox = makeOutbox(new MemoryStorage(), server);
    outbox.start();
    outbox.enqueue('startGame', 'g1', {}, 'g1');
    outbox.enqueue('logPrompt', 'g1', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(server.transport).toHaveBeenCalledTimes(1);
    expect(outbox.getSnapshot().retrying).toBe(true);
    await vi.advanceTimersByTimeAsync(249);
    expect(server.transport).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.transport).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(server.transport).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.sent.map((s) => s.kind)).toEqual(['startGame', 'logPrompt']);
    expect(outbox.getSnapshot()).toEqual({ pendingCount: 0, answersPending: 0, deadCount: 0, retrying: false });
  });

  it('treats 429 and 408 as passing, other 4xx as permanent rejections kept as dead letters', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    server.failures.push(429, 408);
    const onDeadLetter = vi.fn();
    const outbox = makeOutbox(new MemoryStorage(), server, onDeadLetter);
    outbox.start();
    outbox.enqueue('startGame', 'g1', {}, 'g1');
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.sent.map((s) => s.kind)).toEqual(['startGame']);
    server.failures.push(400);
    outbox.enqueue('logResponse', 'g1', { response: 'x' });
    outbox.enqueue('logResponse', 'g1', { response: 'y' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sent.map((s) => s.input.response)).toEqual([undefined, 'y']);
    expect(outbox.deadLetters().map((d) => d.input.response)).toEqual(['x']);
    expect(onDeadLetter).toHaveBeenCalledWith(expect.objectContaining({ reason: 'status 400' }));
  });

  it('dead-letters the records of a game whose start was rejected (409: already played)', async () => {
    const server = fakeServer();
    server.failures.push(409);
    const onDeadLetter = vi.fn();
    const outbox = makeOutbox(new MemoryStorage(), server, onDeadLetter);
    outbox.start();
    outbox.enqueue('startGame', 'g1', {}, 'g1');
    outbox.enqueue('logPrompt', 'g1', {});
    await outbox.flush('g1');
    expect(outbox.deadLetters().map((d) => d.kind)).toEqual(['startGame', 'logPrompt']);
    expect(onDeadLetter).toHaveBeenCalledTimes(2);
    expect(outbox.getSnapshot().deadCount).toBe(2);
  });

  it('survives a new instance: pending records and the id mapping are resumed from storage', async () => {
    const storage = new MemoryStorage();
    const first = fakeServer();
    const before = makeOutbox(storage, first);
    before.start();
    before.enqueue('startGame', 'g1', {}, 'g1');
    await before.flush();
    before.stop();
    before.enqueue('logResponse', 'g1', { response: 'kept' });
    expect(first.sent).toHaveLength(1);

    const second = fakeServer();
    const after = makeOutbox(storage, second);
    expect(after.pendingCount()).toBe(1);
    after.start();
    await after.flush();
    expect(second.sent).toEqual([{ kind: 'logResponse', input: expect.objectContaining({ response: 'kept', game: 'game-1' }), id: undefined }]);
  });

  it('flush(game) waits only for that game', async () => {
    const server = fakeServer();
    const outbox = makeOutbox(new MemoryStorage(), server);
    const done = vi.fn();
    outbox.enqueue('startGame', 'g1', {}, 'g1');
    void outbox.flush('g1').then(done);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    outbox.start();
    await outbox.flush('g1');
    expect(outbox.gameId('g1')).toBe('game-1');
    await expect(outbox.flush('other')).resolves.toBeUndefined();
  });

  it('keeps records in memory until attached, then puts what an earlier page left first', async () => {
    const storage = new MemoryStorage();
    storage.setItem('tab', JSON.stringify({ pending: [{ _clientId: 'old', kind: 'logResponse', gameRef: 'g0', input: { _clientId: 'old' } }], dead: [], gameIds: { g0: 'game-0' } }));
    const server = fakeServer();
    const outbox = new Outbox({ storage, key: null, transport: server.transport, classify, random: () => 1 });
    outbox.enqueue('startGame', 'g1', {}, 'g1');
    expect(storage.items.size).toBe(1);
    outbox.attach('tab');
    expect(outbox.pendingRecords().map((r) => r._clientId)).toEqual(['old', 'g1']);
    outbox.start();
    await outbox.flush();
    // g1 was already on its way when attach put 'old' in front: both sent, each once.
    expect(server.sent.map((s) => s.input._clientId).sort()).toEqual(['g1', 'old']);
    expect(server.sent.find((s) => s.input._clientId === 'old')?.input.game).toBe('game-0');
    expect(JSON.parse(storage.getItem('tab') ?? '{}')).toMatchObject({ pending: [], gameIds: { g0: 'game-0', g1: expect.any(String) } });
  });

  it('adopts a closed tab\'s records after its own, with their game ids and dead letters', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const outbox = makeOutbox(storage, server);
    outbox.stop();
    outbox.enqueue('logPrompt', 'mine', {}, 'p-mine');
    const closedTab = {
      pending: [
        { _clientId: 'r1', kind: 'logResponse', gameRef: 'theirs', input: { _clientId: 'r1' } },
        { _clientId: 'e1', kind: 'endGame', gameRef: 'theirs', input: { _clientId: 'e1' } },
      ],
      dead: [{ _clientId: 'x', kind: 'logPrompt', gameRef: 'theirs', input: {}, reason: 'status 400' }],
      gameIds: { theirs: 'game-9', mine: 'game-8' },
    };
    outbox.adopt(JSON.stringify(closedTab));
    outbox.adopt(JSON.stringify(closedTab));
    expect(outbox.pendingRecords().map((r) => r._clientId)).toEqual(['p-mine', 'r1', 'e1']);
    expect(outbox.deadLetters().map((d) => d._clientId)).toEqual(['x']);
    expect(JSON.parse(storage.getItem('k') ?? '{}')).toMatchObject({ gameIds: { theirs: 'game-9' } });
    outbox.start();
    await outbox.flush();
    expect(server.sent.map((s) => [s.kind, s.input.game ?? s.id])).toEqual([
      ['logPrompt', 'game-8'],
      ['logResponse', 'game-9'],
      ['endGame', 'game-9'],
    ]);
  });
});
