/**
 * The store engines every store and service test runs on, kysely-style: a test file loops over
 * ENGINES and writes each behaviour once. `start()` once per file; `fresh()` gives an empty,
 * migrated database and the environment a service process needs to open it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PostgresStore } from '../../service/store/postgres.js';
import { SqliteStore } from '../../service/store/sqlite.js';
import type { Store } from '../../service/store/store.js';
import { sharedPostgres } from './postgres.js';

export interface EngineUnderTest {
  name: string;
  /** An empty, migrated database, and the environment (DATABASE_PATH or DATABASE_URL) that opens it. */
  fresh: () => Promise<{ store: Store; env: Record<string, string> }>;
  /** Removes what the engine made (temporary files) and disconnects from the run's shared PostgreSQL. */
  stop: () => Promise<void>;
}

export async function sqliteEngine(): Promise<EngineUnderTest> {
  const dir = await mkdtemp(path.join(tmpdir(), 'store-sqlite-'));
  let count = 0;
  return {
    name: 'sqlite',
    fresh: async () => {
      const file = path.join(dir, `db-${++count}.sqlite`);
      return { store: new SqliteStore(file), env: { DATABASE_PATH: file } };
    },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

export async function postgresEngine(): Promise<EngineUnderTest> {
  const server = await sharedPostgres();
  return {
    name: 'postgres',
    fresh: async () => {
      const url = await server.createDatabase();
      return { store: await PostgresStore.open(url), env: { DATABASE_URL: url } };
    },
    stop: server.stop,
  };
}

export const ENGINES: Array<{ name: string; start: () => Promise<EngineUnderTest> }> = [
  { name: 'sqlite', start: sqliteEngine },
  { name: 'postgres', start: postgresEngine },
];
