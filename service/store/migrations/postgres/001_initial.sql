-- The schema of the SQLite store, in PostgreSQL types; JSON columns keep the client's key order (json, not jsonb).
CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE accounts (id TEXT PRIMARY KEY, tier INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  type TEXT NOT NULL CHECK (type IN ('pk', 'sk')),
  scopes JSON NOT NULL,
  hash BYTEA NOT NULL UNIQUE,
  last4 TEXT NOT NULL,
  name TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE TABLE subjects (
  seq BIGSERIAL PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  account_id TEXT NOT NULL,
  environment TEXT NOT NULL,
  created_at TEXT NOT NULL,
  consent JSON NOT NULL,
  metadata JSON NOT NULL,
  latest_scores JSON
);
CREATE INDEX subjects_by_scope ON subjects (account_id, environment, seq);
CREATE TABLE assessments (
  seq BIGSERIAL PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  subject_id TEXT NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  account_id TEXT NOT NULL,
  environment TEXT NOT NULL,
  status TEXT NOT NULL,
  answers JSON NOT NULL,
  scores JSON,
  created_at TEXT NOT NULL,
  completed_at TEXT,
  metadata JSON NOT NULL
);
CREATE INDEX assessments_by_subject ON assessments (subject_id, seq);
CREATE TABLE idempotency (
  account_id TEXT NOT NULL,
  environment TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL,
  PRIMARY KEY (account_id, environment, key)
);
CREATE TABLE usage (account_id TEXT NOT NULL, period TEXT NOT NULL, requests BIGINT NOT NULL, PRIMARY KEY (account_id, period));
