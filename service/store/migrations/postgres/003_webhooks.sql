-- Webhooks, PostgreSQL: the same tables as migrations/sqlite/003_webhooks.sql (keep the two in
-- step); only the sequence columns differ (BIGSERIAL). Version 003 on both engines, after
-- 002_rate_buckets (issue 17). Claims use SELECT ... FOR UPDATE SKIP LOCKED on webhook_deliveries
-- (WebhookData.claimWebhookDeliveries in store.ts).
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  url TEXT NOT NULL,
  -- AES-256-GCM ciphertexts (service/webhooks/secrets.ts); the key lives outside the database.
  secret_ciphertext TEXT NOT NULL,
  previous_secret_ciphertext TEXT,
  previous_secret_expires_at_ms BIGINT,
  status TEXT NOT NULL CHECK (status IN ('enabled', 'disabled')),
  disabled_reason TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_by_scope ON webhook_endpoints (account_id, environment);
-- The event types an endpoint wants, one row each; '*' means every type.
CREATE TABLE webhook_endpoint_event_types (
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_type TEXT NOT NULL,
  PRIMARY KEY (endpoint_id, event_type)
);
-- The outbox: written in the same transaction as the change that causes the event.
CREATE TABLE webhook_events (
  seq BIGSERIAL PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  account_id TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL
);
-- One row per event and endpoint. Due when state = 'pending', next_attempt_at_ms has passed and
-- no live lease is held; a dispatcher claims rows by setting lease_until_ms (PostgreSQL: SELECT
-- ... FOR UPDATE SKIP LOCKED), so a crashed dispatcher's rows are claimed again after the lease.
CREATE TABLE webhook_deliveries (
  seq BIGSERIAL PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at_ms BIGINT NOT NULL,
  lease_until_ms BIGINT,
  lease_owner TEXT,
  last_status INTEGER,
  last_error TEXT,
  last_attempt_at_ms BIGINT,
  UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at_ms);
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, seq);
