/** Per-request state (store.ts RequestData): the rate-limit token buckets (an engine special) and idempotency records. */
import type { Awaitable } from '../../awaitable.js';
import type { BucketLimit, RateDecision } from '../../rate-limit.js';
import type { Engine } from '../engine.js';
import type { Db } from '../schema.js';
import type { IdempotencyRecord, RequestData, Scope } from '../store.js';

export class RequestsRepository implements RequestData {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  /** engines/sqlite/token-buckets.ts (the process's memory) or engines/postgres/token-buckets.ts (take_tokens()). */
  takeTokens(limits: BucketLimit[], nowMs: number): Awaitable<RateDecision> {
    return this.engine.takeTokens(this.db, limits, nowMs);
  }

  async findIdempotency(
    scope: Scope,
    key: string,
    notBeforeMs: number,
  ): Promise<IdempotencyRecord | undefined> {
    const row = await this.db
      .selectFrom('idempotency')
      .select(['request_hash', 'status', 'body', 'created_at_ms'])
      .where('account_id', '=', scope.accountId)
      .where('environment', '=', scope.environment)
      .where('key', '=', key)
      .where('created_at_ms', '>=', notBeforeMs)
      .executeTakeFirst();
    return (
      row && {
        requestHash: row.request_hash,
        status: row.status,
        body: row.body,
        createdAtMs: row.created_at_ms,
      }
    );
  }

  async saveIdempotency(scope: Scope, key: string, record: IdempotencyRecord): Promise<void> {
    await this.db
      .insertInto('idempotency')
      .values({
        account_id: scope.accountId,
        environment: scope.environment,
        key,
        request_hash: record.requestHash,
        status: record.status,
        body: record.body,
        created_at_ms: record.createdAtMs,
      })
      .onConflict((conflict) =>
        conflict.columns(['account_id', 'environment', 'key']).doUpdateSet((eb) => ({
          request_hash: eb.ref('excluded.request_hash'),
          status: eb.ref('excluded.status'),
          body: eb.ref('excluded.body'),
          created_at_ms: eb.ref('excluded.created_at_ms'),
        })),
      )
      .execute();
  }
}
