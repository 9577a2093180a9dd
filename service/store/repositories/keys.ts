/** Accounts, API keys and settings (store.ts KeyData). */
import type { Awaitable } from '../../awaitable.js';
import type { Engine, KeyCache } from '../engine.js';
import { prepared } from '../prepared.js';
import { ACCOUNT_COLUMNS, KEY_COLUMNS, keyRow, toAccount, toKey } from '../rows.js';
import type { Db } from '../schema.js';
import type { AccountRecord, Environment, KeyData, KeyRecord, KeyWithAccount } from '../store.js';
import { locksRows } from '../transactions.js';
import { pendingWritten, type WriteBehind } from '../write-behind.js';

/** Read when the key cache does not hold them: prepared (prepared.ts). */
const accountById = prepared((db, $: { id: string }) =>
  db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('id', '=', $.id),
);

const keyByHash = prepared((db, $: { hash: Buffer }, lock) =>
  db
    .selectFrom('api_keys')
    .select(KEY_COLUMNS)
    .where('hash', '=', $.hash)
    .$if(lock, (query) => query.forUpdate()),
);

/** A request's key and its account's tier in one round trip, when the key cache does not hold them. */
const keyWithAccountByHash = prepared((db, $: { hash: Buffer }) =>
  db
    .selectFrom('api_keys')
    .leftJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select(KEY_COLUMNS.map((column) => `api_keys.${column}` as const))
    .select(['accounts.tier as account_tier', 'accounts.created_at as account_created_at'])
    .where('api_keys.hash', '=', $.hash),
);

async function readKeyWithAccount(db: Db, hash: Buffer): Promise<KeyWithAccount | undefined> {
  const [row] = await keyWithAccountByHash(db, { hash }, false);
  if (!row) return undefined;
  const account =
    row.account_tier === null || row.account_created_at === null
      ? undefined
      : toAccount({ id: row.account_id, tier: row.account_tier, created_at: row.account_created_at });
  return { key: toKey(row), account };
}

/** A key digest (keys.ts keyDigest) as the bytes the database stores. */
const digestBytes = (digest: string): Buffer => Buffer.from(digest, 'latin1');

/** Reads of keys under way, per cache (findKeyWithAccount). */
const flightsByCache = new WeakMap<KeyCache, Map<string, Promise<KeyWithAccount | undefined>>>();
const flightsOf = (cache: KeyCache) => {
  let flights = flightsByCache.get(cache);
  if (!flights) flightsByCache.set(cache, (flights = new Map()));
  return flights;
};

/**
 * The engine's key cache, except for reads that lock their rows inside a transaction (PostgreSQL):
 * those must read, and lock, the row itself.
 */
const cacheFor = (db: Db, engine: Engine) => (locksRows(db, engine) ? undefined : engine.keyCache);

/**
 * The key and its account read from the database and remembered in the cache. One read per key at
 * a time: requests arriving together for a key not cached (a cold start, entries past their age)
 * share it. Only requests of the same generation share, so one that arrives after a drop (a
 * revocation) never gets a read that started before it.
 */
async function readThroughCache(
  db: Db,
  cache: KeyCache,
  digest: string,
): Promise<KeyWithAccount | undefined> {
  const generation = cache.generation;
  const flights = flightsOf(cache);
  const flight = `${generation}:${digest}`;
  let read = flights.get(flight);
  if (!read) {
    read = readKeyWithAccount(db, digestBytes(digest)).finally(() => flights.delete(flight));
    flights.set(flight, read);
    const found = await read;
    cache.rememberKey(digest, found?.key ?? null, generation);
    if (found) cache.rememberAccount(found.key.accountId, found.account ?? null, generation);
    return found;
  }
  return read;
}

export class KeysRepository implements KeyData {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
    private readonly writeBehind: WriteBehind,
  ) {}

  async createAccount(id: string, tier: number, now: string): Promise<AccountRecord> {
    await this.db.insertInto('accounts').values({ id, tier, created_at: now }).execute();
    this.engine.keyCache?.drop();
    return { id, tier, createdAt: now };
  }

  async findAccount(id: string): Promise<AccountRecord | undefined> {
    const cache = cacheFor(this.db, this.engine);
    const cached = cache?.account(id);
    if (cached !== undefined) return cached ?? undefined;
    const generation = cache?.generation ?? 0;
    const [row] = await accountById(this.db, { id }, false);
    const account = row && toAccount(row);
    cache?.rememberAccount(id, account ?? null, generation);
    return account;
  }

  async setAccountTier(id: string, tier: number): Promise<void> {
    await this.db.updateTable('accounts').set({ tier }).where('id', '=', id).execute();
    this.engine.keyCache?.drop();
  }

  async insertKey(key: KeyRecord): Promise<void> {
    await this.db.insertInto('api_keys').values(keyRow(key)).execute();
    this.engine.keyCache?.drop();
  }

  async findKeyByHash(hash: Buffer): Promise<KeyRecord | undefined> {
    const cache = cacheFor(this.db, this.engine);
    const digest = hash.toString('latin1');
    const cached = cache?.key(digest);
    if (cached !== undefined) return cached ?? undefined;
    const generation = cache?.generation ?? 0;
    const [row] = await keyByHash(this.db, { hash }, locksRows(this.db, this.engine));
    const key = row && toKey(row);
    cache?.rememberKey(digest, key ?? null, generation);
    return key;
  }

  /** At once when the key cache holds the key and its account (outside a transaction that locks rows); otherwise read through it. */
  findKeyWithAccount(digest: string): Awaitable<KeyWithAccount | undefined> {
    const cache = cacheFor(this.db, this.engine);
    if (!cache) return readKeyWithAccount(this.db, digestBytes(digest));
    const cachedKey = cache.key(digest);
    if (cachedKey === null) return undefined;
    if (cachedKey !== undefined) {
      const cachedAccount = cache.account(cachedKey.accountId);
      if (cachedAccount !== undefined) return { key: cachedKey, account: cachedAccount ?? undefined };
    }
    return readThroughCache(this.db, cache, digest);
  }

  async findKeyById(id: string): Promise<KeyRecord | undefined> {
    await pendingWritten(this.db, this.writeBehind); // "last used" as this store knows it
    const row = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .$if(locksRows(this.db, this.engine), (query) => query.forUpdate())
      .executeTakeFirst();
    return row && toKey(row);
  }

  async listAccounts(): Promise<AccountRecord[]> {
    return (
      await this.db
        .selectFrom('accounts')
        .select(ACCOUNT_COLUMNS)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map(toAccount);
  }

  async listKeys(): Promise<KeyRecord[]> {
    await pendingWritten(this.db, this.writeBehind); // "last used" as this store knows it
    return (
      await this.db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id').execute()
    ).map(toKey);
  }

  async listAccountKeys(accountId: string, environment: Environment): Promise<KeyRecord[]> {
    await pendingWritten(this.db, this.writeBehind); // "last used" as this store knows it
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('environment', '=', environment)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toKey);
  }

  async revokeKey(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    this.engine.keyCache?.drop();
  }

  /** Written with the meters, every few seconds (write-behind.ts); never moves back in time. */
  async setKeyLastUsed(id: string, at: string): Promise<void> {
    this.writeBehind.keyUsed(id, at);
  }

  async countKeys(): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setting(name: string, create: () => string): Promise<string> {
    const read = () =>
      this.db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
    const existing = await read();
    if (existing) return existing.value;
    // Instances starting together may both get here: the first insert wins, and both read it back.
    await this.db
      .insertInto('settings')
      .values({ name, value: create() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    return (await read())!.value;
  }
}
