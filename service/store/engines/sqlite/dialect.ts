/**
 * Kysely on better-sqlite3, our own driver (Kysely's SqliteDialect prepares every statement anew
 * and begins deferred transactions). better-sqlite3 is synchronous: a query runs to completion
 * when it is called, and its promise is already settled. One connection, handed to one user at a
 * time (a transaction holds it until it ends; a query outside waits for it, as SQLite's single
 * writer would make it). Statements are prepared once per distinct SQL text. Transactions begin
 * IMMEDIATE: they take the write lock at the start, so two writers (this process and the keys CLI)
 * wait for each other (busy_timeout) instead of failing to upgrade a read lock.
 *
 * Reads outside a transaction need not queue: while nobody holds the connection, no transaction is
 * open on it, so a read run at once sees exactly the committed data it would see after waiting,
 * and, being synchronous, it is over before anyone else can take the connection. The store's
 * prepared lookups (store/prepared.ts) run so through the adapter's `readNow`, without Kysely's
 * connection hand-off (several promises per query). While the connection is held (a transaction
 * is open on it), they queue like any query. Their single-row answers are kept until the database
 * may have changed (read-cache.ts): every statement that may write and every transaction's end
 * empties that cache.
 */
import type Database from 'better-sqlite3';
import { ReadCache } from './read-cache.js';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';

/** Distinct SQL texts stay few (IN lists of claims and sign-in failures vary); past this, start over. */
const MAX_PREPARED = 500;

class BetterSqliteConnection implements DatabaseConnection {
  private readonly prepared = new Map<string, Database.Statement>();
  /** SQL texts whose statement reads without writing, asked of SQLite once (better-sqlite3's getters cross into C++ at each call). */
  private readonly pureReads = new Map<string, boolean>();

  /** Single-row answers of reads run at once (readNow), emptied by anything that may write. */
  readonly cache: ReadCache;

  constructor(readonly database: Database.Database) {
    this.cache = new ReadCache(database);
  }

  statement(text: string): Database.Statement {
    let statement = this.prepared.get(text);
    if (!statement) {
      if (this.prepared.size >= MAX_PREPARED) this.prepared.clear();
      statement = this.database.prepare(text);
      this.prepared.set(text, statement);
    }
    return statement;
  }

  /** Whether the statement of this SQL text only reads (a reader that writes nothing): what readNow may run. */
  readsOnly(text: string): boolean {
    let pure = this.pureReads.get(text);
    if (pure === undefined) {
      const statement = this.statement(text);
      pure = statement.reader && statement.readonly;
      if (this.pureReads.size >= MAX_PREPARED) this.pureReads.clear();
      this.pureReads.set(text, pure);
    }
    return pure;
  }

  async executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    const statement = this.statement(query.sql);
    if (!statement.readonly) this.cache.clear(); // INSERT … RETURNING is a reader too
    if (statement.reader) return { rows: statement.all(query.parameters) as Row[] };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  async *streamQuery<Row>(query: CompiledQuery): AsyncIterableIterator<QueryResult<Row>> {
    if (!this.statement(query.sql).readonly) this.cache.clear();
    for (const row of this.statement(query.sql).iterate(query.parameters)) yield { rows: [row as Row] };
  }
}

class BetterSqliteDriver implements Driver {
  /** The prepared statements, also for reads run at once (readNow). */
  readonly connection: BetterSqliteConnection;
  /** Settles when the connection's current user releases it; null while it is free. */
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  constructor(database: Database.Database) {
    this.connection = new BetterSqliteConnection(database);
  }

  async init(): Promise<void> {}

  /** Whether someone holds the connection (a transaction, or a query waiting to run on it). */
  get busy(): boolean {
    return this.held !== null;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.release = resolve));
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }

  async beginTransaction(): Promise<void> {
    this.connection.cache.clear();
    this.connection.database.exec('BEGIN IMMEDIATE');
  }

  async commitTransaction(): Promise<void> {
    this.connection.database.exec('COMMIT');
    this.connection.cache.clear();
  }

  async rollbackTransaction(): Promise<void> {
    // SQLite may have rolled back already (some errors end the transaction themselves).
    if (this.connection.database.inTransaction) this.connection.database.exec('ROLLBACK');
    this.connection.cache.clear();
  }

  async destroy(): Promise<void> {
    await this.acquireConnection(); // after whatever is running
    this.connection.database.close();
    await this.releaseConnection();
  }
}

/** Answers a read outside a transaction at once, or says it must queue (undefined): see the top of this file. */
export interface ImmediateReader {
  readNow<Row>(query: CompiledQuery, parameters: readonly unknown[]): Row[] | undefined;
}

class BetterSqliteAdapter extends SqliteAdapter implements ImmediateReader {
  constructor(private readonly driver: BetterSqliteDriver) {
    super();
  }

  readNow<Row>(query: CompiledQuery, parameters: readonly unknown[]): Row[] | undefined {
    if (this.driver.busy) return undefined;
    const { connection } = this.driver;
    if (!connection.readsOnly(query.sql)) return undefined;
    if (!ReadCache.cacheable(parameters)) return connection.statement(query.sql).all(parameters) as Row[];
    const cached = connection.cache.lookup<Row>(query.sql, parameters);
    if (cached) return cached.slice(); // the caller may change its array, never the shared rows
    const rows = connection.statement(query.sql).all(parameters) as Row[];
    connection.cache.remember(query.sql, parameters, rows.slice());
    return rows;
  }
}

/** The adapter's readNow, when the database it belongs to has one (SQLite through this dialect). */
export const immediateReader = (adapter: object): ImmediateReader | undefined =>
  adapter instanceof BetterSqliteAdapter ? adapter : undefined;

export function betterSqliteDialect(database: Database.Database): Dialect {
  const driver = new BetterSqliteDriver(database);
  return {
    createAdapter: () => new BetterSqliteAdapter(driver),
    createDriver: () => driver,
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
