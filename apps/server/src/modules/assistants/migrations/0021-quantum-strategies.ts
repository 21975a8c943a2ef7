/**
 * Quantum strategies (issue 16 part 3, ADR 031): strategy documents are generic documents
 * (`assistants`/`QuantumStrategy`); this adds their full-text index, maintained by the
 * database as ADR 019's chunk index is, and stores the sample documents once.
 * - SQLite: an FTS5 table over title, summary and body with the document's id (not its rowid,
 *   which VACUUM may renumber), kept in step by triggers on `documents` for that data type
 *   only; ranked with bm25().
 * - PostgreSQL: a partial GIN expression index over the same text (`STRATEGY_TEXT_TSVECTOR`,
 *   which the search query must repeat word for word to use it); ranked with ts_rank(…, 1).
 * Frozen (issue 28): the sample documents are written out in this file (they were
 * modules/assistants/strategies/sample-strategies.ts), so what it stores never changes.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

const APP = 'assistants';
const DATA_TYPE = 'QuantumStrategy';

/** The indexed text of a strategy document on PostgreSQL; the search repeats this expression. */
export const STRATEGY_TEXT_TSVECTOR =
  "to_tsvector('english'::regconfig, coalesce((data::jsonb)->>'title', '') || ' ' || coalesce((data::jsonb)->>'summary', '') || ' ' || coalesce((data::jsonb)->>'body', ''))";

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const text = (column: 'title' | 'summary' | 'body', row: 'new' | 'old' | 'documents') => `coalesce(json_extract(${row}.data, '$.${column}'), '')`;
const isStrategy = (row: 'new' | 'old') => `${row}.app_id = '${APP}' and ${row}.data_type = '${DATA_TYPE}'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(`create index documents_strategy_text on documents using gin ((${STRATEGY_TEXT_TSVECTOR})) where app_id = '${APP}' and data_type = '${DATA_TYPE}'`)
      .execute(db);
  } else {
    await sql.raw(`create virtual table quantum_strategy_fts using fts5(doc_id unindexed, title, summary, body, tokenize = 'porter unicode61')`).execute(db);
    const insert = (row: 'new' | 'documents') =>
      `insert into quantum_strategy_fts (doc_id, title, summary, body) values (${row}.id, ${text('title', row)}, ${text('summary', row)}, ${text('body', row)})`;
    await sql.raw(`create trigger quantum_strategy_fts_insert after insert on documents when ${isStrategy('new')} begin ${insert('new')}; end`).execute(db);
    await sql.raw(`create trigger quantum_strategy_fts_delete after delete on documents when ${isStrategy('old')} begin delete from quantum_strategy_fts where doc_id = old.id; end`).execute(db);
    await sql
      .raw(
        `create trigger quantum_strategy_fts_update after update on documents when ${isStrategy('old')} or ${isStrategy('new')} begin ` +
          `delete from quantum_strategy_fts where doc_id = old.id; ` +
          `insert into quantum_strategy_fts (doc_id, title, summary, body) select new.id, ${text('title', 'new')}, ${text('summary', 'new')}, ${text('body', 'new')} where ${isStrategy('new')}; end`,
      )
      .execute(db);
    // Strategy documents stored before this migration join the index too.
    await sql
      .raw(
        `insert into quantum_strategy_fts (doc_id, title, summary, body) select documents.id, ${text('title', 'documents')}, ${text('summary', 'documents')}, ${text('body', 'documents')} from documents where app_id = '${APP}' and data_type = '${DATA_TYPE}'`,
      )
      .execute(db);
  }

  const at = new Date().toISOString();
  for (const sample of SAMPLE_STRATEGIES) {
    const { id, ...fields } = sample;
    await (db as Kysely<{ documents: Record<string, unknown> }>)
      .insertInto('documents')
      .values({ app_id: APP, data_type: DATA_TYPE, id, owner_id: null, published: 1, data: JSON.stringify(fields), created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['app_id', 'data_type', 'id']).doNothing())
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from documents where app_id = ${APP} and data_type = ${DATA_TYPE} and owner_id is null`.execute(db);
  if (isPostgres(db)) {
    await sql.raw('drop index if exists documents_strategy_text').execute(db);
    return;
  }
  for (const trigger of ['quantum_strategy_fts_insert', 'quantum_strategy_fts_delete', 'quantum_strategy_fts_update']) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql.raw('drop table if exists quantum_strategy_fts').execute(db);
}

/**
 * Sample quantum strategy documents (issue 16 part 3), written for this project so the
 * `/quantumStrategies` page is useful on a fresh install. Fictional organisations; up() stores
 * them once, published, owned by nobody (so a manager can edit or remove them like any other
 * document). Topic, horizon and status are among `strategies.STRATEGY_TOPICS` etc. of the
 * contract as it was; plain strings here so this file depends on nothing that may change.
 */
export interface SampleStrategy {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly topic: string;
  readonly horizon: string;
  readonly status: string;
  readonly year: number;
  readonly body: string;
}

export const SAMPLE_STRATEGIES: readonly SampleStrategy[] = [
  {
    id: 'qs-post-quantum-migration',
    title: 'Post-quantum migration roadmap for a research university',
    summary: 'An inventory-first plan to move the university\'s key exchange and signatures to post-quantum algorithms before long-lived data is at risk.',
    topic: 'security',
    horizon: 'near',
    status: 'adopted',
    year: 2025,
    body: `# Post-quantum migration roadmap

## Why now
Research data we store today (health cohorts, interview recordings) must stay confidential for
decades. An adversary can record encrypted traffic now and decrypt it once a large quantum
computer exists ("harvest now, decrypt later"). The migration therefore starts with the data
whose **confidentiality lifetime** is longest.

## Steps
1. **Cryptographic inventory**: every service lists the protocols, libraries and key sizes it
   uses. Unknown owners are escalated within two weeks.
2. **Hybrid key exchange** on the public web front ends first: a classical and a lattice-based
   key encapsulation combined, so a flaw in either alone does not expose the session.
3. **Signatures** for software releases and data archives follow once the tooling is stable.
4. **Crypto-agility** becomes a procurement requirement: a supplier must show how an algorithm
   is replaced without a new product release.

## Measures of progress
- Share of external endpoints offering hybrid key exchange.
- Number of systems without a named cryptographic owner (target: none).
`,
  },
  {
    id: 'qs-national-skills-programme',
    title: 'Quantum skills programme: from first course to research engineer',
    summary: 'A staged education plan pairing short courses for professionals with a master\'s track and paid research-engineering placements.',
    topic: 'workforce',
    horizon: 'mid',
    status: 'adopted',
    year: 2024,
    body: `# Quantum skills programme

The bottleneck for quantum technology here is not ideas but **people who can build and run
experiments and software**. This programme has three stages.

## Stage 1: literacy
A six-week evening course on qubits, measurement and noise for engineers, teachers and policy
staff. No physics degree is assumed; linear algebra is taught as needed.

## Stage 2: a master's track
A shared track across three universities: quantum information, control electronics, cryogenic
engineering and quantum software. Every student spends one term in a laboratory.

## Stage 3: research-engineer placements
Two-year paid placements in academic and industrial laboratories, with a mentor on each side.

## Diversity
Placements are advertised with plain-language descriptions, and selection panels are trained to
judge demonstrated skill over titles.
`,
  },
  {
    id: 'qs-hardware-testbed',
    title: 'Shared hardware testbed for superconducting and photonic qubits',
    summary: 'A jointly funded testbed that gives small groups and start-ups access to cryostats, photonic benches and calibration staff.',
    topic: 'hardware',
    horizon: 'mid',
    status: 'draft',
    year: 2026,
    body: `# Shared hardware testbed

## Problem
A dilution refrigerator, its wiring and the staff to keep it cold cost more than most research
groups can justify for one project. Start-ups face the same barrier before their first product.

## Proposal
- Two cryostats for superconducting devices and one photonic bench, run as a **user facility**.
- Booking in week-long slots, with a calibration engineer on call.
- An open measurement log: error rates and coherence times of every device tested are published
  after an embargo of twelve months.

## Governance
A board of users allocates time by scientific merit, with a fixed share reserved for first-time
users and companies under five years old.
`,
  },
  {
    id: 'qs-algorithm-benchmarks',
    title: 'Honest benchmarks for quantum algorithms in chemistry and logistics',
    summary: 'A commitment to compare every quantum result with the best classical method on the same problem, with open data and error bars.',
    topic: 'algorithms',
    horizon: 'near',
    status: 'adopted',
    year: 2025,
    body: `# Honest benchmarks

Claims of **quantum advantage** are only useful when they survive a fair comparison. Projects
funded under this strategy agree to the following.

1. Every quantum result is compared with a strong classical baseline (tensor networks, simulated
   annealing, modern mixed-integer solvers) tuned with comparable effort.
2. Problem instances, code and raw measurement data are published.
3. Results report the full cost: repetitions, error mitigation overhead and wall-clock time.

## Application areas
- **Chemistry**: ground-state energies of small molecules, catalysts and battery materials.
- **Logistics**: vehicle routing and scheduling, where classical heuristics are already strong.

A negative result, reported carefully, counts as a deliverable.
`,
  },
  {
    id: 'qs-industry-partnerships',
    title: 'Industry partnerships and the first quantum-ready companies',
    summary: 'Vouchers for small firms to explore whether a quantum method could matter to them, with a realistic view of timelines.',
    topic: 'industry',
    horizon: 'mid',
    status: 'adopted',
    year: 2023,
    body: `# Industry partnerships

Most firms do not need a quantum computer today. They need to know **whether and when** one
could matter for their problems, and what to prepare.

## Innovation vouchers
A firm with fewer than 250 employees can apply for a voucher covering forty hours of expert
time: a problem analysis, a small proof of concept on a simulator, and a written assessment.

## Realistic expectations
Every assessment states the hardware size and error rates the method would need, and compares
them with public roadmaps. Where the answer is "not within ten years", the firm is told so.
`,
  },
  {
    id: 'qs-responsible-governance',
    title: 'Responsible quantum technology: export, ethics and public dialogue',
    summary: 'Principles for open science, export control and public engagement, reviewed every two years.',
    topic: 'policy',
    horizon: 'long',
    status: 'draft',
    year: 2026,
    body: `# Responsible quantum technology

## Open by default
Research results are published openly unless a specific, written export-control reason applies.
The reason is reviewed by someone outside the project.

## Dual use
Sensing and cryptanalysis have military uses. Projects describe foreseeable misuse in their
proposals, and the ethics board can ask for changes.

## Public dialogue
Citizens' panels meet every two years to discuss priorities; their recommendations and the
council's response are published side by side.
`,
  },
  {
    id: 'qs-sensing-networks',
    title: 'Quantum sensing for health and the environment',
    summary: 'Magnetometers and gravimeters as the nearest practical quantum technology, with pilots in brain imaging and groundwater mapping.',
    topic: 'hardware',
    horizon: 'near',
    status: 'adopted',
    year: 2024,
    body: `# Quantum sensing

Sensors that use quantum states are **closer to everyday use** than quantum computers.

## Pilots
- **Brain imaging**: optically pumped magnetometers worn on the head allow measurements while
  the participant moves, which suits studies of children and of natural behaviour.
- **Groundwater**: portable gravimeters map aquifers without drilling.

## What success looks like
A pilot succeeds when a clinical or environmental team, not the physicists, runs the device for
a month and reports what they learned.
`,
  },
  {
    id: 'qs-legacy-encryption-2019',
    title: 'Encryption guidance 2019 (superseded)',
    summary: 'Earlier guidance that recommended larger classical keys only; kept for reference and replaced by the post-quantum roadmap.',
    topic: 'security',
    horizon: 'near',
    status: 'retired',
    year: 2019,
    body: `# Encryption guidance 2019

This guidance recommended longer RSA and elliptic-curve keys as the answer to future quantum
attacks. That does not help: a large quantum computer breaks these schemes whatever the key
length. It is **superseded** by the post-quantum migration roadmap and kept only so that older
decisions can be understood.
`,
  },
];
