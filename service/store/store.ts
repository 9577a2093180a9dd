/**
 * The storage the service needs, as an asynchronous interface implemented once per engine
 * (store/sqlite.ts today). Handlers never know which engine runs. Every data method is scoped by
 * account and environment, so one environment's data is never visible from the other.
 *
 * Writes that must happen together (a change and the outbox row it causes, a key rotation) run
 * in `store.transaction(async (tx) => …)` and use only `tx` inside: the store itself would wait
 * for the transaction to end. Adding a table: a numbered migration per engine
 * (store/migrations/<engine>/NNN_name.sql), methods here, one implementation per engine, and
 * cases in test/service/store-conformance.test.ts.
 */
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

/** Keys, accounts and settings. */
export interface KeyData {
  createAccount(id: string, tier: number, now: string): Promise<AccountRecord>;
  findAccount(id: string): Promise<AccountRecord | undefined>;
  setAccountTier(id: string, tier: number): Promise<void>;
  insertKey(key: KeyRecord): Promise<void>;
  findKeyByHash(hash: Buffer): Promise<KeyRecord | undefined>;
  findKeyById(id: string): Promise<KeyRecord | undefined>;
  listKeys(): Promise<KeyRecord[]>;
  /** Marks the key revoked; every instance refuses it from its next request on. */
  revokeKey(id: string, now: string): Promise<void>;
  countKeys(): Promise<number>;
  /** A value kept across restarts (e.g. the cursor-signing secret), created once even when instances race. */
  setting(name: string, create: () => string): Promise<string>;
}

/** Subjects and assessments of the Nature product. */
export interface NatureData {
  insertSubject(scope: Scope, subject: Omit<SubjectRow, 'seq' | 'latestScores'>): Promise<SubjectRow>;
  findSubject(scope: Scope, id: string): Promise<SubjectRow | undefined>;
  pageSubjects(scope: Scope, query: PageQuery): Promise<PageResult<SubjectRow>>;
  /** Deletes the subject and its assessments; returns the subject as it was. */
  deleteSubject(scope: Scope, id: string): Promise<SubjectRow | undefined>;
  insertAssessment(scope: Scope, assessment: Omit<AssessmentRow, 'seq'>): Promise<AssessmentRow>;
  findAssessment(scope: Scope, id: string): Promise<AssessmentRow | undefined>;
  pageAssessments(scope: Scope, subjectId: string, query: PageQuery): Promise<PageResult<AssessmentRow>>;
  /** Writes status, answers, scores and completion; completing also sets the subject's latest scores. */
  updateAssessment(scope: Scope, assessment: AssessmentRow): Promise<void>;
}

/** Idempotency records, rate-limit buckets and the billing meter. */
export interface RequestData {
  /**
   * Refills the named token buckets to `nowMs` and takes one token from each, or from none when
   * any is empty (service/rate-limit.ts has the arithmetic). Atomic: concurrent requests on any
   * instance never lose an update.
   */
  takeTokens(limits: BucketLimit[], nowMs: number): Promise<RateDecision>;
  findIdempotency(scope: Scope, key: string, notBeforeMs: number): Promise<IdempotencyRecord | undefined>;
  /** Inserts or replaces (an expired record is replaced by a new one). */
  saveIdempotency(scope: Scope, key: string, record: IdempotencyRecord): Promise<void>;
  /** Counts one billable request for the account in a period (e.g. "2026-11"); no increment is lost. */
  meter(accountId: string, period: string): Promise<void>;
  usage(accountId: string, period: string): Promise<number>;
}

/** Everything a handler can read and write, inside or outside a transaction. */
export type StoreData = KeyData & NatureData & RequestData;

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
