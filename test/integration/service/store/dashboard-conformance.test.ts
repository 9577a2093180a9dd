/**
 * The dashboard's part of the Store interface (DashboardData), on every engine: users unique by
 * address in any case, sessions by token hash, sign-in failures in a window, one-use mail tokens,
 * the outbox, billing records, usage per day, an account's keys and their last use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyRecord, Store, UserRecord } from '../../../../service/store/store.js';
import { ENGINES, type EngineUnderTest } from '../../../support/engines.js';

const NOW = '2026-11-21T10:00:00Z';
const user = (id: string, accountId: string, email: string): UserRecord => ({
  id,
  accountId,
  email,
  passwordHash: `scrypt$hash-of-${id}`,
  emailVerifiedAt: null,
  createdAt: NOW,
});
const key = (id: string, accountId: string, environment: 'test' | 'live', createdAt: string): KeyRecord => ({
  id,
  accountId,
  environment,
  type: 'sk',
  scopes: ['nature:read'],
  hash: Buffer.from(id.padEnd(32, '0')),
  last4: id.slice(-4),
  name: `name of ${id}`,
  createdAt,
  revokedAt: null,
});

describe.each(ENGINES)('dashboard store on $name', ({ start }) => {
  let engine: EngineUnderTest;
  let store: Store;
  beforeAll(async () => {
    engine = await start();
    store = (await engine.fresh()).store;
    await store.createAccount('acct_d1', 0, NOW);
    await store.createAccount('acct_d2', 1, NOW);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await engine?.stop();
  });

  it('keeps one user per e-mail address, compared case-insensitively, and finds it in any case', async () => {
    expect(await store.insertUser(user('user_1', 'acct_d1', 'Ada@Example.com'))).toBe(true);
    expect(await store.insertUser(user('user_2', 'acct_d2', 'ada@EXAMPLE.com'))).toBe(false);
    expect((await store.findUserByEmail('ADA@example.COM'))?.id).toBe('user_1');
    expect((await store.findUserById('user_1'))?.email).toBe('Ada@Example.com');
    expect(await store.findUserById('user_2')).toBeUndefined();
    await store.setUserPassword('user_1', 'scrypt$new');
    await store.setUserEmailVerified('user_1', '2026-11-21T11:00:00Z');
    await store.setUserEmailVerified('user_1', '2026-11-22T11:00:00Z'); // the first verification stands
    expect(await store.findUserById('user_1')).toMatchObject({
      passwordHash: 'scrypt$new',
      emailVerifiedAt: '2026-11-21T11:00:00Z',
    });
    expect((await store.listUsers()).map((row) => row.id)).toEqual(['user_1']);
  });

  it('finds, touches and ends sessions by token hash, one or all of a user', async () => {
    await store.insertUser(user('user_s', 'acct_d2', 'sessions@example.com'));
    for (const hash of ['h1', 'h2', 'h3'])
      await store.insertSession({
        tokenHash: hash,
        userId: hash === 'h3' ? 'user_1' : 'user_s',
        csrfToken: `csrf-${hash}`,
        createdAtMs: 1000,
        lastSeenAtMs: 1000,
      });
    await store.touchSession('h1', 5000);
    expect(await store.findSession('h1')).toEqual({
      tokenHash: 'h1',
      userId: 'user_s',
      csrfToken: 'csrf-h1',
      createdAtMs: 1000,
      lastSeenAtMs: 5000,
    });
    await store.deleteSession('h1');
    expect(await store.findSession('h1')).toBeUndefined();
    await store.deleteUserSessions('user_s');
    expect(await store.findSession('h2')).toBeUndefined();
    expect((await store.findSession('h3'))?.userId).toBe('user_1');
  });

  it('counts sign-in failures per subject inside the window, with the oldest', async () => {
    await store.recordSignInFailure(['ip:10.0.0.1', 'user:user_1'], 1000);
    await store.recordSignInFailure(['ip:10.0.0.1'], 2000);
    await store.recordSignInFailure(['ip:10.0.0.1'], 3000);
    expect(await store.signInFailures('ip:10.0.0.1', 1500)).toEqual({ count: 2, oldestAtMs: 2000 });
    expect(await store.signInFailures('user:user_1', 0)).toEqual({ count: 1, oldestAtMs: 1000 });
    expect(await store.signInFailures('ip:10.9.9.9', 0)).toEqual({ count: 0, oldestAtMs: null });
  });

  it('orders sign-in failures by sequence: counts up to an attempt, and forgets exactly the rows taken back', async () => {
    const [first] = await store.recordSignInFailure(['user:user_9'], 1000);
    const [second, ip] = await store.recordSignInFailure(['user:user_9', 'ip:10.0.0.9'], 1000);
    const [third] = await store.recordSignInFailure(['user:user_9'], 1000);
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(ip);
    expect((await store.signInFailures('user:user_9', 0, second)).count).toBe(2);
    await store.forgetSignInFailures([second, ip]);
    expect(await store.signInFailures('user:user_9', 0)).toEqual({ count: 2, oldestAtMs: 1000 });
    expect((await store.signInFailures('user:user_9', 0, third)).count).toBe(2);
    expect((await store.signInFailures('ip:10.0.0.9', 0)).count).toBe(0);
  });

  it('gives a mail token to its purpose once, and never after it expires', async () => {
    await store.insertMailToken('t-verify', 'user_1', 'verify_email', 10_000);
    await store.insertMailToken('t-old', 'user_1', 'reset_password', 10_000);
    expect(await store.consumeMailToken('t-verify', 'reset_password', 5000)).toBeUndefined(); // wrong purpose: kept
    expect(await store.consumeMailToken('t-verify', 'verify_email', 5000)).toBe('user_1');
    expect(await store.consumeMailToken('t-verify', 'verify_email', 5000)).toBeUndefined();
    expect(await store.consumeMailToken('t-old', 'reset_password', 10_000)).toBeUndefined();
  });

  it('keeps the outbox and billing records in order', async () => {
    await store.insertMail({ recipient: 'a@example.com', subject: 'one', body: 'first', createdAt: NOW });
    await store.insertMail({ recipient: 'b@example.com', subject: 'two', body: 'second', createdAt: NOW });
    expect((await store.listMail()).map((mail) => [mail.recipient, mail.subject])).toEqual([
      ['a@example.com', 'one'],
      ['b@example.com', 'two'],
    ]);
    await store.insertBillingRecord({
      accountId: 'acct_d1',
      kind: 'plan_change',
      payload: { from_tier: 0, to_tier: 2 },
      createdAt: NOW,
    });
    await store.insertBillingRecord({
      accountId: 'acct_d1',
      kind: 'invoice_line',
      payload: { amount_cents: 100 },
      createdAt: NOW,
    });
    await store.insertBillingRecord({
      accountId: 'acct_d2',
      kind: 'plan_change',
      payload: {},
      createdAt: NOW,
    });
    expect(
      (await store.listBillingRecords('acct_d1')).map((record) => [record.kind, record.payload]),
    ).toEqual([
      ['plan_change', { from_tier: 0, to_tier: 2 }],
      ['invoice_line', { amount_cents: 100 }],
    ]);
  });

  it('meters live requests per day without losing concurrent increments, and reads a month', async () => {
    await Promise.all(Array.from({ length: 20 }, () => store.meterDay('acct_d1', '2026-11-03')));
    await store.meterDay('acct_d1', '2026-11-01');
    await store.meterDay('acct_d1', '2026-10-31');
    await store.meterDay('acct_d2', '2026-11-03');
    expect(await store.dailyUsage('acct_d1', '2026-11')).toEqual([
      { day: '2026-11-01', requests: 1 },
      { day: '2026-11-03', requests: 20 },
    ]);
  });

  it("lists one account's keys in one environment, newest first, with when each was last used", async () => {
    await store.insertKey(key('key_old1', 'acct_d1', 'test', '2026-11-01T00:00:00Z'));
    await store.insertKey(key('key_new1', 'acct_d1', 'test', '2026-11-02T00:00:00Z'));
    await store.insertKey(key('key_live', 'acct_d1', 'live', '2026-11-03T00:00:00Z'));
    await store.insertKey(key('key_othr', 'acct_d2', 'test', '2026-11-04T00:00:00Z'));
    await store.setKeyLastUsed('key_old1', '2026-11-05T10:01:00Z');
    const listed = await store.listAccountKeys('acct_d1', 'test');
    expect(listed.map((row) => [row.id, row.lastUsedAt])).toEqual([
      ['key_new1', null],
      ['key_old1', '2026-11-05T10:01:00Z'],
    ]);
    expect((await store.findKeyById('key_old1'))?.lastUsedAt).toBe('2026-11-05T10:01:00Z');
  });
});
