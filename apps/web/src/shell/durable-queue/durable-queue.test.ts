import { afterEach, describe, expect, it, vi } from 'vitest';
import { DurableQueue, type QueuedRecord } from './durable-queue';
import { watchPageExit } from './page-exit';
import { classifyFailure, type ClassifyFailure } from './retry-policy';
import { outdatedError } from '../api/errors';
import { MemoryStorage } from './safe-storage';

class HttpFailure extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}

const classify: ClassifyFailure = (error) =>
  error instanceof HttpFailure && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429 ? 'permanent' : 'retry';

type Play = { value: string };

/** A fake server that dedupes on the client id, as the generic `log` does, failing the next sends as told. */
function fakeServer() {
  const stored = new Map<string, Play>();
  const calls: { id: string; keepalive: boolean }[] = [];
  const failures: number[] = [];
  const send = vi.fn(async (record: QueuedRecord<Play>, { keepalive }: { keepalive: boolean }) => {
    calls.push({ id: record.id, keepalive });
    await Promise.resolve();
    const failure = failures.shift();
    if (failure !== undefined) throw failure === 0 ? new TypeError('fetch failed') : new HttpFailure(failure);
    if (!stored.has(record.id)) stored.set(record.id, record.payload);
    return { _id: record.id };
  });
  return { stored, calls, failures, send };
}

function makeQueue(storage: MemoryStorage, server: ReturnType<typeof fakeServer>, onDeadLetter = vi.fn()) {
  let clock = 1000;
  return new DurableQueue<Play>({ storage, prefix: 'q.', send: server.send, classify, random: () => 1, now: () => clock++, onDeadLetter });
}

const values = (server: ReturnType<typeof fakeServer>) => [...server.stored.values()].map((p) => p.value);

afterEach(() => {
  vi.useRealTimers();
});

describe('DurableQueue', () => {
  it('stores each record under its own key before sending, then removes it once acknowledged', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const queue = makeQueue(storage, server);
    const id = queue.enqueue({ value: 'a' });
    expect(JSON.parse(storage.getItem(`q.${id}`) ?? 'null')).toMatchObject({ id, payload: { value: 'a' } });
    expect(server.send).not.toHaveBeenCalled();
    queue.start();
    await queue.flush();
    expect(values(server)).toEqual(['a']);
    expect(storage.keys()).toEqual([]);
  });

  it('sends in order, retrying network errors and 5xx with growing back-off', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    server.failures.push(0, 503, 500);
    const queue = makeQueue(new MemoryStorage(), server);
    queue.start();
    queue.enqueue({ value: 'a' });
    queue.enqueue({ value: 'b' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(queue.getSnapshot()).toEqual({ pendingCount: 2, deadCount: 0, retrying: true });
    await vi.advanceTimersByTimeAsync(249);
    expect(server.send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(values(server)).toEqual(['a', 'b']);
    expect(queue.getSnapshot()).toEqual({ pendingCount: 0, deadCount: 0, retrying: false });
  });

  it('keeps a permanently refused record as a stored dead letter and goes on with the next', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    server.failures.push(400);
    const onDeadLetter = vi.fn();
    const queue = makeQueue(storage, server, onDeadLetter);
    queue.start();
    const bad = queue.enqueue({ value: 'bad' });
    queue.enqueue({ value: 'good' });
    await queue.flush();
    expect(values(server)).toEqual(['good']);
    expect(queue.deadLetters().map((d) => d.payload.value)).toEqual(['bad']);
    expect(onDeadLetter).toHaveBeenCalledWith(expect.objectContaining({ id: bad, reason: 'status 400' }));
    expect(storage.keys()).toEqual([`q.dead.${bad}`]);
    // A new page sees the dead letter, but never sends it again.
    const next = fakeServer();
    const after = makeQueue(storage, next);
    after.start();
    await after.flush();
    expect(after.deadLetters()).toHaveLength(1);
    expect(next.send).not.toHaveBeenCalled();
  });

  it('resumes after a reload: a new instance sends what the old one left, in order, each once', async () => {
    const storage = new MemoryStorage();
    const first = fakeServer();
    first.failures.push(0);
    const before = makeQueue(storage, first);
    before.start();
    before.enqueue({ value: 'a' }, 'id-a');
    before.enqueue({ value: 'b' }, 'id-b');
    before.enqueue({ value: 'c' }, 'id-c');
    before.stop(); // The page goes while the first send is failing.
    expect(first.stored.size).toBe(0);

    const second = fakeServer();
    const after = makeQueue(storage, second);
    expect(after.pendingRecords().map((r) => r.id)).toEqual(['id-a', 'id-b', 'id-c']);
    after.start();
    await after.flush();
    expect(values(second)).toEqual(['a', 'b', 'c']);
    expect(second.calls.map((c) => c.id)).toEqual(['id-a', 'id-b', 'id-c']);
    expect(storage.keys()).toEqual([]);
  });

  it('stops sending from a page older than its server and leaves the records stored for the reloaded page (ADR 080)', async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const send = vi.fn(async (): Promise<{ _id: string }> => {
      throw outdatedError(200);
    });
    const before = new DurableQueue<Play>({ storage, prefix: 'q.', send, classify: classifyFailure, random: () => 1, now: () => 1000 });
    before.start();
    before.enqueue({ value: 'a' }, 'id-a');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    before.stop();

    const server = fakeServer();
    const after = makeQueue(storage, server);
    after.start();
    await after.flush();
    expect(values(server)).toEqual(['a']);
  });

  it('skips a record that another tab already delivered (its key is gone)', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const tabA = makeQueue(storage, server);
    tabA.enqueue({ value: 'a' }, 'id-a');
    const tabB = makeQueue(storage, server);
    tabB.start();
    await tabB.flush();
    tabA.start();
    await tabA.flush();
    expect(server.calls.map((c) => c.id)).toEqual(['id-a']);
  });

  it('still sends from memory when storage refuses the write', async () => {
    const storage = new MemoryStorage();
    vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const server = fakeServer();
    const queue = makeQueue(storage, server);
    queue.start();
    queue.enqueue({ value: 'a' });
    await queue.flush();
    expect(values(server)).toEqual(['a']);
  });

  it('ignores a second enqueue of the same client id and corrupt stored entries', () => {
    const storage = new MemoryStorage();
    storage.setItem('q.broken', '{not json');
    storage.setItem('other.x', JSON.stringify({ id: 'x', at: 1, seq: 0, payload: {} }));
    const queue = makeQueue(storage, fakeServer());
    queue.enqueue({ value: 'a' }, 'same');
    queue.enqueue({ value: 'b' }, 'same');
    expect(queue.pendingRecords().map((r) => r.payload.value)).toEqual(['a']);
  });

  it('sends everything pending with keepalive within the byte budget when the page goes', () => {
    const server = fakeServer();
    const queue = makeQueue(new MemoryStorage(), server);
    queue.enqueue({ value: 'a' }, 'id-a');
    queue.enqueue({ value: 'b'.repeat(600) }, 'id-b');
    queue.enqueue({ value: 'c' }, 'id-c');
    queue.sendAllWithKeepalive(700);
    expect(server.calls).toEqual([{ id: 'id-a', keepalive: true }]);
  });
});

describe('watchPageExit with a durable queue', () => {
  const unwire: (() => void)[] = [];
  afterEach(() => {
    for (const dispose of unwire.splice(0)) dispose();
  });

  const leavingAsks = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('asks before leaving only while records wait in memory, and flushes on pagehide', async () => {
    const server = fakeServer();
    const queue = makeQueue(new MemoryStorage(), server);
    unwire.push(watchPageExit(queue, { durable: false, flush: () => queue.sendAllWithKeepalive() }));
    expect(leavingAsks()).toBe(false);
    queue.enqueue({ value: 'a' }, 'id-a');
    expect(leavingAsks()).toBe(true);
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(server.calls).toEqual([{ id: 'id-a', keepalive: true }]);
    queue.start();
    await queue.flush();
    expect(leavingAsks()).toBe(false);
    expect(server.stored.size).toBe(1);
  });

  it('never asks when the records are stored (a reload resumes them)', () => {
    const queue = makeQueue(new MemoryStorage(), fakeServer());
    unwire.push(watchPageExit(queue, { durable: true, flush: () => undefined }));
    queue.enqueue({ value: 'a' });
    expect(leavingAsks()).toBe(false);
  });
});
