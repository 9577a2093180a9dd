/**
 * Queries on every request's path (a key, an account, a subject by id), built and compiled once
 * per store and then run with each call's values: building and compiling a Kysely query costs more
 * than SQLite takes to run a lookup by key. The query is still written once, with the builder;
 * `$.name` stands for the value given at each run:
 *
 *   const subjectById = prepared<{ id: string }, Row>((db, $) => db.selectFrom('subjects').selectAll().where('id', '=', $.id));
 *   const rows = await subjectById(this.db, { id }, false);
 *
 * One value per slot (no IN lists, no optional clauses). `lock` compiles a second variant with
 * FOR UPDATE, for reads inside a transaction on an engine with row locks (transactions.ts).
 * PostgreSQL also sends these as named prepared statements (statementName, used by
 * engines/postgres/pool.ts), so its server parses and plans each once per connection. On SQLite a
 * read outside a transaction runs at once when the connection is free (engines/sqlite/dialect.ts
 * readNow), without Kysely's executor, and its rows are returned at once, not in a promise.
 */
import { createHash } from 'node:crypto';
import type { CompiledQuery, Compilable, DialectAdapter } from 'kysely';
import type { Awaitable } from '../awaitable.js';
import { immediateReader, type ImmediateReader } from './engines/sqlite/dialect.js';
import type { Db } from './schema.js';

/** SQL text of every query compiled here → its statement name (a few dozen texts in all). */
const names = new Map<string, string>();

/** The prepared statement name of a query compiled by `prepared`, or undefined for any other SQL. */
export const statementName = (sql: string): string | undefined => names.get(sql);

/** Where a value goes: compiled as a parameter, replaced by the run's value of that name. */
class Slot {
  constructor(readonly name: string) {}
}

export function prepared<Values extends object, Row>(
  build: (db: Db, $: Values, lock: boolean) => Compilable<Row>,
): (db: Db, values: Values, lock: boolean) => Awaitable<Row[]> {
  const slots = new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as Values;
  // Per store (its dialect's adapter: a transaction shares its store's), plain and locking.
  const compiled = new WeakMap<DialectAdapter, Array<Compiled<Row> | undefined>>();
  // The last store's variants and reader, without a WeakMap lookup per call (a process has one store).
  let lastAdapter: DialectAdapter | undefined;
  let lastVariants: Array<Compiled<Row> | undefined> = [];
  let lastReader: ImmediateReader | undefined;
  return (db, values, lock) => {
    const executor = db.getExecutor();
    const adapter = executor.adapter;
    if (adapter !== lastAdapter) {
      let variants = compiled.get(adapter);
      if (!variants) compiled.set(adapter, (variants = []));
      lastAdapter = adapter;
      lastVariants = variants;
      lastReader = immediateReader(adapter);
    }
    const { query, slots: names } = (lastVariants[Number(lock)] ??= compile(build(db, slots, lock)));
    // The run's values in their slots (a loop, not a closure per call: this runs on every request).
    const parameters: unknown[] = new Array(names.length);
    for (let i = 0; i < names.length; i += 1) {
      const name = names[i];
      parameters[i] = name === undefined ? query.parameters[i] : (values as Record<string, unknown>)[name];
    }
    // Plugins would transform results, which only Kysely's executor does.
    const now =
      db.isTransaction || executor.plugins.length > 0
        ? undefined
        : lastReader?.readNow<Row>(query, parameters);
    return now ?? db.executeQuery<Row>({ ...query, parameters }).then((result) => result.rows);
  };
}

/** A compiled query and, for each of its parameters, the name of the slot it stands for (undefined: a constant). */
interface Compiled<Row> {
  query: CompiledQuery<Row>;
  slots: Array<string | undefined>;
}

function compile<Row>(compilable: Compilable<Row>): Compiled<Row> {
  const query = remember(compilable.compile());
  return {
    query,
    slots: query.parameters.map((parameter) => (parameter instanceof Slot ? parameter.name : undefined)),
  };
}

function remember<Row>(query: CompiledQuery<Row>): CompiledQuery<Row> {
  if (!names.has(query.sql))
    names.set(query.sql, `store_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`);
  return query;
}
