/**
 * Keys and accounts cached by the process that owns the SQLite file. The cache is dropped when this
 * connection changes them (the keys repository says so) or when another connection (the keys CLI)
 * commits anything, which PRAGMA data_version reveals at almost no cost; it is looked at most every
 * 25 ms, so a revocation made with the CLI holds within that.
 */
import type Database from 'better-sqlite3';
import type { KeyCache } from '../../engine.js';
import type { AccountRecord, KeyRecord } from '../../store.js';

/** Unknown keys are cached too (a client retrying a bad key), so the cache is bounded. */
const MAX_KEYS = 10_000;

export class DataVersionKeyCache implements KeyCache {
  private readonly keys = new Map<string, KeyRecord | null>();
  private readonly accounts = new Map<string, AccountRecord | null>();
  private readonly readDataVersion: () => number;
  private dataVersion = -1;
  private checkedMs = 0;
  generation = 0;

  constructor(database: Database.Database) {
    const statement = database.prepare('PRAGMA data_version').pluck();
    this.readDataVersion = () => statement.get() as number;
  }

  key(digest: string): KeyRecord | null | undefined {
    this.freshen();
    return this.keys.get(digest);
  }

  account(id: string): AccountRecord | null | undefined {
    this.freshen();
    return this.accounts.get(id);
  }

  rememberKey(digest: string, key: KeyRecord | null, generation: number): void {
    if (generation !== this.generation) return;
    if (this.keys.size >= MAX_KEYS) this.keys.clear();
    this.keys.set(digest, key);
  }

  rememberAccount(id: string, account: AccountRecord | null, generation: number): void {
    if (generation !== this.generation) return;
    if (this.accounts.size >= MAX_KEYS) this.accounts.clear();
    this.accounts.set(id, account);
  }

  drop(): void {
    this.generation += 1;
    this.checkedMs = 0;
    this.keys.clear();
    this.accounts.clear();
  }

  private freshen(): void {
    const now = Date.now();
    if (now - this.checkedMs < 25) return;
    this.checkedMs = now;
    const version = this.readDataVersion();
    if (version !== this.dataVersion) {
      this.drop();
      this.dataVersion = version;
      this.checkedMs = now;
    }
  }
}
