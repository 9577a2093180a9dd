/**
 * The store engines every store and service test runs on, kysely-style: a test file loops over
 * ENGINES and writes each behaviour once. `fresh()` gives an empty, migrated database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteStore } from '../../service/store/sqlite.js';
import type { Store } from '../../service/store/store.js';

export interface EngineUnderTest {
  name: string;
  /** An empty, migrated database; `location` is what the service's environment needs to open it. */
  fresh: () => Promise<{ store: Store; env: Record<string, string> }>;
  /** Removes what the engine made (temporary files, servers). */
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

export const ENGINES: Array<{ name: string; start: () => Promise<EngineUnderTest> }> = [{ name: 'sqlite', start: sqliteEngine }];
