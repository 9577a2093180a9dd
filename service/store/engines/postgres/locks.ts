/**
 * PostgreSQL advisory locks. Keys in separate spaces: MIGRATION_LOCK (one key), the webhook claim's
 * per-endpoint locks (two-key form, class WEBHOOK_CLAIM_LOCK), and Transaction.lock's names
 * (hashtextextended of the name, one 64-bit key).
 */
import { sql } from 'kysely';
import type { Db } from '../../schema.js';

/** One advisory lock for migrations: instances starting together apply each version once. */
export const MIGRATION_LOCK = 1_729_001;

/** The class of the per-endpoint advisory locks a webhook claim takes: `(WEBHOOK_CLAIM_LOCK, hashtext(endpoint_id))`. */
export const WEBHOOK_CLAIM_LOCK = 1_729_002;

/** Transaction.lock: waits for, then holds until the transaction ends, the lock of this name (on every instance). */
export async function transactionLock(trx: Db, name: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}
