/** Applies the PostgreSQL migrations the database lacks (migrations/postgres/), each in its own transaction, under one advisory lock. */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type pg from 'pg';
import {
  migrationBookkeeping,
  migrationsFor,
  type Migration,
  type MigrationReport,
  type MigrationsSchema,
} from '../../migrations.js';
import { MIGRATION_LOCK } from './locks.js';

/** Compiles only: the runner executes on one client, which holds the session's advisory lock. */
const compiler = new Kysely<MigrationsSchema>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export async function migratePostgres(
  pool: pg.Pool,
  migrations: Migration[] = migrationsFor('postgres'),
): Promise<MigrationReport> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const bookkeeping = migrationBookkeeping(compiler);
    await client.query(bookkeeping.createTable.sql);
    const current = async () =>
      (
        await client.query<{ v: number }>(bookkeeping.currentVersion.sql, [
          ...bookkeeping.currentVersion.parameters,
        ])
      ).rows[0].v;
    const applied: Migration[] = [];
    for (const migration of migrations) {
      if ((await current()) >= migration.version) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        const record = bookkeeping.record(migration);
        await client.query(record.sql, [...record.parameters]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(
          `migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`,
          { cause: error },
        );
      }
      applied.push(migration);
    }
    return { applied, version: await current() };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
