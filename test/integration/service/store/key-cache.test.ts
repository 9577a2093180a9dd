/**
 * The key cache on PostgreSQL (engines/postgres/key-cache.ts): every instance caches keys and
 * accounts, and any change to them, by any writer, empties every instance's cache through
 * LISTEN/NOTIFY (migration 007). Two stores on one database stand for two instances; an admin
 * connection plays the operator (and, with triggers switched off, a notification that never came).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AGE_MS } from '../../../../service/store/engines/postgres/key-cache.js';
import { PostgresStore } from '../../../../service/store/postgres.js';
import type { Store } from '../../../../service/store/store.js';
import { postgresEngine, type EngineUnderTest } from '../../../support/engines.js';

const NOW = '2026-11-21T10:00:00Z';

let engine: EngineUnderTest;
let url: string;
let writer: Store;
let reader: Store;
let admin: pg.Client;
let keys = 0;

/** The time a notification takes to arrive on loopback, with room to spare on a busy machine. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 100));

/** A key hash as the store's key lookups take it (service/keys.ts keyDigest). */
const digestOf = (hash: Buffer) => hash.toString('latin1');

/** A new key (and account), once every cache has heard of it: what the reader caches next stays cached. */
async function newKey(account: string): Promise<Buffer> {
  const hash = Buffer.alloc(32, ++keys);
  if (!(await writer.findAccount(account))) await writer.createAccount(account, 1, NOW);
  await writer.insertKey({
    id: `key_cache${keys}`,
    accountId: account,
    environment: 'test',
    type: 'sk',
    scopes: ['nature:read'],
    hash,
    last4: 'abcd',
    name: null,
    createdAt: NOW,
    revokedAt: null,
  });
  await delivered();
  return hash;
}

/** Until the reader's cache is listening (it starts with the store): reads cached from then on. */
async function listening(store: Store): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await admin.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN store_keys' AND datname = current_database()",
    );
    if (rows[0].n >= 2) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no listener for ${store.engine}`);
}

/** A change no trigger sees: as if its notification were lost. */
async function silently(statement: string, values: unknown[]): Promise<void> {
  await admin.query('BEGIN');
  await admin.query("SET LOCAL session_replication_role = 'replica'");
  await admin.query(statement, values);
  await admin.query('COMMIT');
}

beforeAll(async () => {
  engine = await postgresEngine();
  ({
    store: writer,
    env: { DATABASE_URL: url },
  } = await engine.fresh());
  reader = await PostgresStore.open(url);
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await listening(reader);
}, 120_000);
afterAll(async () => {
  await admin?.end();
  await reader?.close();
  await writer?.close();
  await engine?.stop();
});

describe('the key cache on PostgreSQL', () => {
  it('serves a key from memory once read', async () => {
    const hash = await newKey('acct_cache_a');
    expect((await reader.findKeyWithAccount(digestOf(hash)))?.key.revokedAt).toBeNull();
    await silently('UPDATE api_keys SET revoked_at = $1 WHERE hash = $2', [NOW, hash]);
    expect((await reader.findKeyWithAccount(digestOf(hash)))?.key.revokedAt).toBeNull(); // cached: no statement read it
  });

  it('drops a key on every instance when another revokes it, before the revocation returns to its caller', async () => {
    const hash = await newKey('acct_cache_b');
    expect((await reader.findKeyWithAccount(digestOf(hash)))?.key.revokedAt).toBeNull();
    await writer.revokeKey(`key_cache${keys}`, NOW);
    await delivered(); // sent at commit: the multi-instance test sends its next request after the keys CLI has exited
    expect((await reader.findKeyWithAccount(digestOf(hash)))?.key.revokedAt).toBe(NOW);
  });

  it('drops an account when its tier changes, and a key inserted after a miss is found', async () => {
    const missing = Buffer.alloc(32, 200);
    expect(await reader.findKeyWithAccount(digestOf(missing))).toBeUndefined(); // cached as unknown
    const hash = await newKey('acct_cache_c');
    expect((await reader.findKeyWithAccount(digestOf(hash)))?.account?.tier).toBe(1);
    await writer.setAccountTier('acct_cache_c', 3);
    await delivered();
    expect((await reader.findKeyWithAccount(digestOf(hash)))?.account?.tier).toBe(3);
    await admin.query(
      "INSERT INTO api_keys (id, account_id, environment, type, scopes, hash, last4, created_at) VALUES ('key_late', 'acct_cache_c', 'test', 'sk', '[\"nature:read\"]', $1, 'wxyz', $2)",
      [missing, NOW],
    );
    await delivered();
    expect((await reader.findKeyWithAccount(digestOf(missing)))?.key.id).toBe('key_late');
  });

  it('never notifies for what authentication does not read: last used, flushed by the meters', async () => {
    const hash = await newKey('acct_cache_d');
    await reader.findKeyWithAccount(digestOf(hash));
    await silently('UPDATE api_keys SET revoked_at = $1 WHERE hash = $2', [NOW, hash]);
    await writer.setKeyLastUsed(`key_cache${keys}`, NOW);
    await writer.listAccountKeys('acct_cache_d', 'test'); // writes the pending "last used"
    await delivered();
    expect((await reader.findKeyWithAccount(digestOf(hash)))?.key.revokedAt).toBeNull(); // still the cached value
  });

  it(`reads a key again at most ${MAX_AGE_MS} ms after caching it, even when a notification is lost`, async () => {
    const hash = await newKey('acct_cache_e');
    await reader.findKeyWithAccount(digestOf(hash));
    const cachedAt = Date.now();
    await silently('UPDATE api_keys SET revoked_at = $1 WHERE hash = $2', [NOW, hash]);
    while ((await reader.findKeyWithAccount(digestOf(hash)))?.key.revokedAt === null)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const stale = Date.now() - cachedAt;
    expect(stale).toBeGreaterThan(MAX_AGE_MS - 500); // it was cached all along
    expect(stale).toBeLessThanOrEqual(MAX_AGE_MS + 500);
  }, 20_000);

  it('caches nothing while its listening connection is down, and listens again', async () => {
    const hash = await newKey('acct_cache_f');
    await reader.findKeyWithAccount(digestOf(hash));
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN store_keys' AND datname = current_database()",
    );
    await delivered();
    await silently('UPDATE api_keys SET revoked_at = $1 WHERE hash = $2', [NOW, hash]);
    expect((await reader.findKeyWithAccount(digestOf(hash)))?.key.revokedAt).toBe(NOW); // read, not cached
    await listening(reader); // both stores reconnect within a second
    const other = await newKey('acct_cache_f');
    await reader.findKeyWithAccount(digestOf(other));
    await silently('UPDATE api_keys SET revoked_at = $1 WHERE hash = $2', [NOW, other]);
    expect((await reader.findKeyWithAccount(digestOf(other)))?.key.revokedAt).toBeNull(); // cached again
  });
});
