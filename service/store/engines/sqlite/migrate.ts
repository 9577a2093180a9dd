/** Applies the SQLite migrations the database lacks (migrations/sqlite/), each in its own transaction. */
import type Database from 'better-sqlite3';
import { migrationsFor, type Migration, type MigrationReport } from '../../migrations.js';

export function migrateSqlite(db: Database.Database, migrations: Migration[] = migrationsFor('sqlite')): MigrationReport {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const current = () => (db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations').get() as { v: number }).v;
  const applied: Migration[] = [];
  for (const migration of migrations) {
    // IMMEDIATE: a second process starting at the same moment waits, then sees the version applied.
    const apply = db.transaction(() => {
      if (current() >= migration.version) return false;
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, new Date().toISOString());
      return true;
    });
    if (apply.immediate()) applied.push(migration);
  }
  return { applied, version: current() };
}
