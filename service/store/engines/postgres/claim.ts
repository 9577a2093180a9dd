/**
 * Leasing webhook deliveries on PostgreSQL, where several dispatchers (instances) claim at once.
 * Two statements in the claim's transaction. First, try-lock (never wait) a transaction-scoped
 * advisory lock per endpoint that has a claimable delivery, oldest first, until `limit` are held:
 * an endpoint another dispatcher is claiming right now is skipped. Second, in a fresh snapshot
 * (which sees every claim committed before we got our locks), the claimable deliveries of those
 * endpoints, FOR UPDATE OF d SKIP LOCKED, and the UPDATE that sets the lease.
 *
 * Row locks alone already stop two dispatchers leasing one delivery; the endpoint locks keep "one
 * in flight per endpoint" when dispatchers' statement snapshots or clocks differ (one at nowMs =
 * 8999 leasing an endpoint's second delivery while another at 9000 leases its first, now due
 * again, before the first's lease is committed).
 */
import { sql } from 'kysely';
import { claimable } from '../../repositories/webhooks.js';
import type { Db } from '../../schema.js';
import { WEBHOOK_CLAIM_LOCK } from './locks.js';

export async function leaseDueDeliveries(
  trx: Db,
  owner: string,
  nowMs: number,
  leaseUntilMs: number,
  limit: number,
): Promise<number[]> {
  const locked = await trx
    .with(
      (cte) => cte('candidates').materialized(),
      (db) =>
        db
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
          .where(claimable(nowMs))
          .select((eb) => ['d.endpoint_id', eb.fn.min('d.seq').as('first')])
          .groupBy('d.endpoint_id'),
    )
    .with(
      (cte) => cte('ordered').materialized(),
      (db) => db.selectFrom('candidates').select('endpoint_id').orderBy('first'),
    )
    .selectFrom('ordered')
    .select('endpoint_id')
    .where(sql<boolean>`pg_try_advisory_xact_lock(${sql.lit(WEBHOOK_CLAIM_LOCK)}, hashtext(endpoint_id))`)
    .limit(limit)
    .execute();
  const endpoints = locked.map((row) => row.endpoint_id);
  if (endpoints.length === 0) return [];
  const leased = await trx
    .with('due', (db) =>
      db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select('d.seq')
        .where(claimable(nowMs))
        .where('d.endpoint_id', 'in', endpoints)
        .orderBy('d.seq')
        .limit(limit)
        .forUpdate('d')
        .skipLocked(),
    )
    .updateTable('webhook_deliveries as w')
    .from('due')
    .set({ lease_until_ms: leaseUntilMs, lease_owner: owner })
    .whereRef('w.seq', '=', 'due.seq')
    .returning('w.seq')
    .execute();
  return leased.map((row) => row.seq);
}
