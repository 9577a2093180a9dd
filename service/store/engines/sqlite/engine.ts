/** SQLite's specials (store/engine.ts): the process's token buckets, the single-writer claim, no row or named locks, the key cache. */
import type Database from 'better-sqlite3';
import type { Engine } from '../../engine.js';
import { leaseDueDeliveries } from './claim.js';
import { DataVersionKeyCache } from './key-cache.js';
import { processTokenBuckets } from './token-buckets.js';

export function sqliteEngine(database: Database.Database): Engine {
  const take = processTokenBuckets();
  return {
    name: 'sqlite',
    rowLocks: false,
    takeTokens: (_db, limits, nowMs) => take(limits, nowMs),
    leaseWebhookDeliveries: leaseDueDeliveries,
    // One transaction at a time on the one connection: a named lock has nothing left to exclude.
    lock: async () => undefined,
    keyCache: new DataVersionKeyCache(database),
  };
}
