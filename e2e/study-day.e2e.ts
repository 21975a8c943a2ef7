/**
 * The study day's short form (issue 27, ADR 067): 40 participants play a shortened suite through
 * two server processes behind a round-robin balancer while one process is SIGKILLed and started
 * again; PostgreSQL at TEST_DATABASE_URL when set (a schema of its own), else one SQLite file.
 * Only the promises are asserted — every acknowledged prompt and response stored exactly once,
 * every suite complete, no process crashed — never a timing (those are `npm run bench -- --study-day`).
 * The database is never restarted here: TEST_DATABASE_URL's cluster is shared.
 */
import { expect, it } from 'vitest';
import { runStudyDay } from '../bench/study-day/study-day';

const url = process.env.TEST_DATABASE_URL?.trim();

it('loses and doubles no record of 40 participants while a server process is killed and restarted', async () => {
  const result = await runStudyDay({
    participants: 40,
    processes: 2,
    dialect: url ? 'postgres' : 'sqlite',
    ...(url ? { databaseUrl: url } : {}),
    thinkScale: 0.05,
    trialFraction: 0.02,
    arrivalSeconds: 4,
    faults: ['kill'],
    basePort: 0,
    verbose: false,
  });
  expect(result.crashes).toEqual([]);
  expect(result.faults.map((f) => f.kind)).toEqual(['kill']);
  expect(result.suites).toEqual({ started: 40, completed: 40, notStarted: 0, incomplete: 0 });
  expect(result.records.acknowledged).toBe(40 * result.promptsAndResponsesPerSuite);
  expect(result.records).toMatchObject({ lost: 0, doubled: 0, deadLetters: 0 });
  // Every prompt and response of every suite was acknowledged and is stored once.
  expect(result.records.stored).toBe(result.records.acknowledged);
  expect(result.completedGames).toBe(40 * 5);
}, 240_000);
