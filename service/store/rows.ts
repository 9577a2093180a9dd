/**
 * Rows ↔ records, once for both engines: each table's columns as the repositories select them,
 * the record a row becomes, and (for tables written from a record) the row a record becomes.
 * Adding a column: a migration per engine, its type in schema.ts, and its line here in the
 * column list and both mappings (README, "Architecture": the store).
 */
import type { Selectable } from 'kysely';
import type {
  ApiKeysTable,
  AssessmentsTable,
  BillingRecordsTable,
  DashboardSessionsTable,
  DashboardUsersTable,
  SubjectsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from './schema.js';
import type {
  AccountRecord,
  AssessmentRow,
  BillingRecord,
  KeyRecord,
  Scope,
  SessionRecord,
  SubjectRow,
  UserRecord,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  WebhookEventRecord,
} from './store.js';

const json = (value: unknown): string => JSON.stringify(value);
const jsonOrNull = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));
const parseOrNull = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/**
 * A deep copy of a JSON value (what JSON.parse makes: plain objects, arrays, strings, numbers,
 * booleans, null), several times faster than parsing its text again.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    // An own "__proto__" (JSON.parse makes one) must stay a property, not become the prototype.
    if (key === '__proto__')
      Object.defineProperty(copy, key, {
        value: copyJson(value[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else copy[key] = copyJson(value[key]);
  }
  return copy as T;
}

// ---- accounts and keys ------------------------------------------------------------------

export const ACCOUNT_COLUMNS = ['id', 'tier', 'created_at'] as const;

export const toAccount = (row: { id: string; tier: number; created_at: string }): AccountRecord => ({
  id: row.id,
  tier: row.tier,
  createdAt: row.created_at,
});

/** Every column of api_keys, named: a prepared statement selecting `*` would break when a migration adds a column while it is cached. */
export const KEY_COLUMNS = [
  'id',
  'account_id',
  'environment',
  'type',
  'scopes',
  'hash',
  'last4',
  'name',
  'created_at',
  'revoked_at',
  'last_used_at',
] as const satisfies ReadonlyArray<keyof ApiKeysTable>;

export const toKey = (row: Selectable<ApiKeysTable>): KeyRecord => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment,
  type: row.type,
  scopes: JSON.parse(row.scopes),
  hash: row.hash,
  last4: row.last4,
  name: row.name,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
  lastUsedAt: row.last_used_at ?? null,
});

export const keyRow = (key: KeyRecord) => ({
  id: key.id,
  account_id: key.accountId,
  environment: key.environment,
  type: key.type,
  scopes: json(key.scopes),
  hash: key.hash,
  last4: key.last4,
  name: key.name,
  created_at: key.createdAt,
  revoked_at: key.revokedAt,
});

// ---- subjects and assessments ------------------------------------------------------------

export const SUBJECT_COLUMNS = ['seq', 'id', 'created_at', 'consent', 'metadata', 'latest_scores'] as const;

export const toSubject = (
  row: Pick<Selectable<SubjectsTable>, (typeof SUBJECT_COLUMNS)[number]>,
): SubjectRow => ({
  seq: row.seq,
  id: row.id,
  createdAt: row.created_at,
  consentArtifact: JSON.parse(row.consent),
  metadata: JSON.parse(row.metadata),
  latestScores: parseOrNull(row.latest_scores),
});

export const subjectRow = (scope: Scope, subject: Omit<SubjectRow, 'seq' | 'latestScores'>) => ({
  id: subject.id,
  account_id: scope.accountId,
  environment: scope.environment,
  created_at: subject.createdAt,
  consent: json(subject.consentArtifact),
  metadata: json(subject.metadata),
});

export const ASSESSMENT_COLUMNS = [
  'seq',
  'id',
  'subject_id',
  'status',
  'answers',
  'scores',
  'created_at',
  'completed_at',
  'metadata',
] as const;

export const toAssessment = (
  row: Pick<Selectable<AssessmentsTable>, (typeof ASSESSMENT_COLUMNS)[number]>,
): AssessmentRow => ({
  seq: row.seq,
  id: row.id,
  subjectId: row.subject_id,
  status: row.status,
  answers: JSON.parse(row.answers),
  scores: parseOrNull(row.scores),
  createdAt: row.created_at,
  completedAt: row.completed_at,
  metadata: JSON.parse(row.metadata),
});

export const assessmentRow = (scope: Scope, assessment: Omit<AssessmentRow, 'seq'>) => ({
  id: assessment.id,
  subject_id: assessment.subjectId,
  account_id: scope.accountId,
  environment: scope.environment,
  status: assessment.status,
  answers: json(assessment.answers),
  scores: jsonOrNull(assessment.scores),
  created_at: assessment.createdAt,
  completed_at: assessment.completedAt,
  metadata: json(assessment.metadata),
});

/** What a submission changes: the assessment's progress (its scope, subject and creation never change). */
export const assessmentProgress = (assessment: AssessmentRow) => ({
  status: assessment.status,
  answers: json(assessment.answers),
  scores: jsonOrNull(assessment.scores),
  completed_at: assessment.completedAt,
});

export const scoresText = jsonOrNull;

// ---- webhooks -----------------------------------------------------------------------------

export const toWebhookEndpoint = (
  row: Selectable<WebhookEndpointsTable>,
  eventTypes: string[],
): WebhookEndpointRecord => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment,
  url: row.url,
  eventTypes,
  secretCiphertext: row.secret_ciphertext,
  previousSecretCiphertext: row.previous_secret_ciphertext,
  previousSecretExpiresAtMs: row.previous_secret_expires_at_ms,
  status: row.status,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at,
});

export const webhookEndpointRow = (endpoint: WebhookEndpointRecord) => ({
  id: endpoint.id,
  account_id: endpoint.accountId,
  environment: endpoint.environment,
  url: endpoint.url,
  secret_ciphertext: endpoint.secretCiphertext,
  previous_secret_ciphertext: endpoint.previousSecretCiphertext,
  previous_secret_expires_at_ms: endpoint.previousSecretExpiresAtMs,
  status: endpoint.status,
  disabled_reason: endpoint.disabledReason,
  created_at: endpoint.createdAt,
});

export const WEBHOOK_EVENT_COLUMNS = [
  'id',
  'account_id',
  'environment',
  'type',
  'payload',
  'created_at_ms',
] as const;

export const toWebhookEvent = (
  row: Pick<Selectable<WebhookEventsTable>, (typeof WEBHOOK_EVENT_COLUMNS)[number]>,
): WebhookEventRecord => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment,
  type: row.type,
  payload: row.payload,
  createdAtMs: row.created_at_ms,
});

export const webhookEventRow = (event: WebhookEventRecord) => ({
  id: event.id,
  account_id: event.accountId,
  environment: event.environment,
  type: event.type,
  payload: event.payload,
  created_at_ms: event.createdAtMs,
});

export const toWebhookDelivery = (
  row: Selectable<WebhookDeliveriesTable> & { event_type: string },
): WebhookDeliveryRecord => ({
  seq: row.seq,
  eventId: row.event_id,
  eventType: row.event_type,
  endpointId: row.endpoint_id,
  state: row.state,
  attempts: row.attempts,
  nextAttemptAtMs: row.next_attempt_at_ms,
  lastStatus: row.last_status,
  lastError: row.last_error,
  lastAttemptAtMs: row.last_attempt_at_ms,
});

// ---- the dashboard ------------------------------------------------------------------------

export const toUser = (row: Selectable<DashboardUsersTable>): UserRecord => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  passwordHash: row.password_hash,
  emailVerifiedAt: row.email_verified_at,
  createdAt: row.created_at,
});

export const userRow = (user: UserRecord) => ({
  id: user.id,
  account_id: user.accountId,
  email: user.email,
  email_lower: user.email.toLowerCase(),
  password_hash: user.passwordHash,
  email_verified_at: user.emailVerifiedAt,
  created_at: user.createdAt,
});

export const toSession = (row: Selectable<DashboardSessionsTable>): SessionRecord => ({
  tokenHash: row.token_hash,
  userId: row.user_id,
  csrfToken: row.csrf_token,
  createdAtMs: row.created_at_ms,
  lastSeenAtMs: row.last_seen_at_ms,
});

export const sessionRow = (session: SessionRecord) => ({
  token_hash: session.tokenHash,
  user_id: session.userId,
  csrf_token: session.csrfToken,
  created_at_ms: session.createdAtMs,
  last_seen_at_ms: session.lastSeenAtMs,
});

export const toBillingRecord = (row: Selectable<BillingRecordsTable>): BillingRecord => ({
  seq: row.seq,
  accountId: row.account_id,
  kind: row.kind,
  payload: JSON.parse(row.payload_json),
  createdAt: row.created_at,
});

export const billingRecordRow = (record: Omit<BillingRecord, 'seq'>) => ({
  account_id: record.accountId,
  kind: record.kind,
  payload_json: json(record.payload),
  created_at: record.createdAt,
});
