/**
 * Kysely on better-sqlite3, our own driver (Kysely's SqliteDialect prepares every statement anew
 * and begins deferred transactions). better-sqlite3 is synchronous: a query runs to completion
 * when it is called, and its promise is already settled. One connection, handed to one user at a
 * time (a transaction holds it until it ends; a query outside waits for it, as SQLite's single
 * writer would make it). Statements are prepared once per distinct SQL text. Transactions begin
 * IMMEDIATE: they take the write lock at the start, so two writers (this process and the keys CLI)
 * wait for each other (busy_timeout) instead of failing to upgrade a read lock.
 */
import type Database from 'better-sqlite3';
import { SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult } from 'kysely';

/** Distinct SQL texts stay few (IN lists of claims and sign-in failures vary); past this, start over. */
const MAX_PREPARED = 500;

class BetterSqliteConnection implements DatabaseConnection {
  private readonly prepared = new Map<string, Database.Statement>();

  constructor(readonly database: Database.Database) {}

  private statement(text: string): Database.Statement {
    let statement = this.prepared.get(text);
    if (!statement) {
      if (this.prepared.size >= MAX_PREPARED) this.prepared.clear();
      statement = this.database.prepare(text);
      this.prepared.set(text, statement);
    }
    return statement;
  }

  async executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    const statement = this.statement(query.sql);
    if (statement.reader) return { rows: statement.all(query.parameters) as Row[] };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  async *streamQuery<Row>(query: CompiledQuery): AsyncIterableIterator<QueryResult<Row>> {
    for (const row of this.statement(query.sql).iterate(query.parameters)) yield { rows: [row as Row] };
  }
}

class BetterSqliteDriver implements Driver {
  private readonly connection: BetterSqliteConnection;
  /** Settles when the connection's current user releases it; null while it is free. */
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  constructor(database: Database.Database) {
    this.connection = new BetterSqliteConnection(database);
  }

  async init(): Promise<void> {}

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
    this.connection.database.exec('BEGIN IMMEDIATE');
  }

  async commitTransaction(): Promise<void> {
    this.connection.database.exec('COMMIT');
  }

  async rollbackTransaction(): Promise<void> {
    // SQLite may have rolled back already (some errors end the transaction themselves).
    if (this.connection.database.inTransaction) this.connection.database.exec('ROLLBACK');
  }

  async destroy(): Promise<void> {
    await this.acquireConnection(); // after whatever is running
    this.connection.database.close();
    await this.releaseConnection();
  }
}

export function betterSqliteDialect(database: Database.Database): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new BetterSqliteDriver(database),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
