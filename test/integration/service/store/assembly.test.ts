/**
 * How the store is assembled from repositories (service/store/repository-store.ts), on every
 * engine: a transaction sees what is set on its store, prepared lookups keep one compiled query
 * per engine, and the SQLite key cache never keeps a value read before it was dropped.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataVersionKeyCache } from '../../../../service/store/engines/sqlite/key-cache.js';
import type { KeyRecord, Scope, Store } from '../../../../service/store/store.js';
import { ENGINES, postgresEngine, sqliteEngine, type EngineUnderTest } from '../../../support/engines.js';

const SCOPE: Scope = { accountId: 'acct_assembly', environment: 'test' };
const NOW = '2026-11-21T10:00:00Z';
const subject = (id: string) => ({
  id,
  createdAt: NOW,
  consentArtifact: { consent_text_version: '2026-01' },
  metadata: {},
});
const key = (hash: Buffer): KeyRecord => ({
  id: 'key_assembly',
  accountId: 'acct_assembly',
  environment: 'test',
  type: 'sk',
  scopes: ['nature:read'],
  hash,
  last4: 'abcd',
  name: null,
  createdAt: NOW,
  revokedAt: null,
});

describe.each(ENGINES)('store assembly on $name', ({ start }) => {
  let engine: EngineUnderTest;
  let store: Store;
  beforeAll(async () => {
    engine = await start();
    store = (await engine.fresh()).store;
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await engine?.stop();
  });

  it('runs a method replaced on the store inside its transactions too', async () => {
    const original = store.insertSubject;
    const seen: string[] = [];
    store.insertSubject = function (this: Store, scope, row) {
      seen.push(row.id);
      return original.call(this, scope, row);
    };
    try {
      await store.transaction(async (tx) => {
        await tx.insertSubject(SCOPE, subject('subj_patched_tx'));
      });
      await store.insertSubject(SCOPE, subject('subj_patched_outside'));
    } finally {
      store.insertSubject = original;
    }
    expect(seen).toEqual(['subj_patched_tx', 'subj_patched_outside']);
    expect(await store.findSubject(SCOPE, 'subj_patched_tx')).toBeDefined();
  });

  it('answers each prepared lookup with the values of its own call, inside and outside transactions', async () => {
    for (const id of ['subj_prep_a', 'subj_prep_b']) await store.insertSubject(SCOPE, subject(id));
    const [a, b] = await Promise.all([
      store.findSubject(SCOPE, 'subj_prep_a'),
      store.findSubject(SCOPE, 'subj_prep_b'),
    ]);
    expect([a?.id, b?.id]).toEqual(['subj_prep_a', 'subj_prep_b']);
    const inside = await store.transaction(async (tx) => [
      await tx.findSubject(SCOPE, 'subj_prep_b'),
      await tx.findSubject({ ...SCOPE, environment: 'live' }, 'subj_prep_b'),
    ]);
    expect(inside.map((row) => row?.id)).toEqual(['subj_prep_b', undefined]);
  });

  it('never shows a read outside a transaction what the open transaction writes and then rolls back', async () => {
    let started!: () => void;
    const open = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const rolledBack = store
      .transaction(async (tx) => {
        await tx.insertSubject(SCOPE, subject('subj_rolled_back'));
        started();
        await held;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await open;
    // SQLite's one connection is held by the transaction: the read must wait, not run on it now.
    const outside = store.findSubject(SCOPE, 'subj_rolled_back');
    finish();
    expect(await rolledBack).toBe('roll back');
    expect(await outside).toBeUndefined();
    expect(await store.findSubject(SCOPE, 'subj_rolled_back')).toBeUndefined();
  });

  it('sees a revocation at once even while a read of the key is under way', async () => {
    const hash = Buffer.alloc(32, 42);
    await store.createAccount('acct_assembly', 1, NOW);
    await store.insertKey(key(hash));
    const before = store.findKeyByHash(hash); // under way while the key is revoked
    await store.revokeKey('key_assembly', NOW);
    expect((await before)?.id).toBe('key_assembly');
    expect((await store.findKeyByHash(hash))?.revokedAt).toBe(NOW);
  });
});

describe('prepared lookups on two engines in one process', () => {
  let engines: EngineUnderTest[] = [];
  let stores: Store[] = [];
  beforeAll(async () => {
    engines = [await sqliteEngine(), await postgresEngine()];
    stores = await Promise.all(engines.map(async (engine) => (await engine.fresh()).store));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all(engines.map((engine) => engine.stop()));
  });

  it('compile once per engine, each in its own dialect', async () => {
    for (const [index, store] of stores.entries())
      await store.insertSubject(SCOPE, subject(`subj_two_${index}`));
    for (let round = 0; round < 2; round += 1) {
      for (const [index, store] of stores.entries())
        expect((await store.findSubject(SCOPE, `subj_two_${index}`))?.id).toBe(`subj_two_${index}`);
    }
  });
});

describe('the SQLite key cache', () => {
  it('does not keep a value read before it was dropped', () => {
    const database = new Database(':memory:');
    const cache = new DataVersionKeyCache(database);
    const hash = Buffer.alloc(32, 1);
    const digest = hash.toString('latin1');
    expect(cache.key(digest)).toBeUndefined(); // a read: not cached (and the database's data_version noted)
    const readAt = cache.generation;
    cache.drop(); // a revocation committed while the read was under way
    cache.rememberKey(digest, key(hash), readAt);
    expect(cache.key(digest)).toBeUndefined();
    cache.rememberKey(digest, key(hash), cache.generation);
    expect(cache.key(digest)?.id).toBe('key_assembly');
    database.close();
  });
});
