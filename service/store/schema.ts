/**
 * The tables as Kysely sees them: one row type per table, the same on both engines (the
 * migrations in migrations/<engine>/ create them). JSON columns are text here on both engines
 * (PostgreSQL's json type is read as text: engines/postgres/pool.ts), so rows.ts parses them the
 * same way everywhere; BIGINT columns are numbers (milliseconds and sequence numbers stay far below
 * 2^53). `Generated` marks columns the database fills in (sequence numbers, defaults).
 */
import type { Generated, Kysely } from 'kysely';
import type {
  Environment,
  KeyType,
  MailTokenPurpose,
  WebhookDeliveryState,
  WebhookEndpointStatus,
} from './store.js';

/** JSON text: JSON.stringify on the way in, JSON.parse on the way out (rows.ts). */
export type JsonText = string;

export interface SettingsTable {
  name: string;
  value: string;
}

export interface AccountsTable {
  id: string;
  tier: number;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  environment: Environment;
  type: KeyType;
  /** JSON array of scope names. */
  scopes: JsonText;
  /** sha256 of the raw key. */
  hash: Buffer;
  last4: string;
  name: string | null;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface SubjectsTable {
  seq: Generated<number>;
  id: string;
  account_id: string;
  environment: Environment;
  created_at: string;
  consent: JsonText;
  metadata: JsonText;
  /** Scores of the latest completed assessment, written when one completes. */
  latest_scores: JsonText | null;
}

export interface AssessmentsTable {
  seq: Generated<number>;
  id: string;
  subject_id: string;
  account_id: string;
  environment: Environment;
  status: 'in_progress' | 'completed';
  answers: JsonText;
  scores: JsonText | null;
  created_at: string;
  completed_at: string | null;
  metadata: JsonText;
}

export interface IdempotencyTable {
  account_id: string;
  environment: Environment;
  key: string;
  request_hash: string;
  status: number;
  body: string;
  created_at_ms: number;
}

/** Billable requests per account and month (the meter). */
export interface UsageTable {
  account_id: string;
  period: string;
  requests: number;
}

/** Live requests per account and UTC day (the dashboard's chart). */
export interface UsageDailyTable {
  account_id: string;
  day: string;
  requests: number;
}

export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  environment: Environment;
  url: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at_ms: number | null;
  status: WebhookEndpointStatus;
  disabled_reason: string | null;
  created_at: string;
}

export interface WebhookEndpointEventTypesTable {
  endpoint_id: string;
  /** An event type, or '*' for all. */
  event_type: string;
}

export interface WebhookEventsTable {
  seq: Generated<number>;
  id: string;
  account_id: string;
  environment: Environment;
  type: string;
  payload: string;
  created_at_ms: number;
}

export interface WebhookDeliveriesTable {
  seq: Generated<number>;
  event_id: string;
  endpoint_id: string;
  state: WebhookDeliveryState;
  attempts: Generated<number>;
  next_attempt_at_ms: number;
  lease_until_ms: number | null;
  lease_owner: string | null;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at_ms: number | null;
}

export interface DashboardUsersTable {
  id: string;
  account_id: string;
  email: string;
  /** The address in lower case: unique, so one address signs up once in any letter case. */
  email_lower: string;
  password_hash: string;
  email_verified_at: string | null;
  created_at: string;
}

export interface DashboardSessionsTable {
  token_hash: string;
  user_id: string;
  csrf_token: string;
  created_at_ms: number;
  last_seen_at_ms: number;
}

export interface DashboardSigninFailuresTable {
  seq: Generated<number>;
  subject: string;
  at_ms: number;
}

export interface DashboardMailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: MailTokenPurpose;
  expires_at_ms: number;
}

export interface DashboardMailTable {
  seq: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface BillingRecordsTable {
  seq: Generated<number>;
  account_id: string;
  kind: 'plan_change' | 'invoice_line';
  payload_json: JsonText;
  created_at: string;
}

export interface Schema {
  settings: SettingsTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  subjects: SubjectsTable;
  assessments: AssessmentsTable;
  idempotency: IdempotencyTable;
  usage: UsageTable;
  usage_daily: UsageDailyTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_endpoint_event_types: WebhookEndpointEventTypesTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  dashboard_users: DashboardUsersTable;
  dashboard_sessions: DashboardSessionsTable;
  dashboard_signin_failures: DashboardSigninFailuresTable;
  dashboard_mail_tokens: DashboardMailTokensTable;
  dashboard_mail: DashboardMailTable;
  billing_records: BillingRecordsTable;
}

/** The database a repository queries: the store's connection (or pool), or an open transaction. */
export type Db = Kysely<Schema>;
