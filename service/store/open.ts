/**
 * The store the environment asks for: PostgreSQL when DATABASE_URL is set (postgres:// or
 * postgresql://), otherwise SQLite at DATABASE_PATH. Opening applies pending migrations.
 * DATABASE_POOL_SIZE (PostgreSQL) and USAGE_FLUSH_MS (how often meters and "last used" are
 * written, store/write-behind.ts) tune it.
 */
import { databasePath } from '../config.js';
import { PostgresStore, redactUrl } from './postgres.js';
import { SqliteStore } from './sqlite.js';
import type { Store } from './store.js';

export async function openStore(env: NodeJS.ProcessEnv = process.env): Promise<Store> {
  const url = env.DATABASE_URL;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url))
      throw new Error(`DATABASE_URL must be a postgres:// URL; got ${redactUrl(url)}`);
    return PostgresStore.open(url, {
      poolSize: positive(env, 'DATABASE_POOL_SIZE'),
      flushMs: positive(env, 'USAGE_FLUSH_MS'),
    });
  }
  return new SqliteStore(databasePath(env), { flushMs: positive(env, 'USAGE_FLUSH_MS') });
}

/** A positive whole number from the environment, undefined when unset; anything else stops the store opening with the variable's name. */
function positive(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive whole number; got ${JSON.stringify(text.slice(0, 40))}`);
  return value;
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
    console.error(
      `${tool}: cannot open the database (${describeStore(env)}): ${(error as Error).message || error}`,
    );
    process.exit(1);
  }
}
