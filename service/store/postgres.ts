/**
 * The server store: PostgreSQL through node-postgres (`DATABASE_URL=postgres://…`), for several
 * instances behind a load balancer. Everything shared lives in the database (engines/postgres/):
 * token buckets (leased in batches by each instance, service/rate-limit-leases.ts), idempotency
 * (a transaction-scoped advisory lock per key), revocations (a key cache every change empties on
 * every instance through LISTEN/NOTIFY), webhook claims (FOR UPDATE SKIP LOCKED under per-endpoint
 * advisory locks). Inside a transaction, finding a subject, assessment, key or endpoint locks its
 * row until the end (FOR UPDATE). The queries are the repositories' (repositories/).
 */
import { Kysely, PostgresDialect } from 'kysely';
import { postgresEngine } from './engines/postgres/engine.js';
import { migratePostgres } from './engines/postgres/migrate.js';
import { createPool, namedStatements } from './engines/postgres/pool.js';
import type { MigrationReport } from './migrations.js';
import { RepositoryStore, type StoreOptions } from './repository-store.js';
import type { Schema } from './schema.js';

export { migratePostgres };

export class PostgresStore extends RepositoryStore {
  private constructor(db: Kysely<Schema>, url: string, migration: MigrationReport, options: StoreOptions) {
    super(db, postgresEngine(db, { connectionString: url }), migration, options);
  }

  /** Connects, applies pending migrations, and returns the store. `poolSize`: DATABASE_POOL_SIZE (engines/postgres/pool.ts has the default). */
  static async open(url: string, options: StoreOptions & { poolSize?: number } = {}): Promise<PostgresStore> {
    const pool = createPool(url, options);
    try {
      const migration = await migratePostgres(pool);
      return new PostgresStore(
        new Kysely<Schema>({ dialect: new PostgresDialect({ pool: namedStatements(pool) }) }),
        url,
        migration,
        options,
      );
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
