/**
 * What genuinely differs between the engines, and nothing else: every other query is written once
 * in repositories/. Each engine builds one of these in engines/<engine>/engine.ts.
 */
import type { Awaitable } from '../awaitable.js';
import type { BucketLimit, RateDecision } from '../rate-limit.js';
import type { Db } from './schema.js';
import type { AccountRecord, KeyRecord } from './store.js';

export interface Engine {
  readonly name: 'sqlite' | 'postgres';
  /**
   * Whether reads inside a transaction take row locks (SELECT … FOR UPDATE) so a read-modify-write
   * is safe across instances: PostgreSQL. A SQLite transaction (BEGIN IMMEDIATE) already holds the
   * whole database for writing, and SQLite has no FOR UPDATE.
   */
  readonly rowLocks: boolean;
  /**
   * The token buckets (service/rate-limit.ts has the arithmetic): refills the named buckets to
   * nowMs and takes one token from each, or from none when any is empty. SQLite: the process's
   * memory, exact (engines/sqlite/token-buckets.ts); PostgreSQL: tokens leased in batches from
   * rows every instance shares, spent from this instance's memory (engines/postgres/token-buckets.ts,
   * service/rate-limit-leases.ts), never inside the caller's transaction.
   */
  takeTokens(db: Db, limits: BucketLimit[], nowMs: number): Awaitable<RateDecision>;
  /** At shutdown, after the last request: gives back what the engine holds (PostgreSQL: unspent leased tokens). */
  close?(): Promise<void>;
  /**
   * Inside the claim's transaction: leases up to `limit` claimable deliveries (repositories/
   * webhooks.ts `claimable`) to owner until leaseUntilMs, at most one per endpoint, oldest first;
   * returns their sequence numbers. PostgreSQL: advisory locks per endpoint and FOR UPDATE SKIP
   * LOCKED (engines/postgres/claim.ts); SQLite: the single writer (engines/sqlite/claim.ts).
   */
  leaseWebhookDeliveries(
    trx: Db,
    owner: string,
    nowMs: number,
    leaseUntilMs: number,
    limit: number,
  ): Promise<number[]>;
  /** Transaction.lock: holds a named lock until the transaction ends (PostgreSQL: an advisory lock; SQLite: nothing to do). */
  lock(trx: Db, name: string): Promise<void>;
  /**
   * Keys and accounts cached by the process, emptied when another writer changes them: SQLite sees
   * it in PRAGMA data_version, PostgreSQL is told by NOTIFY (engines/<engine>/key-cache.ts).
   */
  readonly keyCache?: KeyCache;
}

/**
 * A cache of keys and accounts (read on every request, changed rarely). `undefined` from a lookup
 * means "not cached"; `null` means "cached as absent". A value read before a drop is never
 * remembered after it: remember* takes the generation seen before the read. Keys are found by
 * their hash's digest string (keys.ts keyDigest: the 32 bytes as latin1 characters), the form a
 * request makes, so no Buffer is turned into a string per lookup.
 */
export interface KeyCache {
  key(digest: string): KeyRecord | null | undefined;
  account(id: string): AccountRecord | null | undefined;
  readonly generation: number;
  rememberKey(digest: string, key: KeyRecord | null, generation: number): void;
  rememberAccount(id: string, account: AccountRecord | null, generation: number): void;
  /** Forgets everything: after this connection writes keys or accounts, or a transaction rolls back. */
  drop(): void;
}
