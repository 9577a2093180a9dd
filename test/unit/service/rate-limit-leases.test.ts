/**
 * The leased token buckets (service/rate-limit-leases.ts) against an in-memory stand-in for the
 * shared rows, with the arithmetic of lease_tokens()/return_tokens() (migration 006): one update
 * of the shared bucket per batch, and the bounds spec/DECISIONS.md states for several instances.
 * The PostgreSQL functions themselves are tested in test/integration/service/store/rate-leases.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { LeasedBuckets, leaseSize, type TokenSource } from '../../../service/rate-limit-leases.js';
import { TokenBuckets, type RateDecision } from '../../../service/rate-limit.js';

/** The shared buckets, as the database keeps them; each call takes a turn of the event loop, like a round trip. */
class SharedBuckets implements TokenSource {
  readonly rows = new Map<string, { tokens: number; updatedMs: number }>();
  /** Calls of lease(), and buckets leased per name (one call may lease several). */
  leases = 0;
  readonly leasesOf = new Map<string, number>();
  giveBacks = 0;
  failNext = false;
  /** When set, a lease waits until release() (a slow database). */
  gated = false;
  private readonly waiting: Array<() => void> = [];

  release(): void {
    for (const resume of this.waiting.splice(0)) resume();
  }

  private level(name: string, perMinute: number, nowMs: number) {
    const row = this.rows.get(name) ?? { tokens: perMinute, updatedMs: nowMs };
    this.rows.set(name, row);
    row.tokens = Math.min(perMinute, row.tokens + (Math.max(0, nowMs - row.updatedMs) / 60_000) * perMinute);
    row.updatedMs = Math.max(row.updatedMs, nowMs);
    return row;
  }

  async lease(requests: Array<{ name: string; perMinute: number; wanted: number }>, nowMs: number) {
    await new Promise<void>((resolve) => (this.gated ? this.waiting.push(resolve) : setImmediate(resolve)));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('connection refused');
    }
    this.leases += 1;
    return requests.map(({ name, perMinute, wanted }) => {
      this.leasesOf.set(name, (this.leasesOf.get(name) ?? 0) + 1);
      const row = this.level(name, perMinute, nowMs);
      const granted = Math.min(wanted, Math.max(0, Math.floor(row.tokens)));
      row.tokens -= granted;
      return { granted, level: row.tokens };
    });
  }

  async giveBack(returns: Array<{ name: string; perMinute: number; tokens: number }>, nowMs: number) {
    await new Promise((resolve) => setImmediate(resolve));
    this.giveBacks += 1;
    for (const { name, perMinute, tokens } of returns) {
      const row = this.level(name, perMinute, nowMs);
      row.tokens = Math.min(perMinute, row.tokens + tokens);
    }
  }
}

const key = (perMinute: number, name = 'key:k1') => ({ name, perMinute });
const account = (perMinute: number, name = 'account:a1') => ({ name, perMinute });

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('leased token buckets', () => {
  it('leases a twentieth of the per-minute rate, at least one token', () => {
    expect([3, 40, 60, 100, 300, 3000, 6000].map(leaseSize)).toEqual([1, 2, 3, 5, 15, 150, 300]);
  });

  it('admits exactly what one bucket would on one instance, updating the shared bucket once per batch', async () => {
    const shared = new SharedBuckets();
    const buckets = new LeasedBuckets(shared, { timer: false });
    const exact = new TokenBuckets();
    const limits = [key(600), account(1000)];
    const ours: RateDecision[] = [];
    const reference: RateDecision[] = [];
    for (let i = 0; i < 650; i += 1) {
      ours.push(await buckets.take(limits, 1_000));
      reference.push(exact.take(limits, 1_000));
    }
    expect(ours.filter((d) => d.allowed)).toHaveLength(600);
    expect(ours.map((d) => [d.allowed, d.limit, d.remaining])).toEqual(
      reference.map((d) => [d.allowed, d.limit, d.remaining]),
    );
    expect(ours[600]).toMatchObject({ allowed: false, limit: 600, retryAfterSeconds: 1 });
    // Per bucket, one lease per half a lease spent (15 of the key's 30 tokens), not one per request.
    expect(shared.leasesOf.get('key:k1')).toBeLessThanOrEqual(Math.ceil(600 / 15) + 1);
    expect(shared.leasesOf.get('account:a1')).toBeLessThanOrEqual(Math.ceil(600 / 25) + 1);
  });

  it('refuses from memory once the shared bucket is empty, until its next token is due', async () => {
    const shared = new SharedBuckets();
    const buckets = new LeasedBuckets(shared, { timer: false });
    for (let i = 0; i < 60; i += 1) expect((await buckets.take([key(60)], 0)).allowed).toBe(true);
    const asked = shared.leases;
    const refused = await buckets.take([key(60)], 0);
    expect(refused).toEqual({ allowed: false, limit: 60, remaining: 0, retryAfterSeconds: 1 });
    for (let i = 0; i < 20; i += 1) expect((await buckets.take([key(60)], 500)).allowed).toBe(false);
    expect(shared.leases - asked).toBeLessThanOrEqual(1); // the refusals asked the database at most once
    expect((await buckets.take([key(60)], 1_000)).allowed).toBe(true); // one token refilled after a second
  });

  it('charges every bucket or none: a refused account leaves the key its tokens', async () => {
    const shared = new SharedBuckets();
    const buckets = new LeasedBuckets(shared, { timer: false });
    for (let i = 0; i < 5; i += 1) await buckets.take([key(60, 'key:a'), account(5)], 0);
    await new Promise((resolve) => setImmediate(resolve)); // background top-ups land
    const held = buckets.held('key:a');
    expect(held).toBeGreaterThan(0);
    const refused = await buckets.take([key(60, 'key:a'), account(5)], 0);
    expect(refused).toMatchObject({ allowed: false, limit: 5, remaining: 0, retryAfterSeconds: 12 });
    expect(buckets.held('key:a')).toBe(held);
    await buckets.close();
    expect(shared.rows.get('key:a')!.tokens).toBe(55); // five spent; the rest went back at close
  });

  for (const instances of [2, 3]) {
    it(`gives ${instances} instances at most the limit, and at most one lease each less, for 100 concurrent requests`, async () => {
      const shared = new SharedBuckets();
      const cluster = Array.from({ length: instances }, () => new LeasedBuckets(shared, { timer: false }));
      const decisions = await Promise.all(
        Array.from({ length: 100 }, (_, i) => cluster[i % instances].take([key(60), account(100)], 5_000)),
      );
      const admitted = decisions.filter((d) => d.allowed).length;
      expect(admitted).toBeLessThanOrEqual(60);
      expect(admitted).toBeGreaterThanOrEqual(60 - (instances - 1) * leaseSize(60));
      for (const d of decisions.filter((d) => !d.allowed))
        expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      for (const d of decisions.filter((d) => d.allowed)) expect(d.remaining).toBeLessThan(60);
    });
  }

  it('admits in any interval at most what one bucket would, plus one lease per instance', async () => {
    const perMinute = 60;
    const shared = new SharedBuckets();
    const cluster = Array.from({ length: 3 }, () => new LeasedBuckets(shared, { timer: false }));
    const next = random(26);
    const admittedAt: number[] = [];
    // Cycles of 100 s: light traffic below the rate for 30 s (each instance leases and holds
    // tokens while the shared bucket stays nearly full), a burst of 100 at 30 s, 10 s of demand
    // far above the rate, then quiet. Nothing is given back while idle here: the worst case.
    for (let now = 0; now < 300_000; now += 250) {
      const phase = now % 100_000;
      const count =
        phase < 30_000
          ? next() < 0.15
            ? 1
            : 0
          : phase === 30_000
            ? 100
            : phase < 40_000
              ? Math.floor(next() * 5)
              : 0;
      const burst = Array.from({ length: count }, () =>
        cluster[Math.floor(next() * 3)].take([key(perMinute)], now),
      );
      for (const decision of await Promise.all(burst)) if (decision.allowed) admittedAt.push(now);
    }
    const bound = 3 * leaseSize(perMinute);
    const over: string[] = [];
    for (let i = 0; i < admittedAt.length; i += 1) {
      for (let j = i; j < admittedAt.length; j += 1) {
        const oneBucket = perMinute + ((admittedAt[j] - admittedAt[i]) / 60_000) * perMinute;
        if (j - i + 1 > Math.floor(oneBucket) + bound)
          over.push(`${j - i + 1} admitted between ${admittedAt[i]} and ${admittedAt[j]} ms`);
      }
    }
    expect(over).toEqual([]);
    // And not far below it: tokens held by one instance are refused elsewhere, at most a lease each.
    // One bucket would admit in each cycle the light traffic, then a full bucket and 10 s of refill.
    const light = admittedAt.filter((at) => at % 100_000 < 30_000).length;
    expect(admittedAt.length - light).toBeGreaterThanOrEqual(3 * (perMinute + 10) - 3 * bound);
  });

  it('tops up in the background before a lease runs out, so requests rarely wait for the database', async () => {
    const shared = new SharedBuckets();
    shared.gated = true; // a lease answers only when the test says so: five requests later
    const buckets = new LeasedBuckets(shared, { timer: false });
    const limits = [key(3000)];
    let waited = 0;
    for (let i = 0; i < 1000; i += 1) {
      const decision = buckets.take(limits, i * 20);
      // Decided at once from the tokens held; a promise only when it must wait for a lease.
      if (decision instanceof Promise) {
        waited += 1;
        shared.release();
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect((await decision).allowed).toBe(true);
      if (i % 5 === 4) shared.release();
      expect(buckets.held('key:k1')).toBeLessThanOrEqual(leaseSize(3000));
    }
    expect(waited).toBe(1); // the first request, for the first lease
    expect(shared.leasesOf.get('key:k1')).toBeLessThanOrEqual(1000 / (leaseSize(3000) / 2) + 1);
  });

  it('gives held tokens back after a while without requests, and all of them at close', async () => {
    const shared = new SharedBuckets();
    let wall = 0;
    const a = new LeasedBuckets(shared, { timer: false, wallClock: () => wall, idleMs: 3_000 });
    const b = new LeasedBuckets(shared, { timer: false, wallClock: () => wall, idleMs: 3_000 });
    for (let i = 0; i < 10; i += 1) await a.take([key(60)], 0);
    await new Promise((resolve) => setImmediate(resolve)); // the background top-up lands
    const heldByA = a.held('key:k1');
    expect(heldByA).toBeGreaterThan(0);
    expect(shared.rows.get('key:k1')!.tokens).toBe(60 - 10 - heldByA);
    wall = 2_000;
    await a.giveBackIdle();
    expect(a.held('key:k1')).toBe(heldByA); // not idle yet
    wall = 3_000;
    await a.giveBackIdle();
    expect(shared.rows.get('key:k1')!.tokens).toBe(50);
    // Another instance can now spend all 50.
    const decisions = await Promise.all(Array.from({ length: 55 }, () => b.take([key(60)], 0)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(50);
    await b.close();
    expect(shared.rows.get('key:k1')!.tokens).toBe(0);
    await expect(b.take([key(60)], 0)).rejects.toThrow(/closed/);
  });

  it('fails the request whose lease failed, and leases again on the next one', async () => {
    const shared = new SharedBuckets();
    const buckets = new LeasedBuckets(shared, { timer: false });
    shared.failNext = true;
    await expect(buckets.take([key(60)], 0)).rejects.toThrow(/connection refused/);
    expect(await buckets.take([key(60)], 0)).toMatchObject({ allowed: true, limit: 60, remaining: 59 });
  });

  it('applies a new tier from the next request on', async () => {
    const shared = new SharedBuckets();
    const buckets = new LeasedBuckets(shared, { timer: false });
    for (let i = 0; i < 60; i += 1) await buckets.take([key(60)], 0);
    expect((await buckets.take([key(60)], 0)).allowed).toBe(false);
    // Upgraded to 300/min: the bucket refills at the new rate (5 tokens a second).
    const upgraded = await buckets.take([key(300)], 1_000);
    expect(upgraded).toMatchObject({ allowed: true, limit: 300 });
  });
});
