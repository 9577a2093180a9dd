/**
 * The embedded default store: SQLite through better-sqlite3 (engines/sqlite/), one process owning
 * the file (the keys CLI may write beside it); more instances need PostgreSQL. Opening applies
 * pending migrations. The queries are the repositories' (repositories/), the same on both engines.
 */
import { Kysely } from 'kysely';
import { openSqliteFile } from './engines/sqlite/connection.js';
import { betterSqliteDialect } from './engines/sqlite/dialect.js';
import { sqliteEngine } from './engines/sqlite/engine.js';
import { migrateSqlite } from './engines/sqlite/migrate.js';
import { RepositoryStore, type StoreOptions } from './repository-store.js';
import type { Schema } from './schema.js';

export { migrateSqlite };

export class SqliteStore extends RepositoryStore {
  /** Opens (creating it when missing) and migrates the file; ':memory:' for a database that lives as long as the store. */
  constructor(file: string, options: StoreOptions = {}) {
    const database = openSqliteFile(file);
    const migration = migrateSqlite(database);
    super(
      new Kysely<Schema>({ dialect: betterSqliteDialect(database) }),
      sqliteEngine(database),
      migration,
      options,
    );
  }
}
