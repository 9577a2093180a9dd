/**
 * PostgreSQL runs every request's queries as named prepared statements (store/prepared.ts,
 * engines/postgres/pool.ts). A statement a connection has prepared must survive a migration that
 * another instance applies meanwhile (a rolling deploy adding a column): PostgreSQL refuses a
 * cached `SELECT *` whose result type changed, so each prepared query names its columns.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../../service/store/store.js';
import { postgresEngine, type EngineUnderTest } from '../../../support/engines.js';

const NOW = '2026-11-21T10:00:00Z';
const SCOPE = { accountId: 'acct_prep', environment: 'test' as const };
const HASH = Buffer.alloc(32, 5);

let engine: EngineUnderTest;
let store: Store;
let url: string;

beforeAll(async () => {
  engine = await postgresEngine();
  ({
    store,
    env: { DATABASE_URL: url },
  } = await engine.fresh());
}, 120_000);
afterAll(async () => {
  await store?.close();
  await engine?.stop();
});

describe('prepared statements on PostgreSQL', () => {
  it('keep answering after another instance adds columns to the tables they read', async () => {
    await store.createAccount('acct_prep', 2, NOW);
    await store.insertKey({
      id: 'key_prep',
      accountId: 'acct_prep',
      environment: 'test',
      type: 'sk',
      scopes: ['nature:read'],
      hash: HASH,
      last4: 'abcd',
      name: null,
      createdAt: NOW,
      revokedAt: null,
    });
    await store.insertSubject(SCOPE, { id: 'subj_prep', createdAt: NOW, consentArtifact: {}, metadata: {} });
    const reads = async () => ({
      auth: await store.findKeyWithAccount(HASH),
      key: await store.findKeyByHash(HASH),
      subject: await store.findSubject(SCOPE, 'subj_prep'),
      page: await store.pageSubjects(SCOPE, { limit: 10, boundary: null }),
    });
    // Each query prepared on every pooled connection (the pool has at least 4).
    for (let i = 0; i < 3; i += 1) await Promise.all(Array.from({ length: 8 }, reads));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (const table of ['api_keys', 'accounts', 'subjects'])
        await admin.query(`ALTER TABLE ${table} ADD COLUMN added_by_a_later_version TEXT`);
    } finally {
      await admin.end();
    }
    for (const result of await Promise.all(Array.from({ length: 8 }, reads))) {
      expect(result.auth?.key.id).toBe('key_prep');
      expect(result.auth?.account?.tier).toBe(2);
      expect(result.key?.id).toBe('key_prep');
      expect(result.subject?.id).toBe('subj_prep');
      expect(result.page.rows.map((row) => row.id)).toEqual(['subj_prep']);
    }
  });
});
