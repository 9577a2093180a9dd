/**
 * Webhook endpoints, the events outbox and the delivery queue (store.ts WebhookData). Only the
 * claim's leasing step is an engine special (Engine.leaseWebhookDeliveries); which deliveries it
 * may take is `claimable`, written here once for both engines' claims.
 */
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Engine } from '../engine.js';
import {
  toWebhookDelivery,
  toWebhookEndpoint,
  toWebhookEvent,
  WEBHOOK_EVENT_COLUMNS,
  webhookEndpointRow,
  webhookEventRow,
} from '../rows.js';
import type { Db, Schema } from '../schema.js';
import type {
  ClaimedWebhookDelivery,
  WebhookAttemptOutcome,
  WebhookData,
  WebhookDeliveryRecord,
  WebhookDeliveryState,
  WebhookEndpointRecord,
  WebhookEndpointStatus,
  WebhookEventRecord,
} from '../store.js';
import { RESEND_AFTER_LEASE } from '../store.js';
import { atomically, locksRows } from '../transactions.js';

type ClaimTables = Schema & { d: Schema['webhook_deliveries']; e: Schema['webhook_endpoints'] };

/**
 * A delivery `d` (joined to its endpoint `e`) that a claim at nowMs may take: pending, due, no live
 * lease, endpoint enabled, no delivery of its endpoint leased, and the endpoint's oldest due one
 * (so each endpoint gets its events in order, one at a time).
 */
export function claimable(nowMs: number): Expression<SqlBool> {
  const eb = expressionBuilder<ClaimTables, 'd' | 'e'>();
  const pendingOfSameEndpoint = (alias: 'x' | 'y') =>
    eb
      .selectFrom(`webhook_deliveries as ${alias}`)
      .select(sql.lit(1).as('found'))
      .whereRef(`${alias}.endpoint_id`, '=', 'd.endpoint_id')
      .where(`${alias}.state`, '=', 'pending');
  return eb.and([
    eb('d.state', '=', 'pending'),
    eb('d.next_attempt_at_ms', '<=', nowMs),
    eb.or([eb('d.lease_until_ms', 'is', null), eb('d.lease_until_ms', '<=', nowMs)]),
    eb('e.status', '=', 'enabled'),
    eb.not(eb.exists(pendingOfSameEndpoint('x').where('x.lease_until_ms', '>', nowMs))),
    eb.not(
      eb.exists(
        pendingOfSameEndpoint('y').where('y.next_attempt_at_ms', '<=', nowMs).whereRef('y.seq', '<', 'd.seq'),
      ),
    ),
  ]);
}

/** Event types sorted by their bytes (as SQLite's BINARY collation and PostgreSQL's "C" sort). */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

type EndpointFilter = (
  eb: ExpressionBuilder<Schema & { e: Schema['webhook_endpoints'] }, 'e'>,
) => Expression<SqlBool>;

export class WebhooksRepository implements WebhookData {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  insertWebhookEndpoint(endpoint: WebhookEndpointRecord): Promise<void> {
    return atomically(this.db, async (trx) => {
      await trx.insertInto('webhook_endpoints').values(webhookEndpointRow(endpoint)).execute();
      const types = [...new Set(endpoint.eventTypes)];
      if (types.length > 0)
        await trx
          .insertInto('webhook_endpoint_event_types')
          .values(types.map((type) => ({ endpoint_id: endpoint.id, event_type: type })))
          .execute();
    });
  }

  async findWebhookEndpoint(id: string): Promise<WebhookEndpointRecord | undefined> {
    return (await endpointsWhere(this.db, (eb) => eb('e.id', '=', id), locksRows(this.db, this.engine)))[0];
  }

  listWebhookEndpoints(accountId?: string): Promise<WebhookEndpointRecord[]> {
    return endpointsWhere(
      this.db,
      (eb) => (accountId === undefined ? eb.lit(true) : eb('e.account_id', '=', accountId)),
      false,
    );
  }

  async setWebhookEndpointSecrets(
    id: string,
    secretCiphertext: string,
    previous: { ciphertext: string; expiresAtMs: number } | null,
  ): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set({
        secret_ciphertext: secretCiphertext,
        previous_secret_ciphertext: previous?.ciphertext ?? null,
        previous_secret_expires_at_ms: previous?.expiresAtMs ?? null,
      })
      .where('id', '=', id)
      .execute();
  }

  async setWebhookEndpointStatus(
    id: string,
    status: WebhookEndpointStatus,
    reason: string | null,
  ): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set({ status, disabled_reason: reason })
      .where('id', '=', id)
      .execute();
  }

  async deleteWebhookEndpoint(id: string): Promise<boolean> {
    // Its event types and deliveries go with it (ON DELETE CASCADE).
    const result = await this.db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  insertWebhookEvent(event: WebhookEventRecord, onlyEndpointId?: string): Promise<number> {
    return atomically(this.db, async (trx) => {
      await trx.insertInto('webhook_events').values(webhookEventRow(event)).execute();
      // One pending delivery, due at once, per enabled endpoint of the event's scope that wants its type.
      const queued = await trx
        .insertInto('webhook_deliveries')
        .columns(['event_id', 'endpoint_id', 'state', 'attempts', 'next_attempt_at_ms'])
        .expression((eb) =>
          eb
            .selectFrom(['webhook_events as v', 'webhook_endpoints as e'])
            .select([
              'v.id as event_id',
              'e.id as endpoint_id',
              sql.lit('pending').as('state'),
              sql.lit(0).as('attempts'),
              'v.created_at_ms as next_attempt_at_ms',
            ])
            .where('v.id', '=', event.id)
            .whereRef('e.account_id', '=', 'v.account_id')
            .whereRef('e.environment', '=', 'v.environment')
            .where('e.status', '=', 'enabled')
            .$if(onlyEndpointId !== undefined, (query) => query.where('e.id', '=', onlyEndpointId!))
            .where((wb) =>
              wb.exists(
                wb
                  .selectFrom('webhook_endpoint_event_types as t')
                  .select(sql.lit(1).as('found'))
                  .whereRef('t.endpoint_id', '=', 'e.id')
                  .where((tb) =>
                    tb.or([tb('t.event_type', '=', tb.ref('v.type')), tb('t.event_type', '=', '*')]),
                  ),
              ),
            )
            .orderBy('e.created_at')
            .orderBy('e.id'),
        )
        .executeTakeFirst();
      return Number(queued.numInsertedOrUpdatedRows ?? 0n);
    });
  }

  async findWebhookEvent(id: string): Promise<WebhookEventRecord | undefined> {
    const row = await this.db
      .selectFrom('webhook_events')
      .select(WEBHOOK_EVENT_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toWebhookEvent(row);
  }

  async claimWebhookDeliveries(
    owner: string,
    nowMs: number,
    leaseUntilMs: number,
    limit: number,
  ): Promise<ClaimedWebhookDelivery[]> {
    if (limit <= 0) return [];
    return atomically(this.db, async (trx) => {
      const leased = await this.engine.leaseWebhookDeliveries(trx, owner, nowMs, leaseUntilMs, limit);
      if (leased.length === 0) return [];
      const deliveries = await deliveriesWhere(trx, (eb) => eb('d.seq', 'in', leased), 'asc', leased.length);
      const events = await trx
        .selectFrom('webhook_events')
        .select(WEBHOOK_EVENT_COLUMNS)
        .where('id', 'in', [...new Set(deliveries.map((delivery) => delivery.eventId))])
        .execute();
      const eventById = new Map(events.map((row) => [row.id, toWebhookEvent(row)]));
      const endpoints = await endpointsWhere(
        trx,
        (eb) => eb('e.id', 'in', [...new Set(deliveries.map((delivery) => delivery.endpointId))]),
        false,
      );
      const endpointById = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
      return deliveries.map((delivery) => ({
        delivery,
        event: eventById.get(delivery.eventId)!,
        endpoint: endpointById.get(delivery.endpointId)!,
      }));
    });
  }

  async completeWebhookDelivery(
    seq: number,
    owner: string,
    attemptAtMs: number,
    outcome: WebhookAttemptOutcome,
  ): Promise<boolean> {
    const state: WebhookDeliveryState =
      outcome.kind === 'succeeded' ? 'succeeded' : outcome.kind === 'failed' ? 'failed' : 'pending';
    const error = outcome.kind === 'succeeded' ? null : outcome.error;
    const next = outcome.kind === 'retry' ? outcome.nextAttemptAtMs : attemptAtMs;
    const disable = outcome.kind === 'failed' && outcome.disableEndpoint;
    const record = async (db: Db) => {
      // Only while the lease is ours. A lease marked by a resend during this attempt records the
      // answer and leaves the delivery pending and due (from the resend).
      const done = await db
        .updateTable('webhook_deliveries')
        .set((eb) => {
          const ours = eb('lease_owner', '=', owner);
          return {
            state: eb.case().when(ours).then(state).else('pending').end().$castTo<WebhookDeliveryState>(),
            attempts: eb
              .case()
              .when(ours)
              .then(eb('attempts', '+', 1))
              .else(eb.ref('attempts'))
              .end(),
            next_attempt_at_ms: eb.case().when(ours).then(next).else(eb.ref('next_attempt_at_ms')).end(),
            lease_until_ms: null,
            lease_owner: null,
            last_status: outcome.status,
            last_error: error,
            last_attempt_at_ms: attemptAtMs,
          };
        })
        .where('seq', '=', seq)
        .where('lease_owner', 'in', [owner, RESEND_AFTER_LEASE + owner])
        .where('state', '=', 'pending')
        .returning(['endpoint_id', 'state'])
        .executeTakeFirst();
      if (done?.state === 'failed' && disable) {
        await db
          .updateTable('webhook_endpoints')
          .set({ status: 'disabled', disabled_reason: error })
          .where('id', '=', done.endpoint_id)
          .execute();
      }
      return done !== undefined;
    };
    // One statement unless the endpoint may be turned off too; then both commit together.
    return disable ? atomically(this.db, record) : record(this.db);
  }

  listWebhookDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]> {
    return deliveriesWhere(this.db, (eb) => eb('d.endpoint_id', '=', endpointId), 'desc', limit);
  }

  requeueWebhookEvent(eventId: string, nowMs: number, onlyEndpointId?: string): Promise<string[]> {
    return atomically(this.db, async (trx) => {
      // An attempt in flight keeps its lease, marked, so the endpoint gets no second request meanwhile.
      const requeued = await trx
        .updateTable('webhook_deliveries')
        .set((eb) => {
          const inFlight = eb('lease_until_ms', '>', nowMs);
          const marked = eb
            .case()
            .when('lease_owner', 'like', `${RESEND_AFTER_LEASE}%`)
            .then(eb.ref('lease_owner'))
            .else(sql<string>`${RESEND_AFTER_LEASE} || lease_owner`)
            .end();
          return {
            state: 'pending',
            attempts: 0,
            next_attempt_at_ms: nowMs,
            lease_owner: eb.case().when(inFlight).then(marked).else(null).end(),
            lease_until_ms: eb.case().when(inFlight).then(eb.ref('lease_until_ms')).else(null).end(),
          };
        })
        .where('event_id', '=', eventId)
        .$if(onlyEndpointId !== undefined, (query) => query.where('endpoint_id', '=', onlyEndpointId!))
        .returning(['seq', 'endpoint_id'])
        .execute();
      const endpoints = requeued.sort((a, b) => a.seq - b.seq).map((row) => row.endpoint_id);
      if (endpoints.length > 0)
        await trx
          .updateTable('webhook_endpoints')
          .set({ status: 'enabled', disabled_reason: null })
          .where('id', 'in', endpoints)
          .execute();
      return endpoints;
    });
  }
}

/** Endpoints matching the filter, oldest first, each with its event types (FOR UPDATE of the endpoint rows when `lock`). */
async function endpointsWhere(
  db: Db,
  filter: EndpointFilter,
  lock: boolean,
): Promise<WebhookEndpointRecord[]> {
  const rows = await db
    .selectFrom('webhook_endpoints as e')
    .selectAll('e')
    .where(filter)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .$if(lock, (query) => query.forUpdate())
    .execute();
  if (rows.length === 0) return [];
  const types = await db
    .selectFrom('webhook_endpoint_event_types as t')
    .innerJoin('webhook_endpoints as e', 'e.id', 't.endpoint_id')
    .select(['t.endpoint_id', 't.event_type'])
    .where(filter)
    .execute();
  const typesOf = new Map<string, string[]>();
  for (const { endpoint_id, event_type } of types)
    typesOf.set(endpoint_id, [...(typesOf.get(endpoint_id) ?? []), event_type]);
  return rows.map((row) => toWebhookEndpoint(row, (typesOf.get(row.id) ?? []).sort(byBytes)));
}

type DeliveryFilter = (
  eb: ExpressionBuilder<Schema & { d: Schema['webhook_deliveries'] }, 'd'>,
) => Expression<SqlBool>;

/** Deliveries matching the filter, by sequence, each with its event's type. */
async function deliveriesWhere(
  db: Db,
  filter: DeliveryFilter,
  order: 'asc' | 'desc',
  limit: number,
): Promise<WebhookDeliveryRecord[]> {
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .selectAll('d')
    .select('v.type as event_type')
    .where(filter)
    .orderBy('d.seq', order)
    .limit(limit)
    .execute();
  return rows.map(toWebhookDelivery);
}
