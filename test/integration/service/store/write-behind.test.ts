/**
 * The meters and "last used" are written behind (service/store/write-behind.ts): counted in the
 * store's memory, written in sums every USAGE_FLUSH_MS and when the store closes. Two stores on one
 * database stand for two instances: one sees the other's counts once they are flushed, a close
 * writes everything, a failed write keeps its counts, and the writing store reads its own at once.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../../../service/store/postgres.js';
import { SqliteStore } from '../../../../service/store/sqlite.js';
import type { Store } from '../../../../service/store/store.js';
import { ENGINES, postgresEngine, type EngineUnderTest } from '../../../support/engines.js';

const NOW = '2026-11-21T10:00:00Z';
const FLUSH_MS = 1_000;

/** Runs one statement on the database beside the stores (as an operator would). */
async function statement(env: Record<string, string>, text: string): Promise<void> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(text).finally(() => client.end());
  } else {
    const db = new Database(env.DATABASE_PATH);
    db.exec(text);
    db.close();
  }
}

describe.each(ENGINES)('write-behind meters on $name', ({ start }) => {
  let engine: EngineUnderTest;
  let env: Record<string, string>;
  let reader: Store;
  const open = (flushMs: number): Promise<Store> =>
    env.DATABASE_URL
      ? PostgresStore.open(env.DATABASE_URL, { flushMs })
      : Promise.resolve(new SqliteStore(env.DATABASE_PATH, { flushMs }));

  beforeAll(async () => {
    engine = await start();
    ({ store: reader, env } = await engine.fresh());
    await reader.createAccount('acct_wb', 0, NOW);
    await reader.insertKey({
      id: 'key_wb',
      accountId: 'acct_wb',
      environment: 'live',
      type: 'sk',
      scopes: ['nature:read'],
      hash: Buffer.alloc(32, 3),
      last4: 'abcd',
      name: null,
      createdAt: NOW,
      revokedAt: null,
    });
  }, 120_000);
  afterAll(async () => {
    await reader?.close();
    await engine?.stop();
  });

  it('writes the counts every interval, and everything at close', async () => {
    const writer = await open(FLUSH_MS);
    try {
      for (let i = 0; i < 5; i += 1) {
        await writer.meter('acct_wb', '2026-11');
        await writer.meterDay('acct_wb', '2026-11-21');
      }
      await writer.setKeyLastUsed('key_wb', '2026-11-21T10:01:00Z');
      // Another instance does not see them yet: nothing was written per request.
      expect(await reader.usage('acct_wb', '2026-11')).toBe(0);
      expect((await reader.findKeyById('key_wb'))?.lastUsedAt).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 2.5));
      expect(await reader.usage('acct_wb', '2026-11')).toBe(5);
      expect(await reader.dailyUsage('acct_wb', '2026-11')).toEqual([{ day: '2026-11-21', requests: 5 }]);
      expect((await reader.findKeyById('key_wb'))?.lastUsedAt).toBe('2026-11-21T10:01:00Z');
      for (let i = 0; i < 3; i += 1) await writer.meter('acct_wb', '2026-11');
      await writer.setKeyLastUsed('key_wb', '2026-11-21T10:00:00Z'); // earlier than what is written: never moves back
    } finally {
      await writer.close();
    }
    expect(await reader.usage('acct_wb', '2026-11')).toBe(8);
    expect((await reader.findKeyById('key_wb'))?.lastUsedAt).toBe('2026-11-21T10:01:00Z');
  });

  it('reads its own pending counts at once', async () => {
    const writer = await open(60_000);
    try {
      await Promise.all(Array.from({ length: 7 }, () => writer.meter('acct_own', '2026-11')));
      expect(await writer.usage('acct_own', '2026-11')).toBe(7);
    } finally {
      await writer.close();
    }
  });

  it('keeps the counts of a write that failed, and writes them with the next', async () => {
    const writer = await open(60_000);
    try {
      await writer.meter('acct_retry', '2026-11');
      await statement(env, 'ALTER TABLE usage RENAME TO usage_away');
      await expect(writer.usage('acct_retry', '2026-11')).rejects.toThrow();
      await writer.meter('acct_retry', '2026-11');
      await statement(env, 'ALTER TABLE usage_away RENAME TO usage');
      expect(await writer.usage('acct_retry', '2026-11')).toBe(2);
    } finally {
      await writer.close();
    }
  });
});

// Instances on one database are PostgreSQL's case: a SQLite file belongs to one process (README,
// "Many instances"), and three connections in one thread would wait for each other's locks
// synchronously, blocking the very thread that would release them.
describe('write-behind meters of several instances on postgres', () => {
  let engine: EngineUnderTest;
  let env: Record<string, string>;
  let reader: Store;

  beforeAll(async () => {
    engine = await postgresEngine();
    ({ store: reader, env } = await engine.fresh());
  }, 120_000);
  afterAll(async () => {
    await reader?.close();
    await engine?.stop();
  });

  it('adds up the counts of three instances flushing at once, losing none', async () => {
    // Short intervals, so the three write the same rows many times while the others do.
    const writers = await Promise.all(
      [0, 1, 2].map(() => PostgresStore.open(env.DATABASE_URL, { flushMs: 20 })),
    );
    const accounts = ['acct_sum_a', 'acct_sum_b', 'acct_sum_c'];
    try {
      await Promise.all(
        writers.map(async (writer, w) => {
          for (let i = 0; i < 60; i += 1) {
            // Each instance goes through the accounts in its own order (the rows are written sorted, so no deadlock).
            const account = accounts[(i + w) % accounts.length];
            await writer.meter(account, '2026-11');
            await writer.meterDay(account, '2026-11-21');
            if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 15));
          }
        }),
      );
    } finally {
      await Promise.all(writers.map((writer) => writer.close()));
    }
    for (const account of accounts) {
      expect(await reader.usage(account, '2026-11')).toBe(60);
      expect(await reader.dailyUsage(account, '2026-11')).toEqual([{ day: '2026-11-21', requests: 60 }]);
    }
  });
});
