/**
 * The rate-limit token buckets on PostgreSQL, shared by every instance: the buckets are rows of
 * rate_buckets (UNLOGGED), and each instance leases tokens from them in batches and spends them in
 * its own memory (service/rate-limit-leases.ts has the rules and the bound). lease_tokens() and
 * return_tokens() (migration 006) refill and charge the rows under row locks, one statement per
 * batch. Leases go through the store's own pool, never a caller's transaction: a lease is
 * committed at once, whatever the request does next.
 */
import { sql } from 'kysely';
import { LeasedBuckets, type TokenSource } from '../../../rate-limit-leases.js';
import type { Db } from '../../schema.js';

interface LeaseRow {
  ordinal: number;
  granted: number;
  level: number;
}

export function sharedTokenSource(db: Db): TokenSource {
  return {
    async lease(requests, nowMs) {
      const names = requests.map((request) => request.name);
      const perMinute = requests.map((request) => request.perMinute);
      const wanted = requests.map((request) => request.wanted);
      const { rows } =
        await sql<LeaseRow>`SELECT * FROM lease_tokens(${names}::text[], ${perMinute}::float8[], ${wanted}::float8[], ${Math.floor(nowMs)})`.execute(
          db,
        );
      return requests.map((_, i) => {
        const row = rows.find((candidate) => candidate.ordinal === i + 1);
        if (!row) throw new Error(`lease_tokens answered no row for ${names[i]}`);
        return { granted: row.granted, level: row.level };
      });
    },
    async giveBack(returns, nowMs) {
      const names = returns.map((entry) => entry.name);
      const perMinute = returns.map((entry) => entry.perMinute);
      const amounts = returns.map((entry) => entry.tokens);
      await sql`SELECT return_tokens(${names}::text[], ${perMinute}::float8[], ${amounts}::float8[], ${Math.floor(nowMs)})`.execute(
        db,
      );
    },
  };
}

/** This instance's leases on the shared buckets of the database db. */
export function leasedTokenBuckets(db: Db): LeasedBuckets {
  return new LeasedBuckets(sharedTokenSource(db));
}
