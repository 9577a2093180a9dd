/** Applies the PostgreSQL migrations the database lacks (migrations/postgres/), each in its own transaction, under one advisory lock. */
import type pg from 'pg';
import { migrationsFor, type Migration, type MigrationReport } from '../../migrations.js';
import { MIGRATION_LOCK } from './locks.js';

export async function migratePostgres(pool: pg.Pool, migrations: Migration[] = migrationsFor('postgres')): Promise<MigrationReport> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    const current = async () => (await client.query<{ v: number }>('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations')).rows[0].v;
    const applied: Migration[] = [];
    for (const migration of migrations) {
      if ((await current()) >= migration.version) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, new Date().toISOString()]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration);
    }
    return { applied, version: await current() };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
