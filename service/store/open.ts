/**
 * The store the environment asks for: PostgreSQL when DATABASE_URL is set, otherwise SQLite at
 * DATABASE_PATH. Opening applies pending migrations.
 */
import { databasePath } from '../config.js';
import { SqliteStore } from './sqlite.js';
import type { Store } from './store.js';

export async function openStore(env: NodeJS.ProcessEnv = process.env): Promise<Store> {
  return new SqliteStore(databasePath(env));
}

/** Where the store lives, for messages (never includes a password). */
export function describeStore(env: NodeJS.ProcessEnv = process.env): string {
  return `SQLite ${databasePath(env)}`;
}
