/**
 * The server store: PostgreSQL through node-postgres (`DATABASE_URL=postgres://…`), for several
 * instances behind a load balancer. Everything shared lives in the database (engines/postgres/):
 * token buckets (take_tokens(), one statement), idempotency (a transaction-scoped advisory lock per
 * key), revocations (no key cache), webhook claims (FOR UPDATE SKIP LOCKED under per-endpoint
 * advisory locks). Inside a transaction, finding a subject, assessment, key or endpoint locks its
 * row until the end (FOR UPDATE). The queries are the repositories' (repositories/).
 */
import { Kysely, PostgresDialect } from 'kysely';
import { postgresEngine } from './engines/postgres/engine.js';
import { migratePostgres } from './engines/postgres/migrate.js';
import { createPool } from './engines/postgres/pool.js';
import type { MigrationReport } from './migrations.js';
import { RepositoryStore } from './repository-store.js';
import type { Schema } from './schema.js';

export { migratePostgres };

export class PostgresStore extends RepositoryStore {
  private constructor(db: Kysely<Schema>, migration: MigrationReport) {
    super(db, postgresEngine(), migration);
  }

  /** Connects, applies pending migrations, and returns the store. */
  static async open(url: string, options: { poolSize?: number } = {}): Promise<PostgresStore> {
    const pool = createPool(url, options);
    try {
      const migration = await migratePostgres(pool);
      return new PostgresStore(new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }), migration);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
}

/** `postgres://user:***@host:port/db`: the URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}
