/**
 * The tests' PostgreSQL: the one server of this run, started by postgres-setup.ts (or the server
 * at POSTGRES_TEST_URL); each caller makes its own databases on it. See
 * scripts/lib/embedded-postgres.ts (shared with the benchmark, which starts its own).
 */
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { connectPostgres, type TestPostgres } from '../../scripts/lib/embedded-postgres.js';

export type { TestPostgres };

/** The run's shared server, once it accepts connections; `stop()` only disconnects from it. */
export async function sharedPostgres(timeoutMs = 120_000): Promise<TestPostgres> {
  const { url, errorFile } = inject('postgres');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(errorFile))
      throw new Error(`the shared PostgreSQL did not start: ${readFileSync(errorFile, 'utf8')}`);
    const probe = new pg.Client({ connectionString: url });
    try {
      await probe.connect();
      await probe.end();
      return connectPostgres(url);
    } catch (error) {
      await probe.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(
          `the shared PostgreSQL (${new URL(url).host}) accepted no connection within ${timeoutMs} ms: ${(error as Error).message}`,
          { cause: error },
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
