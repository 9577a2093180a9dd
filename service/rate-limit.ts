/**
 * Token buckets per key and per account (refilled continuously at the tier's per-minute rate).
 * A request takes one token from both; the headers describe the bucket with fewer tokens left.
 * The time is passed in so tests never sleep. These buckets live in one process's memory: the
 * SQLite store and unauthenticated traffic use them; the PostgreSQL store keeps the per-key and
 * per-account buckets in the database (take_tokens, same arithmetic) so every instance shares them.
 */
import { RATE_LIMIT_TIERS } from '../generated/server/index.js';

export type Clock = () => number;

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** Limit and remaining of the most constrained bucket (the headers' values). */
export interface Budget {
  limit: number;
  remaining: number;
}

/** A request's charge: whether it was let through, and the budget left. */
export interface RateDecision extends Budget {
  allowed: boolean;
  /** Whole seconds until a token is back, when refused. */
  retryAfterSeconds: number;
}

/** "retry in 1 second", "retry in 12 seconds": the wait a refusal's message names. */
export function retryIn(decision: RateDecision): string {
  return `retry in ${decision.retryAfterSeconds} second${decision.retryAfterSeconds === 1 ? '' : 's'}`;
}

/** Requests per minute for a tier, per key and per account. */
export function tierLimits(tier: number): { perKey: number; perAccount: number } {
  const row = RATE_LIMIT_TIERS.find((entry) => entry.tier === tier) ?? RATE_LIMIT_TIERS[0];
  return { perKey: row.perKey, perAccount: row.perAccount };
}

export interface BucketLimit {
  name: string;
  perMinute: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  private refill(name: string, perMinute: number, now: number): Bucket {
    let bucket = this.buckets.get(name);
    if (!bucket) {
      bucket = { tokens: perMinute, updatedMs: now };
      this.buckets.set(name, bucket);
    } else {
      bucket.tokens = Math.min(
        perMinute,
        bucket.tokens + (Math.max(0, now - bucket.updatedMs) / 60_000) * perMinute,
      );
      bucket.updatedMs = Math.max(bucket.updatedMs, now);
    }
    return bucket;
  }

  /** What `take` would see in one bucket, without taking a token or creating the bucket. */
  peek(limit: BucketLimit, now: number): Budget {
    const bucket = this.buckets.get(limit.name);
    const tokens = bucket
      ? Math.min(
          limit.perMinute,
          bucket.tokens + (Math.max(0, now - bucket.updatedMs) / 60_000) * limit.perMinute,
        )
      : limit.perMinute;
    return { limit: limit.perMinute, remaining: Math.floor(Math.max(0, tokens)) };
  }

  /** Takes one token from every named bucket, or from none when any is empty. */
  take(limits: BucketLimit[], now: number): RateDecision {
    const buckets = limits.map((limit) => this.refill(limit.name, limit.perMinute, now));
    let tightest = 0;
    let refused = -1;
    let wait = 0;
    for (let i = 0; i < buckets.length; i += 1) {
      if (buckets[i].tokens < buckets[tightest].tokens) tightest = i;
      if (buckets[i].tokens < 1) {
        refused = refused === -1 || buckets[i].tokens < buckets[refused].tokens ? i : refused;
        wait = Math.max(wait, ((1 - buckets[i].tokens) / limits[i].perMinute) * 60);
      }
    }
    if (refused !== -1)
      return {
        allowed: false,
        limit: limits[refused].perMinute,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil(wait)),
      };
    for (const bucket of buckets) bucket.tokens -= 1;
    return {
      allowed: true,
      limit: limits[tightest].perMinute,
      remaining: Math.floor(buckets[tightest].tokens),
      retryAfterSeconds: 0,
    };
  }
}

/** Buckets in this process with a clock: unauthenticated traffic, limited per address and per instance. */
export class RateLimiter {
  private readonly buckets = new TokenBuckets();

  constructor(readonly now: Clock) {}

  take(limits: BucketLimit[]): RateDecision {
    return this.buckets.take(limits, this.now());
  }

  peek(limit: BucketLimit): Budget {
    return this.buckets.peek(limit, this.now());
  }
}
