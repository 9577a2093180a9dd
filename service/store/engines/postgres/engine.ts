/**
 * PostgreSQL's specials (store/engine.ts): token buckets leased in batches from rows every instance
 * shares, the SKIP LOCKED claim, advisory locks, row locks, no key cache (a revocation holds on
 * every instance from the next request).
 */
import type { Engine } from '../../engine.js';
import type { Db } from '../../schema.js';
import { leaseDueDeliveries } from './claim.js';
import { transactionLock } from './locks.js';
import { leasedTokenBuckets } from './token-buckets.js';

/** `db`: the store's own database (not a transaction), which the rate-limit leases are taken through. */
export function postgresEngine(db: Db): Engine {
  const buckets = leasedTokenBuckets(db);
  return {
    name: 'postgres',
    rowLocks: true,
    takeTokens: (_db, limits, nowMs) => buckets.take(limits, nowMs),
    leaseWebhookDeliveries: leaseDueDeliveries,
    lock: transactionLock,
    close: () => buckets.close(),
  };
}
