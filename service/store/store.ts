/**
 * The storage the service needs, as an interface: SQLite implements it today (store/sqlite.ts);
 * a server database can follow without touching handlers. Every data method is scoped by
 * account and environment, so one environment's data is never visible from the other.
 */

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

export interface Store {
  // keys and accounts
  createAccount(id: string, tier: number, now: string): AccountRecord;
  findAccount(id: string): AccountRecord | undefined;
  setAccountTier(id: string, tier: number): void;
  insertKey(key: KeyRecord): void;
  findKeyByHash(hash: Buffer): KeyRecord | undefined;
  findKeyById(id: string): KeyRecord | undefined;
  listKeys(): KeyRecord[];
  revokeKey(id: string, now: string): void;
  countKeys(): number;
  /** A value kept across restarts (e.g. the cursor-signing secret), created once. */
  setting(name: string, create: () => string): string;

  // subjects and assessments
  insertSubject(scope: Scope, subject: Omit<SubjectRow, 'seq' | 'latestScores'>): SubjectRow;
  findSubject(scope: Scope, id: string): SubjectRow | undefined;
  pageSubjects(scope: Scope, query: PageQuery): PageResult<SubjectRow>;
  /** Deletes the subject and its assessments; returns the subject as it was. */
  deleteSubject(scope: Scope, id: string): SubjectRow | undefined;
  insertAssessment(scope: Scope, assessment: Omit<AssessmentRow, 'seq'>): AssessmentRow;
  findAssessment(scope: Scope, id: string): AssessmentRow | undefined;
  pageAssessments(scope: Scope, subjectId: string, query: PageQuery): PageResult<AssessmentRow>;
  updateAssessment(scope: Scope, assessment: AssessmentRow): void;

  // idempotency and metering
  findIdempotency(scope: Scope, key: string, notBeforeMs: number): IdempotencyRecord | undefined;
  saveIdempotency(scope: Scope, key: string, record: IdempotencyRecord): void;
  /** Counts one billable request for the account in a period (e.g. "2026-11"). */
  meter(accountId: string, period: string): void;
  usage(accountId: string, period: string): number;

  /** Runs fn atomically. */
  transaction<T>(fn: () => T): T;
  close(): void;
}
