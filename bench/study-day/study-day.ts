/**
 * `npm run bench -- --study-day` (issue 27, ADR 067): a whole study day against real server
 * processes behind a round-robin balancer. N simulated participants arrive over the first part of
 * the run and each plays the whole suite through the HTTP API with the web client's own outbox
 * (participant.ts); a researcher watches /Data and exports CSV twice (researcher.ts); faults come
 * on a schedule printed at the start: one server process SIGKILLed and started again, the
 * PostgreSQL cluster restarted, every client connection dropped at the balancer. At the end the
 * database is read directly: every acknowledged prompt and response must be stored exactly once.
 *
 * Options: --participants=N --processes=K --dialect=postgres|sqlite --think-scale=F (think times
 * × F) --trial-fraction=F (share of each block's trials) --arrival-seconds=S --faults=kill,pg,drop
 * --database-url=URL (PostgreSQL; or STUDY_DAY_DATABASE_URL) --pg-cluster=15/name (must be the
 * cluster listening on the URL's port, which is what is restarted) --base-port=P (proxy P, servers P+1…; 0: free ports).
 * The database URL is never taken from TEST_DATABASE_URL: restarting the cluster behind it would
 * cut everyone else's tests; name a cluster of your own.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CallStats, type CallFigures } from './call-stats';
import { ServerGroup, clusterServing, deadlockCount, dropSchema, readStored, restartCluster, sqliteFile, type DatabaseTarget } from './cluster';
import { startFaultProxy } from './fault-proxy';
import { Browser } from './http-client';
import { Ledger, runParticipant, type ParticipantResult } from './participant';
import { Researcher } from './researcher';
import { expectedSuiteMs, recordsPerSuite, suitePlan } from './suite-model';

export type FaultKind = 'kill' | 'pg' | 'drop';

export interface StudyDayOptions {
  readonly participants: number;
  readonly processes: number;
  readonly dialect: 'postgres' | 'sqlite';
  readonly thinkScale: number;
  readonly trialFraction: number;
  readonly arrivalSeconds: number;
  readonly faults: readonly FaultKind[];
  readonly databaseUrl?: string;
  readonly pgCluster?: string;
  readonly basePort: number;
  /** Print progress and the figures (the bench); the e2e test reads the result only. */
  readonly verbose: boolean;
}

export interface FaultResult {
  readonly kind: FaultKind;
  readonly atS: number;
  /** What the fault itself took (the restart of a process or of the cluster), seconds. */
  readonly tookS: number;
  /** For `drop`: the client connections closed (idle keep-alive ones included). */
  readonly connections?: number;
  /** The fault could not be carried out fully (e.g. the killed process did not start again in 60 s). */
  readonly error?: string;
  readonly failedCalls: number;
  /** First failed call after the fault to the first success after the last one; 0: nothing failed. */
  readonly healS: number;
}

export interface StudyDayResult {
  readonly measuredAt: string;
  readonly options: Omit<StudyDayOptions, 'verbose' | 'databaseUrl'>;
  readonly recordsPerSuite: number;
  /** Of those, prompts and responses: what the ledger compares with the database. */
  readonly promptsAndResponsesPerSuite: number;
  readonly durationS: number;
  readonly suites: { readonly started: number; readonly completed: number; readonly notStarted: number; readonly incomplete: number };
  readonly records: {
    readonly acknowledged: number;
    readonly stored: number;
    /** Acknowledged but not stored. */
    readonly lost: number;
    /** Stored more than once for one `_clientId`. */
    readonly doubled: number;
    readonly deadLetters: number;
  };
  readonly completedGames: number;
  readonly calls: CallFigures[];
  readonly faults: FaultResult[];
  readonly peakServerRssMb: number[];
  /** Errors between the balancer and the processes, by code (ECONNREFUSED: skipped to the next process). */
  readonly balancerErrors: Record<string, number>;
  /** Server processes that died unscheduled, with their last output; must be empty. */
  readonly crashes: string[];
  readonly dataCalls: CallFigures[];
  readonly exports: { requestedAtS: number; seconds: number; status: string }[];
  /** pg_stat_database.deadlocks during the run (PostgreSQL); null on SQLite. */
  readonly deadlocks: number | null;
}

const ADMIN = { email: 'study-day@example.org', password: 'a long study day passphrase' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function log(options: StudyDayOptions, line: string): void {
  if (options.verbose) console.log(line);
}

function databaseTarget(options: StudyDayOptions, dataDir: string): DatabaseTarget {
  if (options.dialect === 'sqlite') return { dialect: 'sqlite', url: sqliteFile(dataDir) };
  if (!options.databaseUrl) throw new Error('--dialect=postgres needs --database-url=… or STUDY_DAY_DATABASE_URL (a cluster of your own: the bench restarts it)');
  return { dialect: 'postgres', url: options.databaseUrl, schema: `study_${randomBytes(6).toString('hex')}` };
}

/**
 * The cluster the `pg` fault restarts: always the one listening on the URL's port (pg_lsclusters),
 * so the bench can only restart the database it is itself using. `--pg-cluster` may name it but
 * not point elsewhere, and a cluster on TEST_DATABASE_URL's port (shared by everyone's tests) is
 * refused outright.
 */
function restartableCluster(url: string, named: string | undefined): string {
  const serving = clusterServing(url);
  if (!serving) throw new Error(`no PostgreSQL cluster listens on the port of ${url}: the pg fault restarts only the bench's own cluster`);
  if (named && named !== serving) throw new Error(`--pg-cluster=${named} is not the cluster serving ${url} (${serving}); the bench restarts only the cluster it uses`);
  const testUrl = process.env.TEST_DATABASE_URL;
  if (testUrl && clusterServing(testUrl) === serving) {
    throw new Error(`${serving} also serves TEST_DATABASE_URL (a shared test cluster): give the bench a cluster of its own, or --faults=kill,drop`);
  }
  return serving;
}

export async function runStudyDay(options: StudyDayOptions): Promise<StudyDayResult> {
  const plan = suitePlan(options.trialFraction);
  const suiteMs = expectedSuiteMs(plan, options.thinkScale);
  const runMs = options.arrivalSeconds * 1000 + suiteMs;
  const faults = options.faults.filter((f) => f !== 'pg' || options.dialect === 'postgres');
  const schedule = faults.map((kind, i) => ({ kind, atMs: Math.round(runMs * (0.2 + (0.5 * i) / Math.max(1, faults.length - 1 || 1))) }));
  const exportsAt = [0.3, 0.7].map((f) => Math.round(runMs * f));

  const dataDir = await mkdtemp(join(tmpdir(), 'chi-study-day-'));
  const target = databaseTarget(options, dataDir);
  const cluster = target.dialect === 'postgres' && faults.includes('pg') ? restartableCluster(target.url, options.pgCluster) : undefined;

  log(options, `\nStudy day: ${options.participants} participants, ${options.processes} process(es), ${options.dialect}${target.schema ? ` (schema ${target.schema})` : ''}`);
  log(options, `  suite: ${plan.map((g) => `${g.gameName} ${g.blocks.map((b) => b.trials.length).join('+')}`).join(', ')}; ${recordsPerSuite(plan)} records; ~${Math.round(suiteMs / 1000)} s each (think × ${options.thinkScale})`);
  log(options, `  arrivals over ${options.arrivalSeconds} s; expected run ~${Math.round(runMs / 1000)} s`);
  log(options, `  faults: ${schedule.map((f) => `${f.kind === 'kill' ? 'SIGKILL server 2 + restart' : f.kind === 'pg' ? `restart PostgreSQL ${cluster ?? ''}` : 'drop every client connection'} at ${Math.round(f.atMs / 1000)} s`).join('; ') || 'none'}`);
  log(options, `  researcher: /Data every 5 s; CSV export at ${exportsAt.map((t) => `${Math.round(t / 1000)} s`).join(' and ')}\n`);

  // Fixed ports: a killed process comes back on its own port. 0: ports free right now (tests).
  const ports = options.basePort === 0
    ? await Promise.all(Array.from({ length: options.processes }, () => freePort()))
    : Array.from({ length: options.processes }, (_, i) => options.basePort + 1 + i);
  const servers = new ServerGroup(ports, {
    DATA_DIR: dataDir,
    ...(target.dialect === 'postgres' ? { DATABASE_URL: target.url, DATABASE_SCHEMA: target.schema ?? '' } : { DATABASE_URL: target.url }),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '127.0.0.1',
    JOB_LEASE_SECONDS: '5',
    LOG_LEVEL: 'error',
  });
  const stats = new CallStats();
  const dataStats = new CallStats();
  const ledger = new Ledger();
  const prefix = `SD-${randomBytes(3).toString('hex')}-`;
  let proxy: Awaited<ReturnType<typeof startFaultProxy>> | undefined;
  try {
    await servers.start();
    proxy = await startFaultProxy(ports, options.basePort);
    const deadlocksBefore = await deadlockCount(target);
    const started = Date.now();
    const researcher = new Researcher(new Browser(proxy.port, dataStats, '10.255.0.1'), started);
    await researcher.login(ADMIN.email, ADMIN.password);
    const watching = researcher.watch(5_000);
    const exporting = exportsAt.map((at) => sleep(at).then(() => researcher.exportCsv()));

    const faultResults: { kind: FaultKind; at: number; tookS: number; connections?: number; error?: string }[] = [];
    const faulting = (async () => {
      for (const fault of schedule) {
        await sleep(Math.max(0, started + fault.atMs - Date.now()));
        const at = Date.now();
        log(options, `  ${Math.round((at - started) / 1000)} s: ${fault.kind}`);
        let connections: number | undefined;
        let error: string | undefined;
        try {
          if (fault.kind === 'kill') await servers.killAndRestart(Math.min(1, options.processes - 1));
          else if (fault.kind === 'pg' && cluster) await restartCluster(cluster);
          else if (fault.kind === 'drop') connections = proxy?.dropAll();
        } catch (caught) {
          // E.g. the killed process did not start again within 60 s on a loaded machine: the run goes on without it.
          error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught);
          log(options, `  ${fault.kind} failed: ${error ?? ''}`);
        }
        faultResults.push({ kind: fault.kind, at, tookS: (Date.now() - at) / 1000, ...(connections === undefined ? {} : { connections }), ...(error ? { error } : {}) });
      }
    })();

    let done = 0;
    const progress = setInterval(() => log(options, `  ${Math.round((Date.now() - started) / 1000)} s: ${done}/${options.participants} suites finished, ${ledger.acknowledged.logResponse.size} responses acknowledged`), 15_000);
    const results: ParticipantResult[] = await Promise.all(
      Array.from({ length: options.participants }, async (_, i) => {
        await sleep((options.arrivalSeconds * 1000 * i) / Math.max(1, options.participants));
        const browser = new Browser(proxy?.port ?? 0, stats, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
        const result = await runParticipant({ id: `${prefix}${i}`, browser, plan, thinkScale: options.thinkScale, ledger, flushTimeoutMs: 180_000 });
        done += 1;
        return result;
      }),
    );
    clearInterval(progress);
    await faulting;
    await Promise.all(exporting);
    researcher.stop();
    await watching;
    const durationS = (Date.now() - started) / 1000;
    // pg_stat counters reach pg_stat_database when a backend goes idle (at most once a second).
    await sleep(2_000);
    const deadlocksAfter = await deadlockCount(target);

    const stored = await readStored(target, prefix);
    const acknowledged = [...ledger.acknowledged.logPrompt].map((id) => stored.prompts.get(id) ?? 0)
      .concat([...ledger.acknowledged.logResponse].map((id) => stored.responses.get(id) ?? 0));
    const storedRows = [...stored.prompts.values(), ...stored.responses.values()];
    const windows = faultResults.map((f, i) => ({ ...f, until: faultResults[i + 1]?.at ?? Date.now() }));
    return {
      measuredAt: new Date().toISOString(),
      options: {
        participants: options.participants, processes: options.processes, dialect: options.dialect, thinkScale: options.thinkScale,
        trialFraction: options.trialFraction, arrivalSeconds: options.arrivalSeconds, faults, basePort: options.basePort,
        ...(cluster ? { pgCluster: cluster } : {}),
      },
      recordsPerSuite: recordsPerSuite(plan),
      promptsAndResponsesPerSuite: 2 * plan.reduce((sum, g) => sum + g.blocks.reduce((s, b) => s + b.trials.length, 0), 0),
      durationS,
      suites: {
        started: results.filter((r) => r !== 'not started').length,
        completed: results.filter((r) => r === 'complete').length,
        notStarted: results.filter((r) => r === 'not started').length,
        incomplete: results.filter((r) => r === 'incomplete').length,
      },
      records: {
        acknowledged: acknowledged.length,
        stored: storedRows.reduce((a, b) => a + b, 0),
        lost: acknowledged.filter((n) => n === 0).length,
        doubled: storedRows.filter((n) => n > 1).length,
        deadLetters: ledger.deadLetters,
      },
      completedGames: stored.completedGames,
      calls: stats.figures(),
      faults: windows.map((w) => {
        const heal = stats.heal(w.at, w.until);
        return {
          kind: w.kind, atS: Math.round((w.at - started) / 1000), tookS: w.tookS, failedCalls: heal.failures, healS: heal.healMs / 1000,
          ...(w.connections === undefined ? {} : { connections: w.connections }),
          ...(w.error ? { error: w.error } : {}),
        };
      }),
      peakServerRssMb: servers.peakRssMb,
      crashes: servers.crashes,
      balancerErrors: { ...proxy.upstreamErrors },
      dataCalls: dataStats.figures(),
      exports: researcher.exports,
      deadlocks: deadlocksAfter === null || deadlocksBefore === null ? null : deadlocksAfter - deadlocksBefore,
    };
  } finally {
    await proxy?.close();
    await servers.stop();
    await dropSchema(target).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printResult(r: StudyDayResult): void {
  const table = (rows: CallFigures[]) =>
    console.table(rows.map((c) => ({ call: c.call, count: c.count, 'p50 ms': c.p50Ms, 'p95 ms': c.p95Ms, 'p99 ms': c.p99Ms, errors: Object.entries(c.errors).map(([k, v]) => `${k}×${v}`).join(' ') })));
  console.log(`\nStudy day done in ${Math.round(r.durationS)} s`);
  console.log('Participants\' calls (through the balancer):');
  table(r.calls);
  console.log('Researcher\'s /Data and export calls:');
  table(r.dataCalls);
  console.table([{ ...r.suites, 'games completed': r.completedGames }]);
  console.table([r.records]);
  console.log('Faults (heal: first failed call to the first success after the last failure):');
  console.table(r.faults.map((f) => ({ fault: f.kind, 'at s': f.atS, 'fault took s': f.tookS, 'failed calls': f.failedCalls, 'heal s': f.healS, 'connections dropped': f.connections ?? '' })));
  console.log(`CSV exports: ${r.exports.map((e) => `${e.seconds.toFixed(1)} s (${e.status}, requested at ${e.requestedAtS} s)`).join('; ')}`);
  console.log(`Peak server RSS: ${r.peakServerRssMb.map((mb) => `${mb} MB`).join(', ')}; deadlocks seen: ${r.deadlocks ?? 'n/a (SQLite)'}`);
  console.log(`Balancer → process errors: ${JSON.stringify(r.balancerErrors)}`);
  for (const crash of r.crashes) console.log(`CRASHED: ${crash}`);
  for (const fault of r.faults) if (fault.error) console.log(`FAULT NOT CARRIED OUT: ${fault.kind}: ${fault.error}`);
  const holds = r.crashes.length === 0 && r.records.lost === 0 && r.records.doubled === 0 && r.suites.completed === r.suites.started + r.suites.notStarted;
  console.log(holds ? 'HOLDS: 0 lost, 0 doubled, every suite complete' : 'DOES NOT HOLD: see lost / doubled / suites above');
}

function flag(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** The bench entry: options from the command line, figures printed, bench/results/study-day.json written. */
export async function studyDayBench(resultsDir: string): Promise<void> {
  const dialect = flag('dialect') === 'sqlite' ? 'sqlite' : 'postgres';
  const databaseUrl = flag('database-url') ?? process.env.STUDY_DAY_DATABASE_URL;
  const pgCluster = flag('pg-cluster');
  const result = await runStudyDay({
    participants: Number(flag('participants') ?? (dialect === 'postgres' ? 300 : 100)),
    processes: Number(flag('processes') ?? (dialect === 'postgres' ? 3 : 1)),
    dialect,
    thinkScale: Number(flag('think-scale') ?? 0.5),
    trialFraction: Number(flag('trial-fraction') ?? 0.25),
    arrivalSeconds: Number(flag('arrival-seconds') ?? 60),
    faults: (flag('faults') ?? 'kill,pg,drop').split(',').filter((f): f is FaultKind => f === 'kill' || f === 'pg' || f === 'drop'),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(pgCluster ? { pgCluster } : {}),
    basePort: Number(flag('base-port') ?? 8280),
    verbose: true,
  });
  printResult(result);
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, 'study-day.json');
  await writeFile(file, JSON.stringify(result, null, 2) + '\n');
  console.log(`written ${file}`);
}
