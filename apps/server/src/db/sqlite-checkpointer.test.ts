/**
 * WAL checkpoints in a thread of their own (ADR 078): the pages reach the database file without
 * the server's connection checkpointing, and without the thread the connection does it again.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database';
import { AUTOCHECKPOINT_PAGES, BACKSTOP_PAGES, checkpointInBackground } from './sqlite-checkpointer';
import type { Checkpointer } from './sqlite-checkpointer';

const ROWS = 400;
/** Each row fills most of a 4 KiB page: every commit adds at least one page to the WAL. */
const PAD = 'x'.repeat(3_000);

describe('SQLite checkpoints in a thread of their own', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function openFile(): Promise<{ connection: SqliteDatabase.Database; file: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'chi-checkpoint-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = join(dir, 'db.sqlite');
    const connection = new SqliteDatabase(file);
    cleanups.push(() => void connection.close());
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = NORMAL');
    connection.exec('create table t (n integer primary key, pad text)');
    return { connection, file };
  }

  function started(checkpointer: Checkpointer): Checkpointer {
    cleanups.push(() => checkpointer.stop());
    return checkpointer;
  }

  /** Commits `ROWS` rows one by one, as logged records are: ~1.2 MB of pages in the WAL. */
  function writeRows(connection: SqliteDatabase.Database): void {
    const insert = connection.prepare('insert into t (pad) values (?)');
    for (let i = 0; i < ROWS; i++) insert.run(PAD);
  }

  const fileBytes = async (file: string) => (await stat(file)).size;
  const autocheckpoint = (connection: SqliteDatabase.Database) => connection.pragma('wal_autocheckpoint', { simple: true });

  async function waitForFile(file: string, bytes: number): Promise<number> {
    const deadline = Date.now() + 10_000;
    let size = await fileBytes(file);
    while (size < bytes && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      size = await fileBytes(file);
    }
    return size;
  }

  it('without the thread, a connection set to the backstop leaves the pages in the WAL (the control)', async () => {
    const { connection, file } = await openFile();
    connection.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    writeRows(connection);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await fileBytes(file)).toBeLessThan(ROWS * PAD.length / 4);
  });

  it('copies the committed pages into the database file while the connection only commits', async () => {
    const { connection, file } = await openFile();
    const problems: string[] = [];
    const checkpointer = started(checkpointInBackground(connection, file, { intervalMs: 20, onProblem: (message) => problems.push(message) }));
    await checkpointer.ready;
    expect(autocheckpoint(connection)).toBe(BACKSTOP_PAGES);
    writeRows(connection);
    expect(await waitForFile(file, ROWS * PAD.length)).toBeGreaterThanOrEqual(ROWS * PAD.length);
    // The rows are the connection's as before, and nothing was reported.
    expect(connection.prepare('select count(*) from t').pluck().get()).toBe(ROWS);
    expect(problems).toEqual([]);
  });

  it('gives the checkpoints back to the connection when the thread stops', async () => {
    const { connection, file } = await openFile();
    const checkpointer = checkpointInBackground(connection, file, { intervalMs: 20 });
    await checkpointer.ready;
    await checkpointer.stop();
    expect(autocheckpoint(connection)).toBe(AUTOCHECKPOINT_PAGES);
  });

  it('says so, and gives the checkpoints back to the connection, when the thread cannot open the file', async () => {
    const { connection } = await openFile();
    const problems: string[] = [];
    const checkpointer = started(checkpointInBackground(connection, join(tmpdir(), 'chi-no-such-dir', 'db.sqlite'), { onProblem: (message) => problems.push(message) }));
    await checkpointer.ready;
    expect(autocheckpoint(connection)).toBe(AUTOCHECKPOINT_PAGES);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/checkpoint thread (failed|stopped).*checkpoints after its commits again/);
  });

  it("is the server's setting (createDatabase), and the database still closes", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chi-checkpoint-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const database = createDatabase({ database: { dialect: 'sqlite', file: join(dir, 'db.sqlite') } }, { checkpointInBackground: true });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(BACKSTOP_PAGES);
    await database.destroy();
  });
});
