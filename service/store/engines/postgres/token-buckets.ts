/**
 * The rate-limit token buckets on PostgreSQL, shared by every instance: take_tokens() (migration
 * 002_rate_buckets.sql) refills and charges every named bucket in one statement under row locks,
 * so no update is lost and a request takes from all buckets or from none.
 */
import { sql } from 'kysely';
import type { BucketLimit, RateDecision } from '../../../rate-limit.js';
import type { Db } from '../../schema.js';

interface TakeTokensRow {
  allowed: boolean;
  limit_per_minute: number;
  remaining: number;
  retry_after_seconds: number;
}

export async function takeTokens(db: Db, limits: BucketLimit[], nowMs: number): Promise<RateDecision> {
  const names = limits.map((limit) => limit.name);
  const perMinute = limits.map((limit) => limit.perMinute);
  const { rows } = await sql<TakeTokensRow>`SELECT * FROM take_tokens(${names}::text[], ${perMinute}::float8[], ${Math.floor(nowMs)})`.execute(db);
  const row = rows[0];
  return row.allowed
    ? { allowed: true, limit: row.limit_per_minute, remaining: Math.floor(row.remaining), retryAfterSeconds: 0 }
    : { allowed: false, limit: row.limit_per_minute, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(row.retry_after_seconds)) };
}
