-- The dashboard (issue 15), sqlite: the same tables on both engines (keep the two in step).
-- Users sign in with e-mail and password (scrypt: service/dashboard/api/passwords.ts); sessions,
-- mail tokens and nothing else secret are stored only as sha256 hashes.
CREATE TABLE dashboard_users (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  email TEXT NOT NULL,
  -- Unique case-insensitively: the address as typed is kept in email, its lower case here.
  email_lower TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  email_verified_at TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE dashboard_sessions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES dashboard_users(id) ON DELETE CASCADE,
  csrf_token TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  last_seen_at_ms INTEGER NOT NULL
);
CREATE INDEX dashboard_sessions_by_user ON dashboard_sessions (user_id);
-- Failed sign-ins, by subject ("ip:<address>" or "user:<id>"), for the 10-per-15-minutes limit.
CREATE TABLE dashboard_signin_failures (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  subject TEXT NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE INDEX dashboard_signin_failures_by_subject ON dashboard_signin_failures (subject, at_ms);
-- One-use tokens sent by mail (verification, password reset), by sha256.
CREATE TABLE dashboard_mail_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES dashboard_users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  expires_at_ms INTEGER NOT NULL
);
-- The outbox the operator reads (npm run accounts -- mail): no mail server in the sandbox.
CREATE TABLE dashboard_mail (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
-- What the billing provider was told: plan changes and invoice lines (service/dashboard/api/billing.ts).
CREATE TABLE billing_records (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('plan_change', 'invoice_line')),
  payload_json TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX billing_records_by_account ON billing_records (account_id, seq);
-- Live requests per account per UTC day (usage has them per month), for the usage chart.
CREATE TABLE usage_daily (account_id TEXT NOT NULL, day TEXT NOT NULL, requests INTEGER NOT NULL, PRIMARY KEY (account_id, day));
ALTER TABLE api_keys ADD COLUMN last_used_at TEXT;
CREATE INDEX api_keys_by_account ON api_keys (account_id, environment);
