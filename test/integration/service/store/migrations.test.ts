/**
 * Versioned migrations: applied from an empty database and from a database made before
 * migrations were versioned, once each; `npm run migrate` does the same from the command line (its
 * code as one bundle, entry-bundle.ts; cli-options.test.ts starts it with tsx, as the script does);
 * a merge that leaves two migrations with one number is refused.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledArgs } from '../../../../scripts/lib/entry-bundle.js';
import { freePort } from '../../../../scripts/lib/processes.js';
import { migrationsFor } from '../../../../service/store/migrations.js';
import pg from 'pg';
import { migratePostgres, PostgresStore } from '../../../../service/store/postgres.js';
import { SqliteStore } from '../../../../service/store/sqlite.js';
import { sharedPostgres, type TestPostgres } from '../../../support/postgres.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('migration versions', () => {
  it('mean the same change on every engine', () => {
    const names = (engine: 'sqlite' | 'postgres') =>
      migrationsFor(engine).map((m) => `${String(m.version).padStart(3, '0')}_${m.name}`);
    expect(names('sqlite')).toEqual(names('postgres'));
  });
});

describe('sqlite migrations', () => {
  it('bring an empty database to the newest version, and apply nothing the second time', async () => {
    const file = path.join(dir, 'empty.db');
    const newest = migrationsFor('sqlite').at(-1)!.version;
    const first = new SqliteStore(file);
    expect(first.migration.applied.map((m) => m.version)).toEqual(
      Array.from({ length: newest }, (_, i) => i + 1),
    );
    expect(first.migration.version).toBe(newest);
    await first.close();
    const second = new SqliteStore(file);
    expect(second.migration.applied).toEqual([]);
    expect(second.migration.version).toBe(newest);
    await second.close();
  });

  it('adopt a database made by the unversioned service and keep its data', async () => {
    const file = path.join(dir, 'unversioned.db');
    const old = new Database(file);
    old.exec(migrationsFor('sqlite')[0].sql); // the unversioned service created exactly this schema
    old
      .prepare("INSERT INTO accounts (id, tier, created_at) VALUES ('acct_old', 2, '2026-01-01T00:00:00Z')")
      .run();
    old
      .prepare(
        "INSERT INTO subjects (id, account_id, environment, created_at, consent_json, metadata_json) VALUES ('subj_old', 'acct_old', 'test', '2026-01-01T00:00:00Z', '{}', '{}')",
      )
      .run();
    old.close();
    const store = new SqliteStore(file);
    expect(store.migration.applied[0].version).toBe(1);
    expect((await store.findAccount('acct_old'))?.tier).toBe(2);
    expect((await store.findSubject({ accountId: 'acct_old', environment: 'test' }, 'subj_old'))?.id).toBe(
      'subj_old',
    );
    await store.close();
  });

  it('upgrade a database made on the webhooks branch, where 002 was webhooks, without failing on its tables', async () => {
    const file = path.join(dir, 'webhooks-branch.db');
    const all = migrationsFor('sqlite');
    const webhooks = all.find((m) => m.name === 'webhooks')!;
    const old = new Database(file);
    old.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    old.exec(all[0].sql);
    old.exec(webhooks.sql);
    old
      .prepare(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (1, 'initial', '2026-11-01T00:00:00Z'), (2, 'webhooks', '2026-11-01T00:00:00Z')",
      )
      .run();
    old
      .prepare(
        "INSERT INTO webhook_endpoints (id, account_id, environment, url, secret_ciphertext, status, created_at) VALUES ('we_old', 'acct_old', 'test', 'https://example.com/hook', 'sealed', 'enabled', '2026-11-01T00:00:00Z')",
      )
      .run();
    old.close();
    const store = new SqliteStore(file);
    expect(store.migration.applied.map((m) => m.version)).toEqual(
      all.filter((m) => m.version > 2).map((m) => m.version),
    );
    expect((await store.findWebhookEndpoint('we_old'))?.url).toBe('https://example.com/hook');
    await store.close();
  });

  it('npm run migrate applies them on DATABASE_PATH and says so', async () => {
    const file = path.join(dir, 'cli.db');
    const run = async () =>
      promisify(execFile)(process.execPath, await bundledArgs('service/migrate-cli.ts'), {
        env: { ...process.env, DATABASE_PATH: file },
      });
    const first = await run();
    expect(first.stdout).toMatch(/^applied 001_initial$/m);
    expect(first.stdout).toMatch(/schema at version \d+$/m);
    const second = await run();
    expect(second.stdout).toMatch(/already current/);
    expect(second.stdout).not.toMatch(/applied/);
  }, 60_000);

  it('refuse two migrations with one number (a merge of two branches) and gaps', async () => {
    const clash = path.join(dir, 'clash');
    await mkdir(clash);
    await writeFile(path.join(clash, '001_initial.sql'), 'SELECT 1;');
    await writeFile(path.join(clash, '002_webhooks.sql'), 'SELECT 1;');
    await writeFile(path.join(clash, '002_users.sql'), 'SELECT 1;');
    expect(() => migrationsFor('sqlite', clash)).toThrow(/without gaps or repeats; found 1, 2, 2/);
    const gap = path.join(dir, 'gap');
    await mkdir(gap);
    await writeFile(path.join(gap, '001_initial.sql'), 'SELECT 1;');
    await writeFile(path.join(gap, '003_later.sql'), 'SELECT 1;');
    expect(() => migrationsFor('sqlite', gap)).toThrow(/found 1, 3/);
  });
});

describe('postgres migrations', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await sharedPostgres();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('upgrade a database at the previous version and keep its data', async () => {
    const url = await server.createDatabase();
    const all = migrationsFor('postgres');
    const pool = new pg.Pool({ connectionString: url });
    const previous = await migratePostgres(pool, all.slice(0, -1));
    expect(previous.version).toBe(all.length - 1);
    await pool.query(
      "INSERT INTO accounts (id, tier, created_at) VALUES ('acct_prev', 1, '2026-01-01T00:00:00Z')",
    );
    await pool.end();
    const store = await PostgresStore.open(url);
    expect(store.migration.applied.map((m) => m.version)).toEqual([all.length]);
    expect((await store.findAccount('acct_prev'))?.tier).toBe(1);
    await store.close();
  });

  it('apply each version once when instances start together on an empty database', async () => {
    const url = await server.createDatabase();
    const stores = await Promise.all([
      PostgresStore.open(url),
      PostgresStore.open(url),
      PostgresStore.open(url),
    ]);
    const applied = stores.flatMap((store) => store.migration.applied.map((m) => m.version));
    expect(applied.sort((a, b) => a - b)).toEqual(migrationsFor('postgres').map((m) => m.version));
    expect(new Set(stores.map((store) => store.migration.version)).size).toBe(1);
    await Promise.all(stores.map((store) => store.close()));
  });

  it('npm run migrate says in one line why it cannot open an unreachable database, without the password', async () => {
    const port = await freePort(); // nothing listens there
    const failed = await promisify(execFile)(process.execPath, await bundledArgs('service/migrate-cli.ts'), {
      env: { ...process.env, DATABASE_URL: `postgres://app:hunter2secret@127.0.0.1:${port}/db` },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(
      /^migrate: cannot open the database \(PostgreSQL postgres:\/\/app:\*\*\*@127\.0\.0\.1:\d+\/db\): .*ECONNREFUSED/m,
    );
    expect(failed?.stderr).not.toContain('hunter2secret');
    expect(failed?.stderr).not.toMatch(/\n\s+at /); // no stack trace
  }, 60_000);

  it('npm run migrate applies them on DATABASE_URL and never prints the password', async () => {
    const url = await server.createDatabase();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      await bundledArgs('service/migrate-cli.ts'),
      {
        env: { ...process.env, DATABASE_URL: url },
      },
    );
    expect(stdout).toMatch(/^applied 001_initial$/m);
    expect(stdout).toMatch(/PostgreSQL postgres:\/\/postgres:\*\*\*@/);
    expect(stdout).not.toContain(new URL(url).password);
  }, 60_000);
});
