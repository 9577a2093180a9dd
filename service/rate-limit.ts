/**
 * Token buckets per key and per account (refilled continuously at the tier's per-minute rate).
 * A request takes one token from both; the headers describe the bucket with fewer tokens left.
 * The clock is injected so tests never sleep.
 */
import { RATE_LIMIT_TIERS } from '../generated/server/index.js';

export type Clock = () => number;

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Limit and remaining of the most constrained bucket (the headers' values). */
  limit: number;
  remaining: number;
  /** Whole seconds until a token is back, when refused. */
  retryAfterSeconds: number;
}

/** Requests per minute for a tier, per key and per account. */
export function tierLimits(tier: number): { perKey: number; perAccount: number } {
  const row = RATE_LIMIT_TIERS.find((entry) => entry.tier === tier) ?? RATE_LIMIT_TIERS[0];
  return { perKey: row.perKey, perAccount: row.perAccount };
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly clock: Clock) {}

  private refill(name: string, perMinute: number, now: number): Bucket {
    const bucket = this.buckets.get(name) ?? { tokens: perMinute, updatedMs: now };
    bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.updatedMs) / 60_000) * perMinute);
    bucket.updatedMs = now;
    this.buckets.set(name, bucket);
    return bucket;
  }

  /** Takes one token from every named bucket, or from none when any is empty. */
  take(limits: Array<{ name: string; perMinute: number }>): RateDecision {
    const now = this.clock();
    const buckets = limits.map((limit) => ({ ...limit, bucket: this.refill(limit.name, limit.perMinute, now) }));
    const empty = buckets.filter((entry) => entry.bucket.tokens < 1);
    if (empty.length > 0) {
      const wait = Math.max(...empty.map((entry) => ((1 - entry.bucket.tokens) / entry.perMinute) * 60));
      const tightest = empty.reduce((a, b) => (a.bucket.tokens <= b.bucket.tokens ? a : b));
      return { allowed: false, limit: tightest.perMinute, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
    }
    for (const entry of buckets) entry.bucket.tokens -= 1;
    const tightest = buckets.reduce((a, b) => (Math.floor(a.bucket.tokens) <= Math.floor(b.bucket.tokens) ? a : b));
    return { allowed: true, limit: tightest.perMinute, remaining: Math.floor(tightest.bucket.tokens), retryAfterSeconds: 0 };
  }
}
