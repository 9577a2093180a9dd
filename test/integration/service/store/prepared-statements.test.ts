/**
 * PostgreSQL runs every request's queries as named prepared statements (store/prepared.ts,
 * engines/postgres/pool.ts). A statement a connection has prepared must survive a migration that
 * another instance applies meanwhile (a rolling deploy adding a column): PostgreSQL refuses a
 * cached `SELECT *` whose result type changed, so each prepared query names its columns. And the
 * plan a connection keeps for a statement must not depend on the table having statistics yet.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
      auth: await store.findKeyWithAccount(HASH.toString('latin1')),
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

  it('read a subject through its id, not the scope index, while the table has no statistics', async () => {
    // Subjects filled faster than autovacuum analyzes the table, as a burst of creates does.
    const scope = { accountId: 'acct_plan', environment: 'test' as const };
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `INSERT INTO subjects (id, account_id, environment, created_at, consent, metadata)
         SELECT 'subj_plan' || i, $1, $2, $3, '{}', '{}' FROM generate_series(1, 3000) AS i`,
        [scope.accountId, scope.environment, NOW],
      );
      // The text the store sends for findSubject, as its pooled connection prepares it.
      const sent = vi.spyOn(pg.Client.prototype, 'query');
      let text: string | undefined;
      try {
        expect((await store.findSubject(scope, 'subj_plan1500'))?.id).toBe('subj_plan1500');
        text = sent.mock.calls
          .map(([query]) =>
            typeof query === 'object' && query !== null ? (query as pg.QueryConfig).text : query,
          )
          .find((query): query is string => typeof query === 'string' && /from "subjects"/.test(query));
      } finally {
        sent.mockRestore();
      }
      expect(text).toBeDefined();
      const { rows } = await admin.query(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${text}`);
      const plan = JSON.stringify(rows[0]['QUERY PLAN']);
      expect(plan).toContain('"Index Cond":"(id = $1)"');
      expect(plan).not.toContain('subjects_by_scope');
    } finally {
      await admin.end();
    }
  });
});
