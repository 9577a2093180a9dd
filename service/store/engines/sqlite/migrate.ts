/** Applies the SQLite migrations the database lacks (migrations/sqlite/), each in its own transaction. */
import type Database from 'better-sqlite3';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import {
  migrationBookkeeping,
  migrationsFor,
  type Migration,
  type MigrationReport,
  type MigrationsSchema,
} from '../../migrations.js';

/** Compiles only: the runner is synchronous (it runs while the store is constructed), so it executes the SQL itself. */
const compiler = new Kysely<MigrationsSchema>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

export function migrateSqlite(
  db: Database.Database,
  migrations: Migration[] = migrationsFor('sqlite'),
): MigrationReport {
  const bookkeeping = migrationBookkeeping(compiler);
  db.exec(bookkeeping.createTable.sql);
  const current = () =>
    (db.prepare(bookkeeping.currentVersion.sql).get(bookkeeping.currentVersion.parameters) as { v: number })
      .v;
  const applied: Migration[] = [];
  for (const migration of migrations) {
    // IMMEDIATE: a second process starting at the same moment waits, then sees the version applied.
    const apply = db.transaction(() => {
      if (current() >= migration.version) return false;
      db.exec(migration.sql);
      const record = bookkeeping.record(migration);
      db.prepare(record.sql).run(record.parameters);
      return true;
    });
    if (apply.immediate()) applied.push(migration);
  }
  return { applied, version: current() };
}
