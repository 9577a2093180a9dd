/**
 * One conformance suite for the Store interface, run against every engine: what handlers rely
 * on (scoping, paging, transactions, idempotency records, the meter, key caches) holds the same
 * whichever engine is underneath.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope, Store } from '../../../../service/store/store.js';
import { ENGINES, type EngineUnderTest } from '../../../support/engines.js';

const TEST: Scope = { accountId: 'acct_a', environment: 'test' };
const LIVE: Scope = { accountId: 'acct_a', environment: 'live' };
const OTHER: Scope = { accountId: 'acct_b', environment: 'test' };
const CONSENT = { consent_text_version: '2026-01' };
const NOW = '2026-11-21T10:00:00Z';

const newSubject = (id: string) => ({ id, createdAt: NOW, consentArtifact: CONSENT, metadata: { n: id } });

describe.each(ENGINES)('store on $name', ({ start }) => {
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

  it('is migrated to the newest version on open, and a second open applies nothing', async () => {
    expect(store.migration.version).toBeGreaterThanOrEqual(1);
    expect(store.migration.applied.map((m) => m.version)).toEqual(
      Array.from({ length: store.migration.version }, (_, i) => i + 1),
    );
  });

  it('keeps subjects apart by account and environment', async () => {
    await store.insertSubject(TEST, newSubject('subj_scope1'));
    expect((await store.findSubject(TEST, 'subj_scope1'))?.metadata).toEqual({ n: 'subj_scope1' });
    expect(await store.findSubject(LIVE, 'subj_scope1')).toBeUndefined();
    expect(await store.findSubject(OTHER, 'subj_scope1')).toBeUndefined();
    expect(await store.deleteSubject(OTHER, 'subj_scope1')).toBeUndefined();
    expect((await store.deleteSubject(TEST, 'subj_scope1'))?.id).toBe('subj_scope1');
    expect(await store.findSubject(TEST, 'subj_scope1')).toBeUndefined();
  });

  it('pages newest first by keyset, both ways, with neighbours', async () => {
    const scope: Scope = { accountId: 'acct_paging', environment: 'test' };
    for (let i = 0; i < 5; i += 1) await store.insertSubject(scope, newSubject(`subj_page${i}`));
    const first = await store.pageSubjects(scope, { limit: 2, boundary: null });
    expect(first.rows.map((r) => r.id)).toEqual(['subj_page4', 'subj_page3']);
    expect(first.hasMore).toBe(true);
    expect(first.newer).toBeNull();
    const second = await store.pageSubjects(scope, { limit: 2, boundary: { after: first.older! } });
    expect(second.rows.map((r) => r.id)).toEqual(['subj_page2', 'subj_page1']);
    const back = await store.pageSubjects(scope, { limit: 2, boundary: { before: second.newer! } });
    expect(back.rows.map((r) => r.id)).toEqual(['subj_page4', 'subj_page3']);
    const last = await store.pageSubjects(scope, { limit: 2, boundary: { after: second.older! } });
    expect(last.rows.map((r) => r.id)).toEqual(['subj_page0']);
    expect(last.hasMore).toBe(false);
    expect(last.older).toBeNull();
  });

  it('completing an assessment sets the subject latest scores; deleting the subject removes its assessments', async () => {
    await store.insertSubject(TEST, newSubject('subj_asmt'));
    const row = await store.insertAssessment(TEST, {
      id: 'asmt_1',
      subjectId: 'subj_asmt',
      status: 'in_progress',
      answers: [],
      scores: null,
      createdAt: NOW,
      completedAt: null,
      metadata: {},
    });
    expect(
      (await store.pageAssessments(TEST, 'subj_asmt', { limit: 10, boundary: null })).rows.map((r) => r.id),
    ).toEqual(['asmt_1']);
    await store.updateAssessment(TEST, {
      ...row,
      status: 'completed',
      answers: [{ item_id: 'n01', value: 4 }],
      scores: { mn: 1, mi: 2 },
      completedAt: NOW,
    });
    expect((await store.findAssessment(TEST, 'asmt_1'))?.status).toBe('completed');
    expect((await store.findSubject(TEST, 'subj_asmt'))?.latestScores).toEqual({ mn: 1, mi: 2 });
    await store.deleteSubject(TEST, 'subj_asmt');
    expect(await store.findAssessment(TEST, 'asmt_1')).toBeUndefined();
  });

  it('commits a transaction as a whole, and rolls it back as a whole on error', async () => {
    await store.transaction(async (tx) => {
      await tx.insertSubject(TEST, newSubject('subj_tx_ok1'));
      await tx.insertSubject(TEST, newSubject('subj_tx_ok2'));
    });
    expect(await store.findSubject(TEST, 'subj_tx_ok2')).toBeDefined();
    await expect(
      store.transaction(async (tx) => {
        await tx.insertSubject(TEST, newSubject('subj_tx_bad'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.findSubject(TEST, 'subj_tx_bad')).toBeUndefined();
  });

  it('keeps a write made beside an open transaction when that transaction rolls back', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const failing = store.transaction(async (tx) => {
      await tx.insertSubject(TEST, newSubject('subj_rolled_back'));
      inside();
      await new Promise((resolve) => setTimeout(resolve, 30));
      throw new Error('rolled back');
    });
    await entered;
    const beside = store.insertSubject(TEST, newSubject('subj_beside'));
    await expect(failing).rejects.toThrow('rolled back');
    await beside;
    expect(await store.findSubject(TEST, 'subj_beside')).toBeDefined();
    expect(await store.findSubject(TEST, 'subj_rolled_back')).toBeUndefined();
  });

  it('runs concurrent transactions on the same lock one after the other', async () => {
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        store.transaction(async (tx) => {
          await tx.lock('conformance');
          order.push(`${name}+`);
          await new Promise((resolve) => setTimeout(resolve, 10));
          order.push(`${name}-`);
        }),
      ),
    );
    for (let i = 0; i < order.length; i += 2) expect(order[i].slice(0, 1)).toBe(order[i + 1].slice(0, 1));
  });

  it('keeps idempotency records per scope and hides expired ones', async () => {
    await store.saveIdempotency(TEST, 'idem-1', {
      requestHash: 'h1',
      status: 201,
      body: '{"id":1}',
      createdAtMs: 1000,
    });
    expect(await store.findIdempotency(TEST, 'idem-1', 0)).toEqual({
      requestHash: 'h1',
      status: 201,
      body: '{"id":1}',
      createdAtMs: 1000,
    });
    expect(await store.findIdempotency(TEST, 'idem-1', 1001)).toBeUndefined();
    expect(await store.findIdempotency(LIVE, 'idem-1', 0)).toBeUndefined();
    await store.saveIdempotency(TEST, 'idem-1', {
      requestHash: 'h2',
      status: 201,
      body: '{}',
      createdAtMs: 5000,
    });
    expect((await store.findIdempotency(TEST, 'idem-1', 0))?.requestHash).toBe('h2');
  });

  it('meters concurrent requests without losing one', async () => {
    await Promise.all(Array.from({ length: 50 }, () => store.meter('acct_meter', '2026-11')));
    expect(await store.usage('acct_meter', '2026-11')).toBe(50);
    expect(await store.usage('acct_meter', '2026-12')).toBe(0);
  });

  it('sees a revocation at once, through the key cache', async () => {
    const hash = Buffer.alloc(32, 7);
    await store.createAccount('acct_keys', 1, NOW);
    await store.insertKey({
      id: 'key_conf',
      accountId: 'acct_keys',
      environment: 'test',
      type: 'sk',
      scopes: ['nature:read'],
      hash,
      last4: 'abcd',
      name: null,
      createdAt: NOW,
      revokedAt: null,
    });
    expect((await store.findKeyByHash(hash))?.revokedAt).toBeNull();
    await store.revokeKey('key_conf', NOW);
    expect((await store.findKeyByHash(hash))?.revokedAt).toBe(NOW);
    expect((await store.findKeyById('key_conf'))?.hash.equals(hash)).toBe(true);
    expect((await store.findAccount('acct_keys'))?.tier).toBe(1);
    await store.setAccountTier('acct_keys', 2);
    expect((await store.findAccount('acct_keys'))?.tier).toBe(2);
  });

  it('takes a token per request from every bucket or from none, and refills with time', async () => {
    const limits = [
      { name: 'key:conf_a', perMinute: 3 },
      { name: 'account:conf', perMinute: 5 },
    ];
    const t0 = 1_000_000;
    const first = await store.takeTokens(limits, t0);
    expect(first).toEqual({ allowed: true, limit: 3, remaining: 2, retryAfterSeconds: 0 });
    await store.takeTokens(limits, t0);
    await store.takeTokens(limits, t0);
    const refused = await store.takeTokens(limits, t0);
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, retryAfterSeconds: 20 });
    // The account bucket was not charged for the refused request: another key of the account still has 2.
    const other = await store.takeTokens([{ name: 'key:conf_b', perMinute: 3 }, limits[1]], t0);
    expect(other).toEqual({ allowed: true, limit: 5, remaining: 1, retryAfterSeconds: 0 });
    expect((await store.takeTokens(limits, t0 + 20_000)).allowed).toBe(true); // one key token back after 20 s
  });

  it('charges concurrent requests exactly once each (no lost update)', async () => {
    const limits = [{ name: 'key:conf_race', perMinute: 40 }];
    const decisions = await Promise.all(
      Array.from({ length: 50 }, () => store.takeTokens(limits, 2_000_000)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(40);
  });

  it("lets one of two concurrent read-modify-write transactions see the other's write", async () => {
    await store.insertSubject(TEST, newSubject('subj_rmw'));
    await store.insertAssessment(TEST, {
      id: 'asmt_rmw',
      subjectId: 'subj_rmw',
      status: 'in_progress',
      answers: [],
      scores: null,
      createdAt: NOW,
      completedAt: null,
      metadata: {},
    });
    const appendAnswer = (item: string) =>
      store.transaction(async (tx) => {
        const row = (await tx.findAssessment(TEST, 'asmt_rmw'))!;
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.updateAssessment(TEST, { ...row, answers: [...row.answers, { item_id: item, value: 1 }] });
      });
    await Promise.all([appendAnswer('n01'), appendAnswer('n02')]);
    expect((await store.findAssessment(TEST, 'asmt_rmw'))!.answers.map((a) => a.item_id).sort()).toEqual([
      'n01',
      'n02',
    ]);
  });

  it('creates a setting once and returns the first value afterwards', async () => {
    const first = await store.setting('conformance', () => 'one');
    expect(await store.setting('conformance', () => 'two')).toBe(first);
    expect(first).toBe('one');
  });
});
