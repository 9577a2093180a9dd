/**
 * The rate-limit token buckets on SQLite: one process owns a SQLite database, so its buckets live
 * in that process's memory (service/rate-limit.ts TokenBuckets), never in the file, and a decision
 * is made at once.
 */
import { TokenBuckets, type BucketLimit, type RateDecision } from '../../../rate-limit.js';

export function processTokenBuckets(): (limits: BucketLimit[], nowMs: number) => RateDecision {
  const buckets = new TokenBuckets();
  return (limits, nowMs) => buckets.take(limits, nowMs);
}
