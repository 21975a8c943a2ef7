/**
 * The study day's servers and database (issue 27): K server processes (the compiled bundle, as
 * `npm start` runs it) on fixed ports over one database, killed with SIGKILL and started again;
 * the PostgreSQL cluster that serves DATABASE_URL restarted with `pg_ctlcluster`; and, at the
 * end, what the database holds, read with the plain drivers.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { launchServerProcess, type ServerProcess } from '../../e2e/support/server-process';

export class ServerGroup {
  private readonly servers: (ServerProcess | undefined)[] = [];
  readonly peakRssMb: number[] = [];
  /** Processes that died without being killed by the schedule: their last output (a crash is a failure of the run). */
  readonly crashes: string[] = [];
  private sampler: NodeJS.Timeout | undefined;

  constructor(readonly ports: readonly number[], private readonly env: Record<string, string>) {}

  /** One after the other: the first migrates the database, the others find it migrated. */
  async start(): Promise<void> {
    for (const [i, port] of this.ports.entries()) {
      this.servers[i] = await launchServerProcess({ port, env: this.env });
      this.peakRssMb[i] = 0;
    }
    this.sampler = setInterval(() => this.sampleRss(), 1_000);
  }

  private sampleRss(): void {
    for (const [i, server] of this.servers.entries()) {
      if (!server) continue;
      let status: string;
      try {
        status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
      } catch {
        status = 'State:\tgone';
      }
      if (/State:\s+[ZX]|gone/.test(status)) {
        // Not killed by the schedule (that clears the slot first): it crashed. Start it again, as a supervisor would.
        this.crashes.push(`process ${i + 1}: ${server.output().slice(-2_000)}`);
        this.servers[i] = undefined;
        this.relaunch(i).catch((error: unknown) => this.crashes.push(`process ${i + 1} did not start again: ${String(error)}`));
        continue;
      }
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      this.peakRssMb[i] = Math.max(this.peakRssMb[i] ?? 0, Math.round(kb / 1024));
    }
  }

  private async relaunch(index: number): Promise<void> {
    this.servers[index] = await launchServerProcess({ port: this.ports[index] ?? 0, env: this.env });
  }

  /** SIGKILL (no shutdown, no draining), then the same process started again on its port. */
  async killAndRestart(index: number): Promise<void> {
    const server = this.servers[index];
    if (!server) return;
    this.servers[index] = undefined;
    process.kill(server.pid, 'SIGKILL');
    await server.stop();
    await this.relaunch(index);
  }

  async stop(): Promise<void> {
    clearInterval(this.sampler);
    await Promise.all(this.servers.map((s) => s?.stop()));
  }
}

/** `15/bench`: the cluster listening on the port of `url` (pg_lsclusters), or undefined. */
export function clusterServing(url: string): string | undefined {
  const port = new URL(url).port || '5432';
  const lines = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).split('\n');
  const row = lines.map((l) => l.trim().split(/\s+/)).find((cols) => cols[2] === port);
  return row ? `${row[0]}/${row[1]}` : undefined;
}

/**
 * Restarts the cluster (`version/name`) the way an operator or a failover would: fast shutdown,
 * start. Asynchronous: the participants and the balancer live in this process and must go on
 * meanwhile (a synchronous call froze them all, and the restart went unseen).
 */
export async function restartCluster(cluster: string): Promise<void> {
  const [version, name] = cluster.split('/');
  await promisify(execFile)('pg_ctlcluster', [version ?? '', name ?? '', 'restart', '-m', 'fast']);
}

export interface Stored {
  /** `_clientId` → rows, for the run's prompts and responses. */
  readonly prompts: Map<string, number>;
  readonly responses: Map<string, number>;
  /** Games ended as completed. */
  readonly completedGames: number;
}

const STORED = (table: string, prefix: string) =>
  `select client_id, count(*) as n from ${table} where suite_id in (select id from delphi_suites where participant_id like '${prefix}%') group by client_id`;
const COMPLETED = (prefix: string) =>
  `select count(*) as n from delphi_games where status = 'completed' and suite_id in (select id from delphi_suites where participant_id like '${prefix}%')`;

export interface DatabaseTarget {
  readonly dialect: 'postgres' | 'sqlite';
  /** PostgreSQL URL or the SQLite file. */
  readonly url: string;
  readonly schema?: string;
}

async function withPg<T>(target: DatabaseTarget, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: target.url, ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}) });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function readStored(target: DatabaseTarget, prefix: string): Promise<Stored> {
  const toMap = (rows: { client_id: string; n: number | string }[]) => new Map(rows.map((r) => [r.client_id, Number(r.n)]));
  if (target.dialect === 'sqlite') {
    const db = new SqliteDatabase(target.url, { readonly: true });
    try {
      type Row = { client_id: string; n: number };
      return {
        prompts: toMap(db.prepare(STORED('delphi_prompts', prefix)).all() as Row[]),
        responses: toMap(db.prepare(STORED('delphi_responses', prefix)).all() as Row[]),
        completedGames: Number((db.prepare(COMPLETED(prefix)).get() as { n: number }).n),
      };
    } finally {
      db.close();
    }
  }
  return withPg(target, async (client) => ({
    prompts: toMap((await client.query(STORED('delphi_prompts', prefix))).rows),
    responses: toMap((await client.query(STORED('delphi_responses', prefix))).rows),
    completedGames: Number((await client.query(COMPLETED(prefix))).rows[0]?.n ?? 0),
  }));
}

/** PostgreSQL's own count of deadlocks it broke in this database (pg_stat_database); null on SQLite. */
export async function deadlockCount(target: DatabaseTarget): Promise<number | null> {
  if (target.dialect === 'sqlite') return null;
  return withPg(target, async (client) => Number((await client.query(`select deadlocks from pg_stat_database where datname = current_database()`)).rows[0]?.deadlocks ?? 0));
}

export async function dropSchema(target: DatabaseTarget): Promise<void> {
  if (target.dialect !== 'postgres' || !target.schema) return;
  await withPg({ ...target, schema: undefined } as DatabaseTarget, (client) => client.query(`drop schema if exists "${target.schema}" cascade`));
}

export const sqliteFile = (dataDir: string) => join(dataDir, 'chi.sqlite');
