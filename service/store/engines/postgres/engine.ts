/**
 * PostgreSQL's specials (store/engine.ts): token buckets leased in batches from rows every instance
 * shares, the SKIP LOCKED claim, advisory locks, row locks, and a key cache every change to keys
 * or accounts empties through LISTEN/NOTIFY (key-cache.ts).
 */
import type pg from 'pg';
import type { Engine } from '../../engine.js';
import type { Db } from '../../schema.js';
import { leaseDueDeliveries } from './claim.js';
import { NotifiedKeyCache } from './key-cache.js';
import { transactionLock } from './locks.js';
import { leasedTokenBuckets } from './token-buckets.js';

/**
 * `db`: the store's own database (not a transaction), which the rate-limit leases are taken
 * through; `connection`: how to open the key cache's listening connection.
 */
export function postgresEngine(db: Db, connection: pg.ClientConfig): Engine {
  const buckets = leasedTokenBuckets(db);
  const keyCache = new NotifiedKeyCache(connection);
  void keyCache.start(); // caches nothing until it listens
  return {
    name: 'postgres',
    rowLocks: true,
    takeTokens: (_db, limits, nowMs) => buckets.take(limits, nowMs),
    leaseWebhookDeliveries: leaseDueDeliveries,
    lock: transactionLock,
    keyCache,
    close: async () => {
      await buckets.close();
      await keyCache.close();
    },
  };
}
