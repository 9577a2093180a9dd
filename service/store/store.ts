/**
 * The storage the service needs, as an asynchronous interface. Handlers never know which engine
 * runs. Every data method is scoped by account and environment, so one environment's data is
 * never visible from the other. Each group of methods below is one domain repository
 * (repositories/<domain>.ts), written once with Kysely for both engines (sqlite.ts, postgres.ts).
 *
 * Writes that must happen together (a change and the outbox row it causes, a key rotation) run
 * in `store.transaction(async (tx) => …)` and use only `tx` inside: the store itself would wait
 * for the transaction to end. Adding a table: a numbered migration per engine
 * (store/migrations/<engine>/NNN_name.sql), its row type in schema.ts and mapping in rows.ts,
 * methods here and in its repository, and cases in test/integration/service/store/conformance.test.ts.
 */
import type { Awaitable } from '../awaitable.js';
import type { BucketLimit, RateDecision } from '../rate-limit.js';
import type { MigrationReport } from './migrations.js';

export type Environment = 'test' | 'live';
export type KeyType = 'pk' | 'sk';

export interface Scope {
  accountId: string;
  environment: Environment;
}

export interface AccountRecord {
  id: string;
  tier: number;
  createdAt: string;
}

export interface KeyRecord {
  id: string;
  accountId: string;
  environment: Environment;
  type: KeyType;
  scopes: string[];
  /** sha256 of the raw key; the raw key is never stored. */
  hash: Buffer;
  last4: string;
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
  /** When the key last authenticated a request (written at most once a minute), or null. */
  lastUsedAt?: string | null;
}

/** A key with its account (undefined when the account row is gone), as a request's authentication reads them together. */
export interface KeyWithAccount {
  key: KeyRecord;
  account: AccountRecord | undefined;
}

export interface SubjectRow {
  seq: number;
  id: string;
  createdAt: string;
  consentArtifact: Record<string, unknown>;
  metadata: Record<string, string>;
  /** Scores of the latest completed assessment, or null. */
  latestScores: { mn: number; mi: number } | null;
}

export interface AssessmentRow {
  seq: number;
  id: string;
  subjectId: string;
  status: 'in_progress' | 'completed';
  answers: Array<{ item_id: string; value: number }>;
  scores: { mn: number; mi: number } | null;
  createdAt: string;
  completedAt: string | null;
  metadata: Record<string, string>;
}

/** Where a page starts: after or before the item with this sequence number, or at the top. */
export type PageBoundary = { after: number } | { before: number } | null;

export interface PageQuery {
  limit: number;
  boundary: PageBoundary;
}

/** Rows of one page (newest first), and where the neighbouring pages start. */
export interface PageResult<Row> {
  rows: Row[];
  /** More items beyond the page in its direction. */
  hasMore: boolean;
  /** Boundary for the page of older items (`{ after }`), or null when there are none. */
  older: number | null;
  /** Boundary for the page of newer items (`{ before }`), or null when there are none. */
  newer: number | null;
}

export interface IdempotencyRecord {
  requestHash: string;
  status: number;
  body: string;
  createdAtMs: number;
}

/** Accounts, API keys and settings (repositories/keys.ts). */
export interface KeyData {
  createAccount(id: string, tier: number, now: string): Promise<AccountRecord>;
  findAccount(id: string): Promise<AccountRecord | undefined>;
  /** Every account, oldest first (the accounts CLI's list). */
  listAccounts(): Promise<AccountRecord[]>;
  setAccountTier(id: string, tier: number): Promise<void>;
  insertKey(key: KeyRecord): Promise<void>;
  findKeyByHash(hash: Buffer): Promise<KeyRecord | undefined>;
  /**
   * The key whose sha256 is this digest (its 32 bytes as latin1 characters: keys.ts keyDigest) and
   * its account, read together: what every authenticated request needs, in one round trip.
   */
  findKeyWithAccount(digest: string): Awaitable<KeyWithAccount | undefined>;
  findKeyById(id: string): Promise<KeyRecord | undefined>;
  listKeys(): Promise<KeyRecord[]>;
  /** Marks the key revoked; every instance refuses it from its next request on (on PostgreSQL, once its key cache is told: engines/postgres/key-cache.ts). */
  revokeKey(id: string, now: string): Promise<void>;
  countKeys(): Promise<number>;
  /** The account's keys in one environment, newest first. */
  listAccountKeys(accountId: string, environment: Environment): Promise<KeyRecord[]>;
  /** Written with the meters, every few seconds and when the store closes (write-behind.ts); never moves back in time. */
  setKeyLastUsed(id: string, at: string): Promise<void>;
  /** A value kept across restarts (e.g. the cursor-signing secret), created once even when instances race. */
  setting(name: string, create: () => string): Promise<string>;
}

/** Subjects and assessments of the Nature product (repositories/nature.ts). */
export interface NatureData {
  insertSubject(scope: Scope, subject: Omit<SubjectRow, 'seq' | 'latestScores'>): Promise<SubjectRow>;
  findSubject(scope: Scope, id: string): Awaitable<SubjectRow | undefined>;
  /**
   * findSubject for a caller that only reads what it finds (the subject's GET): the record may be
   * shared with other such readers and is deep-frozen, so nothing can change it (a write throws),
   * where findSubject gives each caller a copy of its own.
   */
  findSubjectShared(scope: Scope, id: string): Awaitable<Readonly<SubjectRow> | undefined>;
  pageSubjects(scope: Scope, query: PageQuery): Promise<PageResult<SubjectRow>>;
  /** Deletes the subject and its assessments; returns the subject as it was. */
  deleteSubject(scope: Scope, id: string): Promise<SubjectRow | undefined>;
  insertAssessment(scope: Scope, assessment: Omit<AssessmentRow, 'seq'>): Promise<AssessmentRow>;
  findAssessment(scope: Scope, id: string): Promise<AssessmentRow | undefined>;
  pageAssessments(scope: Scope, subjectId: string, query: PageQuery): Promise<PageResult<AssessmentRow>>;
  /** Writes status, answers, scores and completion; completing also sets the subject's latest scores. */
  updateAssessment(scope: Scope, assessment: AssessmentRow): Promise<void>;
}

/** Rate-limit buckets and idempotency records (repositories/requests.ts). */
export interface RequestData {
  /**
   * Refills the named token buckets to `nowMs` and takes one token from each, or from none when
   * any is empty (service/rate-limit.ts has the arithmetic). Atomic: concurrent requests on any
   * instance never lose an update.
   */
  takeTokens(limits: BucketLimit[], nowMs: number): Awaitable<RateDecision>;
  findIdempotency(scope: Scope, key: string, notBeforeMs: number): Promise<IdempotencyRecord | undefined>;
  /** Inserts or replaces (an expired record is replaced by a new one). */
  saveIdempotency(scope: Scope, key: string, record: IdempotencyRecord): Promise<void>;
}

/** The billing meter (repositories/usage.ts). */
export interface UsageData {
  /**
   * Counts one billable request for the account in a period (e.g. "2026-11"); no increment is lost
   * by concurrency. Counted in memory and written every few seconds and when the store closes
   * (write-behind.ts): a process killed without closing loses at most its last interval's counts.
   */
  meter(accountId: string, period: string): Promise<void>;
  usage(accountId: string, period: string): Promise<number>;
  /** Counts one live request for the account on a UTC day ("2026-11-22"). */
  meterDay(accountId: string, day: string): Promise<void>;
  /** Live requests per day of a month ("2026-11"), oldest first, days without requests left out. */
  dailyUsage(accountId: string, month: string): Promise<Array<{ day: string; requests: number }>>;
}

// ---- Webhooks (service/webhooks/): endpoints, the events outbox and the delivery queue --------

export type WebhookEndpointStatus = 'enabled' | 'disabled';

export interface WebhookEndpointRecord {
  id: string;
  accountId: string;
  environment: Environment;
  url: string;
  /** Event types wanted; ['*'] for all. */
  eventTypes: string[];
  /** The signing secret, encrypted (service/webhooks/secrets.ts); the store never sees it raw. */
  secretCiphertext: string;
  /** The secret before the last rotation, still signing until previousSecretExpiresAtMs. */
  previousSecretCiphertext: string | null;
  previousSecretExpiresAtMs: number | null;
  status: WebhookEndpointStatus;
  disabledReason: string | null;
  createdAt: string;
}

export interface WebhookEventRecord {
  id: string;
  accountId: string;
  environment: Environment;
  type: string;
  /** The exact JSON body every delivery of the event sends (and signs). */
  payload: string;
  createdAtMs: number;
}

export type WebhookDeliveryState = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryRecord {
  seq: number;
  eventId: string;
  eventType: string;
  endpointId: string;
  state: WebhookDeliveryState;
  attempts: number;
  nextAttemptAtMs: number;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAtMs: number | null;
}

/** A delivery a dispatcher holds a lease on, with what it needs to send it. */
export interface ClaimedWebhookDelivery {
  delivery: WebhookDeliveryRecord;
  event: WebhookEventRecord;
  endpoint: WebhookEndpointRecord;
}

/** What one attempt came to; recorded only if the lease is still the caller's. */
/**
 * Prefix of a delivery's lease owner when the event was re-sent while that owner's attempt was in
 * flight: the lease still holds the endpoint, and completing it re-queues instead of finishing.
 */
export const RESEND_AFTER_LEASE = 'resend-after:';

export type WebhookAttemptOutcome =
  | { kind: 'succeeded'; status: number }
  | { kind: 'retry'; status: number | null; error: string | null; nextAttemptAtMs: number }
  /** The schedule is spent (or the event cannot be sent): the delivery fails; disableEndpoint turns the endpoint off. */
  | { kind: 'failed'; status: number | null; error: string; disableEndpoint: boolean };

/**
 * Webhook endpoints, the outbox and the delivery queue (repositories/webhooks.ts; the claim's
 * leasing step is each engine's: engines/<engine>/claim.ts).
 */
export interface WebhookData {
  /** Inserts an endpoint and its event types. */
  insertWebhookEndpoint(endpoint: WebhookEndpointRecord): Promise<void>;
  findWebhookEndpoint(id: string): Promise<WebhookEndpointRecord | undefined>;
  /** Every endpoint, oldest first; only one account's when accountId is given. */
  listWebhookEndpoints(accountId?: string): Promise<WebhookEndpointRecord[]>;
  /** Replaces the secrets (rotation): the new one, and the old one with the end of its overlap. */
  setWebhookEndpointSecrets(
    id: string,
    secretCiphertext: string,
    previous: { ciphertext: string; expiresAtMs: number } | null,
  ): Promise<void>;
  setWebhookEndpointStatus(id: string, status: WebhookEndpointStatus, reason: string | null): Promise<void>;
  /** Removes the endpoint and its deliveries; false when there was none. */
  deleteWebhookEndpoint(id: string): Promise<boolean>;
  /**
   * The outbox: inserts the event and one pending delivery, due at once, for every enabled
   * endpoint of the event's account and environment that wants its type. Call it inside the
   * transaction that makes the change. Returns how many deliveries were queued.
   */
  /** Writes the event and a delivery for each matching endpoint (only `onlyEndpointId`, when given: a test event sent to one endpoint). */
  insertWebhookEvent(event: WebhookEventRecord, onlyEndpointId?: string): Promise<number>;
  findWebhookEvent(id: string): Promise<WebhookEventRecord | undefined>;
  /**
   * Claims up to `limit` due deliveries for `owner` until leaseUntilMs: pending, next attempt
   * passed, no live lease, endpoint enabled; at most one per endpoint and never one while an
   * endpoint has another leased, the oldest due first, so each endpoint gets its events in order.
   * Atomic across dispatchers (PostgreSQL: FOR UPDATE SKIP LOCKED).
   */
  claimWebhookDeliveries(
    owner: string,
    nowMs: number,
    leaseUntilMs: number,
    limit: number,
  ): Promise<ClaimedWebhookDelivery[]>;
  /**
   * Records an attempt and releases the lease; false (nothing written) when the lease was lost.
   * When the event was re-sent while this attempt was in flight, the attempt's answer is recorded
   * but the delivery stays pending, due at the resend's time (so it goes out once more, after).
   */
  completeWebhookDelivery(
    seq: number,
    owner: string,
    attemptAtMs: number,
    outcome: WebhookAttemptOutcome,
  ): Promise<boolean>;
  /** The endpoint's deliveries, newest first. */
  listWebhookDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]>;
  /**
   * Resend: every delivery of the event goes back to pending, due at once, with its attempts
   * reset, and each of its endpoints is enabled again. Returns the endpoints re-queued. A
   * delivery with an attempt in flight keeps its lease (marked RESEND_AFTER_LEASE + owner), so no
   * second request goes to the endpoint before that attempt is recorded.
   */
  /** Re-queues the event for every endpoint that had it (only `onlyEndpointId`, when given) and re-enables those endpoints. */
  requeueWebhookEvent(eventId: string, nowMs: number, onlyEndpointId?: string): Promise<string[]>;
}

// ---- The dashboard (service/dashboard/api/): users, sessions, mail, billing records ------------

export interface UserRecord {
  id: string;
  accountId: string;
  /** As typed at sign-up; compared case-insensitively. */
  email: string;
  /** scrypt (service/dashboard/api/passwords.ts), never the password. */
  passwordHash: string;
  emailVerifiedAt: string | null;
  createdAt: string;
}

export interface SessionRecord {
  /** sha256 (hex) of the cookie's token; the token itself is never stored. */
  tokenHash: string;
  userId: string;
  csrfToken: string;
  createdAtMs: number;
  lastSeenAtMs: number;
}

export type MailTokenPurpose = 'verify_email' | 'reset_password';

export interface MailRecord {
  seq: number;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

export interface BillingRecord {
  seq: number;
  accountId: string;
  kind: 'plan_change' | 'invoice_line';
  payload: Record<string, unknown>;
  createdAt: string;
}

/** The dashboard's users, sessions and mail, and billing records (repositories/dashboard.ts). */
export interface DashboardData {
  /** False (and nothing written) when a user has this e-mail address in any letter case. */
  insertUser(user: UserRecord): Promise<boolean>;
  findUserByEmail(email: string): Promise<UserRecord | undefined>;
  findUserById(id: string): Promise<UserRecord | undefined>;
  listUsers(): Promise<UserRecord[]>;
  setUserPassword(id: string, passwordHash: string): Promise<void>;
  setUserEmailVerified(id: string, at: string): Promise<void>;
  insertSession(session: SessionRecord): Promise<void>;
  findSession(tokenHash: string): Promise<SessionRecord | undefined>;
  touchSession(tokenHash: string, lastSeenAtMs: number): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of the user (sign out everywhere, password reset). */
  deleteUserSessions(userId: string): Promise<void>;
  /** Records one failure per subject; returns their sequence numbers (in subject order), which order attempts across instances. */
  recordSignInFailure(subjects: string[], atMs: number): Promise<number[]>;
  /** Takes back failures by sequence number (a sign-in counted before its password was checked, that succeeded or was refused unchecked). */
  forgetSignInFailures(seqs: number[]): Promise<void>;
  /** Failures of the subject at or after sinceMs (recorded up to upToSeq, when given), and the oldest of them (for Retry-After). */
  signInFailures(
    subject: string,
    sinceMs: number,
    upToSeq?: number,
  ): Promise<{ count: number; oldestAtMs: number | null }>;
  insertMailToken(
    tokenHash: string,
    userId: string,
    purpose: MailTokenPurpose,
    expiresAtMs: number,
  ): Promise<void>;
  /** Deletes the token and returns its user, when it exists for this purpose and has not expired. */
  consumeMailToken(tokenHash: string, purpose: MailTokenPurpose, nowMs: number): Promise<string | undefined>;
  /** Deletes every unused token of the user for this purpose (a reset done makes older reset links useless). */
  deleteUserMailTokens(userId: string, purpose: MailTokenPurpose): Promise<void>;
  insertMail(mail: Omit<MailRecord, 'seq'>): Promise<void>;
  listMail(): Promise<MailRecord[]>;
  insertBillingRecord(record: Omit<BillingRecord, 'seq'>): Promise<void>;
  listBillingRecords(accountId: string): Promise<BillingRecord[]>;
}

/** Everything a handler can read and write, inside or outside a transaction. */
export type StoreData = KeyData & NatureData & RequestData & UsageData & WebhookData & DashboardData;

/** The store as seen inside a transaction. */
export interface Transaction extends StoreData {
  /**
   * Holds a named lock until the transaction ends: a second transaction asking for the same name
   * (in this process or another instance) waits. Used so that one Idempotency-Key creates once.
   */
  lock(name: string): Promise<void>;
}

export interface Store extends StoreData {
  /** Which engine this is ("sqlite", "postgres"): for messages and tests, never for branching in handlers. */
  readonly engine: string;
  /** What opening the store migrated. */
  readonly migration: MigrationReport;
  /** Runs fn in one transaction: committed when its promise resolves, rolled back when it rejects. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
