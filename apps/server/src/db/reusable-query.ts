/**
 * A hot-path query that Kysely builds and compiles once per database (so once per dialect)
 * and then runs with new values. Building and compiling a query costs more CPU than SQLite
 * takes to run it (ADR 006); the SQL text comes out of the dialect's own compiler, so SQLite
 * and PostgreSQL still run the same query written once.
 *
 *   const findGame = reusableQuery((db: Db, v: { id: string }) => db.selectFrom('delphi_games').select('game_name').where('id', '=', v.id));
 *   const { rows } = await findGame(db, { id }); // rows: { game_name: string }[]
 */
import type { Compilable, CompiledQuery, InsertResult, Kysely, QueryResult } from 'kysely';

/** Stands in for each value during the one build, to find where that value lands among the parameters. */
const SLOT_MARK = '\u0000reusable-query-slot:';

interface Template {
  readonly compiled: CompiledQuery;
  /** For each parameter: the slot whose value goes there, or undefined for a constant of the builder. */
  readonly slots: readonly (string | undefined)[];
}

function compileTemplate<DB, V>(db: Kysely<DB>, build: (db: Kysely<DB>, values: V) => Compilable<unknown>): Template {
  // Every property read of `values` answers its marker, so the builder runs unchanged.
  const read = new Set<string>();
  const marks = new Proxy(
    {},
    {
      get: (_target, key) => {
        if (typeof key !== 'string') return undefined;
        read.add(key);
        return SLOT_MARK + key;
      },
    },
  ) as V;
  const compiled = build(db, marks).compile();
  if (compiled.sql.includes(SLOT_MARK)) throw new Error('reusableQuery: a slot value was written into the SQL text instead of a parameter');
  const slots = compiled.parameters.map((parameter) =>
    typeof parameter === 'string' && parameter.startsWith(SLOT_MARK) ? parameter.slice(SLOT_MARK.length) : undefined,
  );
  // A value the builder read but Kysely did not send as a parameter would be silently dropped.
  for (const key of read) if (!slots.includes(key)) throw new Error(`reusableQuery: ${key} is not sent as a parameter`);
  return { compiled, slots };
}

/** What running the query answers: rows for a select; for an insert without `returning`, only the counts. */
export type ReusableResult<R> = R extends InsertResult ? QueryResult<never> : QueryResult<R>;

/**
 * `build` must pass each value of `V` to Kysely as a value (where, join `on`, insert
 * values), never test or spread it: it runs once with markers in place of the values (an
 * object of markers has no keys to spread, so an insert names each column). A value of
 * `undefined` is sent as NULL. `runIn`, a transaction of `db`, runs the query inside that
 * transaction without compiling it again (a transaction is a new Kysely instance each time).
 */
export function reusableQuery<DB, V extends object, R>(
  build: (db: Kysely<DB>, values: V) => Compilable<R>,
): (db: Kysely<DB>, values: V, runIn?: Kysely<DB>) => Promise<ReusableResult<R>> {
  // Per Kysely instance: a transaction or another database compiles its own.
  const templates = new WeakMap<Kysely<DB>, Template>();
  return async (db, values, runIn = db) => {
    let template = templates.get(db);
    if (!template) {
      template = compileTemplate(db, build);
      templates.set(db, template);
    }
    const { compiled, slots } = template;
    const byName = values as Readonly<Record<string, unknown>>;
    const parameters = slots.map((slot, index) => (slot === undefined ? compiled.parameters[index] : (byName[slot] ?? null)));
    // Kysely's executor runs it like any built query (same connection handling, same driver).
    return (await runIn.executeQuery({ ...compiled, parameters })) as ReusableResult<R>;
  };
}
