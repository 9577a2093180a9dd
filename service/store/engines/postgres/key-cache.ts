/**
 * Keys and accounts cached by one instance on PostgreSQL, dropped whenever any instance (or the
 * keys CLI, the dashboard, an operator's SQL) changes them: migration 007's triggers NOTIFY
 * `store_keys` when a transaction that inserts, deletes or updates a key's identity, scopes or
 * revocation, or an account's tier, commits, and each instance LISTENs on a connection of its own.
 *
 * The bound (spec/DECISIONS.md): a change holds on an instance once PostgreSQL has delivered the
 * notification, normally within a millisecond of the commit. Nothing is cached while the listening
 * connection is down (every request reads its key, as without a cache); if a notification is lost
 * while the connection still looks alive (a network that drops packets silently), a cached key is
 * read again at the latest MAX_AGE_MS after it was cached. A read that started before a drop is
 * never cached after it (the generation).
 */
import pg from 'pg';
import type { KeyCache } from '../../engine.js';
import type { AccountRecord, KeyRecord } from '../../store.js';

/** The channel migration 007's triggers notify. */
export const KEY_CHANNEL = 'store_keys';
/** Longest a cached key or account is used without being read again. */
export const MAX_AGE_MS = 5_000;
/** Unknown keys are cached too (a client retrying a bad key), so the cache is bounded. */
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;

interface Entry<T> {
  value: T | null;
  atMs: number;
}

export class NotifiedKeyCache implements KeyCache {
  private readonly keys = new Map<string, Entry<KeyRecord>>();
  private readonly accounts = new Map<string, Entry<AccountRecord>>();
  private listener?: pg.Client;
  private listening = false;
  private closed = false;
  private retry?: NodeJS.Timeout;
  generation = 0;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts listening; until it does (and whenever it cannot), nothing is cached. */
  async start(): Promise<void> {
    if (this.closed || this.listener) return;
    const client = new pg.Client({ ...this.connection, keepAlive: true });
    this.listener = client;
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.listening = false;
      this.drop();
      client.end().catch(() => undefined);
      if (!this.closed) {
        this.retry = setTimeout(() => void this.start(), RECONNECT_MS);
        this.retry.unref();
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.drop());
    try {
      await client.connect();
      await client.query(`LISTEN ${KEY_CHANNEL}`);
      if (this.listener !== client) return;
      this.drop(); // whatever was read before we listened may have changed unseen
      this.listening = true;
    } catch {
      lost();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.listening = false;
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }

  key(digest: string): KeyRecord | null | undefined {
    return this.fresh(this.keys.get(digest));
  }

  account(id: string): AccountRecord | null | undefined {
    return this.fresh(this.accounts.get(id));
  }

  rememberKey(digest: string, key: KeyRecord | null, generation: number): void {
    this.remember(this.keys, digest, key, generation);
  }

  rememberAccount(id: string, account: AccountRecord | null, generation: number): void {
    this.remember(this.accounts, id, account, generation);
  }

  drop(): void {
    this.generation += 1;
    this.keys.clear();
    this.accounts.clear();
  }

  private fresh<T>(entry: Entry<T> | undefined): T | null | undefined {
    if (!entry || !this.listening || this.clock() - entry.atMs > MAX_AGE_MS) return undefined;
    return entry.value;
  }

  private remember<T>(entries: Map<string, Entry<T>>, id: string, value: T | null, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(id, { value, atMs: this.clock() });
  }
}
