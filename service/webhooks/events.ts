/**
 * Events: the spec's event envelope `{id, object: "event", type, created_at, livemode, data:
 * {object}}`, written to the outbox inside the transaction of the change that causes it.
 */
import { newId } from '../ids.js';
import type { Scope, StoreData, WebhookEventRecord } from '../store/store.js';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function buildEvent(scope: Scope, type: string, object: unknown, nowMs: number): WebhookEventRecord {
  const id = newId('evt');
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created_at: iso(nowMs),
    livemode: scope.environment === 'live',
    data: { object },
  });
  return {
    id,
    accountId: scope.accountId,
    environment: scope.environment,
    type,
    payload,
    createdAtMs: nowMs,
  };
}

/** Puts the event in the outbox with its deliveries (how many were queued); call with the transaction's `tx`. */
export async function recordEvent(
  tx: StoreData,
  scope: Scope,
  type: string,
  object: unknown,
  nowMs: number,
  onlyEndpointId?: string,
): Promise<{ event: WebhookEventRecord; queued: number }> {
  const event = buildEvent(scope, type, object, nowMs);
  return { event, queued: await tx.insertWebhookEvent(event, onlyEndpointId) };
}
