-- The schema as it was before versioned migrations: IF NOT EXISTS, so a database made by the
-- unversioned service is adopted as version 1 unchanged.
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, tier INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  type TEXT NOT NULL CHECK (type IN ('pk', 'sk')),
  scopes TEXT NOT NULL,
  hash BLOB NOT NULL UNIQUE,
  last4 TEXT NOT NULL,
  name TEXT,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS subjects (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  account_id TEXT NOT NULL,
  environment TEXT NOT NULL,
  created_at TEXT NOT NULL,
  consent_json TEXT NOT NULL,
  metadata_json TEXT NOT NULL,
  latest_scores_json TEXT
);
CREATE INDEX IF NOT EXISTS subjects_by_scope ON subjects (account_id, environment, seq);
CREATE TABLE IF NOT EXISTS assessments (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  subject_id TEXT NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  account_id TEXT NOT NULL,
  environment TEXT NOT NULL,
  status TEXT NOT NULL,
  answers_json TEXT NOT NULL,
  scores_json TEXT,
  created_at TEXT NOT NULL,
  completed_at TEXT,
  metadata_json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS assessments_by_subject ON assessments (subject_id, seq);
CREATE TABLE IF NOT EXISTS idempotency (
  account_id TEXT NOT NULL,
  environment TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, environment, key)
);
CREATE TABLE IF NOT EXISTS usage (account_id TEXT NOT NULL, period TEXT NOT NULL, requests INTEGER NOT NULL, PRIMARY KEY (account_id, period));
