/**
 * How the dashboard API shows stored records: a key (never its secret, only its last four
 * characters), a webhook endpoint and a delivery, in the spec's snake_case fields.
 */
import type { KeyRecord, WebhookDeliveryRecord, WebhookEndpointRecord } from '../../store/store.js';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function keyView(key: KeyRecord) {
  return {
    id: key.id,
    name: key.name,
    type: key.type,
    environment: key.environment,
    redacted: `${key.environment}_${key.type}_…${key.last4}`,
    scopes: key.scopes,
    created_at: key.createdAt,
    last_used_at: key.lastUsedAt ?? null,
    status: key.revokedAt ? ('revoked' as const) : ('active' as const),
  };
}

export function endpointView(endpoint: WebhookEndpointRecord) {
  return {
    id: endpoint.id,
    environment: endpoint.environment,
    url: endpoint.url,
    events: endpoint.eventTypes,
    status: endpoint.status,
    disabled_reason: endpoint.disabledReason,
    created_at: endpoint.createdAt,
  };
}

export function deliveryView(delivery: WebhookDeliveryRecord) {
  return {
    id: String(delivery.seq),
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.state,
    attempts: delivery.attempts,
    response_status: delivery.lastStatus,
    last_attempt_at: delivery.lastAttemptAtMs === null ? null : iso(delivery.lastAttemptAtMs),
    next_attempt_at: delivery.state === 'pending' ? iso(delivery.nextAttemptAtMs) : null,
  };
}
