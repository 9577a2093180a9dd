/**
 * Versioned migrations: one folder per engine (store/migrations/<engine>/), one file per version
 * named `NNN_what.sql`, applied in order and recorded in `schema_migrations`. Adding a migration is
 * adding a file to each engine's folder; a version is never edited once merged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type CompiledQuery, type Kysely } from 'kysely';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The engine's migrations in version order; refuses gaps and duplicate versions, which a merge can cause. */
export function migrationsFor(
  engine: 'sqlite' | 'postgres',
  dir = path.join(MIGRATIONS_DIR, engine),
): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = /^(\d+)_([\w-]+)\.sql$/.exec(file);
      if (!match) throw new Error(`${path.join(dir, file)}: a migration is named NNN_what.sql`);
      return { version: Number(match[1]), name: match[2], sql: readFileSync(path.join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1)
      throw new Error(
        `${dir}: migration versions must run 1, 2, 3… without gaps or repeats; found ${migrations.map((m) => m.version).join(', ')}`,
      );
  });
  return migrations;
}

/** What a migration run did: the versions applied now, and the version the database is at. */
export interface MigrationReport {
  applied: Migration[];
  version: number;
}

export interface MigrationsSchema {
  schema_migrations: { version: number; name: string; applied_at: string };
}

/**
 * The runners' own statements (engines/<engine>/migrate.ts), written once and compiled by `db` in
 * its engine's dialect; each runner executes them on its own connection.
 */
export function migrationBookkeeping(db: Kysely<MigrationsSchema>) {
  return {
    createTable: db.schema
      .createTable('schema_migrations')
      .ifNotExists()
      .addColumn('version', 'integer', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('applied_at', 'text', (column) => column.notNull())
      .compile(),
    currentVersion: db
      .selectFrom('schema_migrations')
      .select((eb) => eb.fn.coalesce(eb.fn.max('version'), sql.lit(0)).as('v'))
      .compile() as CompiledQuery<{ v: number }>,
    record: (migration: Migration) =>
      db
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
        .compile(),
  };
}
