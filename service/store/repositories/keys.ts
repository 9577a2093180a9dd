/** Accounts, API keys and settings (store.ts KeyData). */
import type { Engine } from '../engine.js';
import { prepared } from '../prepared.js';
import { ACCOUNT_COLUMNS, keyRow, toAccount, toKey } from '../rows.js';
import type { Db } from '../schema.js';
import type { AccountRecord, Environment, KeyData, KeyRecord } from '../store.js';
import { locksRows } from '../transactions.js';

/** Read on every request (PostgreSQL; SQLite caches them): prepared (prepared.ts). */
const accountById = prepared((db, $: { id: string }) => db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('id', '=', $.id));

const keyByHash = prepared((db, $: { hash: Buffer }, lock) =>
  db
    .selectFrom('api_keys')
    .selectAll()
    .where('hash', '=', $.hash)
    .$if(lock, (query) => query.forUpdate()),
);

export class KeysRepository implements KeyData {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  async createAccount(id: string, tier: number, now: string): Promise<AccountRecord> {
    await this.db.insertInto('accounts').values({ id, tier, created_at: now }).execute();
    this.engine.keyCache?.drop();
    return { id, tier, createdAt: now };
  }

  async findAccount(id: string): Promise<AccountRecord | undefined> {
    const cache = this.engine.keyCache;
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
    const cache = this.engine.keyCache;
    const cached = cache?.key(hash);
    if (cached !== undefined) return cached ?? undefined;
    const generation = cache?.generation ?? 0;
    const [row] = await keyByHash(this.db, { hash }, locksRows(this.db, this.engine));
    const key = row && toKey(row);
    cache?.rememberKey(hash, key ?? null, generation);
    return key;
  }

  async findKeyById(id: string): Promise<KeyRecord | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .$if(locksRows(this.db, this.engine), (query) => query.forUpdate())
      .executeTakeFirst();
    return row && toKey(row);
  }

  async listKeys(): Promise<KeyRecord[]> {
    return (await this.db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id').execute()).map(toKey);
  }

  async listAccountKeys(accountId: string, environment: Environment): Promise<KeyRecord[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).where('environment', '=', environment).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toKey);
  }

  async revokeKey(id: string, now: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    this.engine.keyCache?.drop();
  }

  async setKeyLastUsed(id: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  async countKeys(): Promise<number> {
    const row = await this.db.selectFrom('api_keys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setting(name: string, create: () => string): Promise<string> {
    const read = () => this.db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
    const existing = await read();
    if (existing) return existing.value;
    // Instances starting together may both get here: the first insert wins, and both read it back.
    await this.db.insertInto('settings').values({ name, value: create() }).onConflict((conflict) => conflict.column('name').doNothing()).execute();
    return (await read())!.value;
  }
}
