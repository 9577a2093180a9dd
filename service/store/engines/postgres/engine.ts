/** PostgreSQL's specials (store/engine.ts): take_tokens(), the SKIP LOCKED claim, advisory locks, row locks, no key cache (a revocation holds on every instance from the next request). */
import type { Engine } from '../../engine.js';
import { leaseDueDeliveries } from './claim.js';
import { transactionLock } from './locks.js';
import { takeTokens } from './token-buckets.js';

export function postgresEngine(): Engine {
  return {
    name: 'postgres',
    rowLocks: true,
    takeTokens,
    leaseWebhookDeliveries: leaseDueDeliveries,
    lock: transactionLock,
  };
}
