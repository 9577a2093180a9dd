/**
 * Token buckets shared by several instances without a shared write per request. The shared
 * buckets (PostgreSQL's rate_buckets: one per key, one per account) stay the only source of
 * tokens and refill as service/rate-limit.ts does; each instance leases whole tokens from them in
 * batches and spends them from its own memory, so the database sees one update per batch, not one
 * per request, and no request waits for a row lock that every instance wants.
 *
 * The rules, per bucket and instance (spec/DECISIONS.md, "Many instances"):
 * - an instance holds at most `leaseSize(perMinute)` tokens (1/20 of the bucket's rate, at least
 *   one); when it holds less than half of that it tops up in the background, so a request rarely
 *   waits, and a request that finds nothing held waits for the lease (one per bucket at a time);
 * - a token is spent only after it was taken from the shared bucket, so what all instances admit in
 *   any interval is at most what the one shared bucket issued in it, plus the tokens instances
 *   held when it began: at most one lease per instance more than one process would admit;
 * - tokens an instance holds are not available to the others (at most one lease per other
 *   instance refused too early); they go back to the shared bucket after IDLE_MS without a
 *   request for that bucket, and when the instance shuts down;
 * - when the shared bucket has no token, the instance refuses locally until the time the bucket
 *   said its next token is due (Retry-After), without asking again per refused request.
 */
import type { Awaitable } from './awaitable.js';
import type { BucketLimit, RateDecision } from './rate-limit.js';

/** Where the tokens come from: the shared buckets (engines/postgres/token-buckets.ts). */
export interface TokenSource {
  /**
   * Refills each named bucket to nowMs and takes up to `wanted` whole tokens from it (what it has,
   * when less); answers in the order asked, with what was granted and the level left behind.
   */
  lease(
    requests: Array<{ name: string; perMinute: number; wanted: number }>,
    nowMs: number,
  ): Promise<Array<{ granted: number; level: number }>>;
  /** Puts unspent tokens back (a bucket never holds more than its per-minute rate). */
  giveBack(returns: Array<{ name: string; perMinute: number; tokens: number }>, nowMs: number): Promise<void>;
}

/** The most tokens of one bucket an instance holds: 1/20 of its per-minute rate, at least one. */
export const leaseSize = (perMinute: number): number => Math.max(1, Math.floor(perMinute / 20));

/** Tokens held without a request for IDLE_MS go back to the shared bucket. */
export const IDLE_MS = 3_000;

interface Lease {
  name: string;
  perMinute: number;
  /** Whole tokens leased and not yet spent. */
  held: number;
  /** The shared bucket's level after this instance's last lease, and when (the rate clock). */
  shared: number;
  sharedAtMs: number;
  /** The shared bucket has no token for this instance before this time (the rate clock). */
  emptyUntilMs: number;
  /** The lease on its way, if any: one per bucket at a time. */
  pending?: Promise<void>;
  /** The rate clock and the wall clock at the last request that used this bucket. */
  lastNowMs: number;
  lastUsedWallMs: number;
}

export interface LeasedBucketsOptions {
  /** The wall clock deciding idleness (tests pass their own); the rate clock is each call's nowMs. */
  wallClock?: () => number;
  idleMs?: number;
  /** Whether a timer gives idle tokens back by itself (tests call giveBackIdle instead). */
  timer?: boolean;
}

export class LeasedBuckets {
  private readonly leases = new Map<string, Lease>();
  private readonly wallClock: () => number;
  private readonly idleMs: number;
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly source: TokenSource,
    private readonly options: LeasedBucketsOptions = {},
  ) {
    this.wallClock = options.wallClock ?? Date.now;
    this.idleMs = options.idleMs ?? IDLE_MS;
  }

  /**
   * Takes one token from every named bucket, or from none when any is empty (as TokenBuckets.take).
   * Decided at once from what this instance holds (most requests: awaitable.ts); a promise when a
   * bucket must be leased first.
   */
  take(limits: BucketLimit[], nowMs: number): Awaitable<RateDecision> {
    if (this.closed) return Promise.reject(new Error('rate limiter closed'));
    const leases = limits.map((limit) => this.leaseOf(limit, nowMs));
    return this.decide(leases, nowMs) ?? this.takeLeased(limits, leases, nowMs);
  }

  /** The decision from the tokens held, or undefined when a bucket has none held and its lease may still bring some. */
  private decide(leases: Lease[], nowMs: number): RateDecision | undefined {
    const short = leases.filter((lease) => lease.held < 1);
    if (short.length === 0) {
      for (const lease of leases) lease.held -= 1;
      const low = leases.filter(
        (lease) =>
          lease.held * 2 < leaseSize(lease.perMinute) && !lease.pending && nowMs >= lease.emptyUntilMs,
      );
      if (low.length > 0) this.refill(low, nowMs).catch(() => undefined); // in the background: the next request that finds nothing waits for it, or asks again
      return this.admitted(leases, nowMs);
    }
    const empty = short.filter((lease) => !lease.pending && nowMs < lease.emptyUntilMs);
    if (empty.length > 0) return this.refused(empty, nowMs);
    return undefined;
  }

  /** Waits for the leases the buckets without tokens need, then decides again, until it can. */
  private async takeLeased(limits: BucketLimit[], first: Lease[], nowMs: number): Promise<RateDecision> {
    let leases = first;
    for (;;) {
      await this.refill(
        leases.filter((lease) => lease.held < 1),
        nowMs,
      );
      leases = limits.map((limit) => this.leaseOf(limit, nowMs));
      const decision = this.decide(leases, nowMs);
      if (decision) return decision;
    }
  }

  /** Gives back the tokens of buckets without a request for idleMs (the timer calls it). */
  async giveBackIdle(): Promise<void> {
    const now = this.wallClock();
    const idle = [...this.leases.values()].filter(
      (lease) => !lease.pending && now - lease.lastUsedWallMs >= this.idleMs,
    );
    for (const lease of idle) this.leases.delete(lease.name);
    await this.giveBack(idle);
  }

  /** Waits for leases on their way and gives every held token back; take() refuses to run afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.leases.values()].map((lease) => lease.pending));
    const all = [...this.leases.values()];
    this.leases.clear();
    await this.giveBack(all);
  }

  /** Tokens this instance holds of a bucket (tests and the benchmark). */
  held(name: string): number {
    return this.leases.get(name)?.held ?? 0;
  }

  private leaseOf(limit: BucketLimit, nowMs: number): Lease {
    let lease = this.leases.get(limit.name);
    if (!lease) {
      lease = {
        name: limit.name,
        perMinute: limit.perMinute,
        held: 0,
        shared: limit.perMinute,
        sharedAtMs: nowMs,
        emptyUntilMs: 0,
        lastNowMs: nowMs,
        lastUsedWallMs: 0,
      };
      this.leases.set(limit.name, lease);
      this.startTimer();
    }
    lease.perMinute = limit.perMinute; // a tier change applies from this request on
    lease.lastNowMs = Math.max(lease.lastNowMs, nowMs);
    lease.lastUsedWallMs = this.wallClock();
    return lease;
  }

  /** Tops up the given leases to a full lease each: one call for those with none on its way, then waits for all. */
  private async refill(leases: Lease[], nowMs: number): Promise<void> {
    const asking = leases.filter((lease) => !lease.pending);
    if (asking.length > 0) {
      const call = this.source.lease(
        asking.map((lease) => ({
          name: lease.name,
          perMinute: lease.perMinute,
          wanted: Math.max(1, leaseSize(lease.perMinute) - lease.held),
        })),
        nowMs,
      );
      const settled = call.then(
        (grants) => {
          grants.forEach((grant, i) => {
            const lease = asking[i];
            lease.held += grant.granted;
            lease.shared = grant.level;
            lease.sharedAtMs = nowMs;
            // No whole token left for us: none until the bucket has refilled to one.
            lease.emptyUntilMs = grant.level < 1 ? nowMs + ((1 - grant.level) / lease.perMinute) * 60_000 : 0;
          });
        },
        () => undefined,
      );
      const done = settled.finally(() => {
        for (const lease of asking) if (lease.pending === done) lease.pending = undefined;
      });
      for (const lease of asking) lease.pending = done;
      await call; // a failed lease fails the request that asked for it
    }
    await Promise.all(leases.map((lease) => lease.pending));
  }

  /** The headers' view after a token was taken: the bucket with the fewest requests left, as far as this instance can tell. */
  private admitted(leases: Lease[], nowMs: number): RateDecision {
    let tightest = -1;
    let remaining = Number.POSITIVE_INFINITY;
    leases.forEach((lease, i) => {
      const shared = Math.min(
        lease.perMinute,
        lease.shared + (Math.max(0, nowMs - lease.sharedAtMs) / 60_000) * lease.perMinute,
      );
      const left = Math.max(0, Math.floor(Math.min(lease.perMinute - 1, lease.held + shared)));
      if (left < remaining) [tightest, remaining] = [i, left];
    });
    return { allowed: true, limit: leases[tightest].perMinute, remaining, retryAfterSeconds: 0 };
  }

  private refused(empty: Lease[], nowMs: number): RateDecision {
    const longest = empty.reduce((a, b) => (b.emptyUntilMs > a.emptyUntilMs ? b : a));
    return {
      allowed: false,
      limit: longest.perMinute,
      remaining: 0,
      retryAfterSeconds: Math.max(1, Math.ceil((longest.emptyUntilMs - nowMs) / 1000)),
    };
  }

  private async giveBack(leases: Lease[]): Promise<void> {
    const holding = leases.filter((lease) => lease.held >= 1);
    if (holding.length === 0) return;
    const nowMs = Math.max(...holding.map((lease) => lease.lastNowMs));
    const returns = holding.map((lease) => ({
      name: lease.name,
      perMinute: lease.perMinute,
      tokens: Math.floor(lease.held),
    }));
    for (const lease of holding) lease.held = 0;
    // A give-back that fails leaves the tokens out of circulation until the bucket refills: fewer admitted, never more.
    await this.source.giveBack(returns, nowMs).catch(() => undefined);
  }

  private startTimer(): void {
    if (this.timer || this.options.timer === false || this.closed) return;
    this.timer = setInterval(() => void this.giveBackIdle(), Math.max(100, this.idleMs / 3));
    this.timer.unref();
  }
}
