/**
 * The store the environment asks for: PostgreSQL when DATABASE_URL is set (postgres:// or
 * postgresql://), otherwise SQLite at DATABASE_PATH. Opening applies pending migrations.
 */
import { databasePath } from '../config.js';
import { PostgresStore, redactUrl } from './postgres.js';
import { SqliteStore } from './sqlite.js';
import type { Store } from './store.js';

export async function openStore(env: NodeJS.ProcessEnv = process.env): Promise<Store> {
  const url = env.DATABASE_URL;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`DATABASE_URL must be a postgres:// URL; got ${redactUrl(url)}`);
    return PostgresStore.open(url, { poolSize: env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined });
  }
  return new SqliteStore(databasePath(env));
}

/** Where the store lives, for messages (never includes a password). */
export function describeStore(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL ? `PostgreSQL ${redactUrl(env.DATABASE_URL)}` : `SQLite ${databasePath(env)}`;
}

/** openStore for the command-line tools: a database that cannot be opened is one clear line and exit 1, never a stack trace. */
export async function openStoreOrExit(tool: string, env: NodeJS.ProcessEnv = process.env): Promise<Store> {
  try {
    return await openStore(env);
  } catch (error) {
    console.error(`${tool}: cannot open the database (${describeStore(env)}): ${(error as Error).message || error}`);
    process.exit(1);
  }
}
