/**
 * The rate-limit leases on a real PostgreSQL: lease_tokens() and return_tokens() (migration 006)
 * do the shared buckets' arithmetic, and two stores on one database (two instances) share one
 * bucket through them: what one holds the other cannot spend until it is given back at close.
 * The rules themselves (batch sizes, the bounds) are unit-tested in
 * test/unit/service/rate-limit-leases.test.ts; SQLite keeps its exact in-process buckets
 * (conformance.test.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseSize } from '../../../../service/rate-limit-leases.js';
import { PostgresStore } from '../../../../service/store/postgres.js';
import type { Store } from '../../../../service/store/store.js';
import { postgresEngine, type EngineUnderTest } from '../../../support/engines.js';

let engine: EngineUnderTest;
let url: string;
let store: Store;
let sql: pg.Client;

beforeAll(async () => {
  engine = await postgresEngine();
  ({
    store,
    env: { DATABASE_URL: url },
  } = await engine.fresh());
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await store?.close();
  await engine?.stop();
});

const lease = async (names: string[], perMinute: number[], wanted: number[], nowMs: number) =>
  (
    await sql.query(
      'SELECT ordinal, granted, level FROM lease_tokens($1::text[], $2::float8[], $3::float8[], $4)',
      [names, perMinute, wanted, nowMs],
    )
  ).rows;
const level = async (name: string) =>
  (await sql.query('SELECT tokens FROM rate_buckets WHERE name = $1', [name])).rows[0]?.tokens as
    number | undefined;

describe('rate-limit leases on PostgreSQL', () => {
  it('grants whole tokens up to what a bucket holds, in the order asked, and refills with time', async () => {
    expect(await lease(['lease:b', 'lease:a'], [60, 10], [25, 4], 0)).toEqual([
      { ordinal: 1, granted: 25, level: 35 },
      { ordinal: 2, granted: 4, level: 6 },
    ]);
    expect(await lease(['lease:a'], [10], [8], 0)).toEqual([{ ordinal: 1, granted: 6, level: 0 }]);
    expect(await lease(['lease:a'], [10], [8], 0)).toEqual([{ ordinal: 1, granted: 0, level: 0 }]);
    // 10 a minute: 1.5 tokens after 9 s, one of them whole.
    expect(await lease(['lease:a'], [10], [8], 9_000)).toEqual([{ ordinal: 1, granted: 1, level: 0.5 }]);
    // A clock behind the bucket's refills nothing and never moves it back.
    expect(await lease(['lease:a'], [10], [8], 3_000)).toEqual([{ ordinal: 1, granted: 0, level: 0.5 }]);
  });

  it('takes tokens back up to the bucket size, never beyond', async () => {
    await lease(['lease:c'], [60], [20], 0);
    await sql.query('SELECT return_tokens($1::text[], $2::float8[], $3::float8[], $4)', [
      ['lease:c'],
      [60],
      [15],
      0,
    ]);
    expect(await level('lease:c')).toBe(55);
    await sql.query('SELECT return_tokens($1::text[], $2::float8[], $3::float8[], $4)', [
      ['lease:c'],
      [60],
      [15],
      0,
    ]);
    expect(await level('lease:c')).toBe(60);
  });

  it('gives two instances one bucket: tokens one holds go back at its close for the other', async () => {
    const other = await PostgresStore.open(url);
    try {
      const limits = [{ name: 'key:shared', perMinute: 60 }];
      for (let i = 0; i < 5; i += 1) expect((await other.takeTokens(limits, 1_000)).allowed).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100)); // its background top-up lands: it holds some
      const mine = (
        await Promise.all(Array.from({ length: 100 }, () => store.takeTokens(limits, 1_000)))
      ).filter((d) => d.allowed).length;
      expect(5 + mine).toBeLessThanOrEqual(60);
      expect(5 + mine).toBeGreaterThanOrEqual(60 - leaseSize(60));
      await other.close(); // gives back what it held
      // A second later the bucket has one more token, and everything the other held is back.
      const after = (
        await Promise.all(Array.from({ length: 20 }, () => store.takeTokens(limits, 2_000)))
      ).filter((d) => d.allowed).length;
      expect(5 + mine + after).toBe(61);
    } finally {
      await other.close().catch(() => undefined);
    }
  });

  it('commits a lease at once, even when the transaction that asked for it rolls back', async () => {
    const limits = [{ name: 'key:in_tx', perMinute: 600 }];
    await expect(
      store.transaction(async (tx) => {
        expect((await tx.takeTokens(limits, 1_000)).allowed).toBe(true);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await level('key:in_tx')).toBe(600 - leaseSize(600));
  });
});
