/**
 * The embedded default store: SQLite through better-sqlite3, in WAL mode with synchronous=FULL
 * so an acknowledged write survives a crash of the process. Paging is keyset on the insertion
 * sequence (`seq`), never an offset. One process owns the database (the keys CLI may write
 * beside it); more instances need PostgreSQL.
 *
 * The driver is synchronous; the methods are async only to share the Store interface. One
 * connection means one transaction at a time: while one is open, calls on the store itself wait
 * for it to end, and only its `tx` runs.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { TokenBuckets, type BucketLimit, type RateDecision } from '../rate-limit.js';
import { migrationsFor, type Migration, type MigrationReport } from './migrations.js';
import { toBillingRecord, toSession, toUser, type BillingDbRow, type SessionDbRow, type UserDbRow } from './dashboard-rows.js';
import type {
  AccountRecord,
  BillingRecord,
  Environment,
  MailRecord,
  MailTokenPurpose,
  SessionRecord,
  UserRecord,
  AssessmentRow,
  ClaimedWebhookDelivery,
  IdempotencyRecord,
  KeyRecord,
  PageQuery,
  PageResult,
  Scope,
  Store,
  SubjectRow,
  Transaction,
  WebhookAttemptOutcome,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  WebhookEndpointStatus,
  WebhookEventRecord,
} from './store.js';
import { RESEND_AFTER_LEASE } from './store.js';


interface KeyDbRow {
  id: string;
  account_id: string;
  environment: 'test' | 'live';
  type: 'pk' | 'sk';
  scopes: string;
  hash: Buffer;
  last4: string;
  name: string | null;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

const toKey = (row: KeyDbRow | undefined): KeyRecord | undefined =>
  row && { id: row.id, accountId: row.account_id, environment: row.environment, type: row.type, scopes: JSON.parse(row.scopes), hash: row.hash, last4: row.last4, name: row.name, createdAt: row.created_at, revokedAt: row.revoked_at, lastUsedAt: row.last_used_at ?? null };

interface SubjectDbRow {
  seq: number;
  id: string;
  created_at: string;
  consent_json: string;
  metadata_json: string;
  latest_scores_json: string | null;
}

const toSubject = (row: SubjectDbRow): SubjectRow => ({
  seq: row.seq,
  id: row.id,
  createdAt: row.created_at,
  consentArtifact: JSON.parse(row.consent_json),
  metadata: JSON.parse(row.metadata_json),
  latestScores: row.latest_scores_json ? JSON.parse(row.latest_scores_json) : null,
});

interface AssessmentDbRow {
  seq: number;
  id: string;
  subject_id: string;
  status: 'in_progress' | 'completed';
  answers_json: string;
  scores_json: string | null;
  created_at: string;
  completed_at: string | null;
  metadata_json: string;
}

const toAssessment = (row: AssessmentDbRow): AssessmentRow => ({
  seq: row.seq,
  id: row.id,
  subjectId: row.subject_id,
  status: row.status,
  answers: JSON.parse(row.answers_json),
  scores: row.scores_json ? JSON.parse(row.scores_json) : null,
  createdAt: row.created_at,
  completedAt: row.completed_at,
  metadata: JSON.parse(row.metadata_json),
});

interface WebhookEndpointDbRow {
  id: string;
  account_id: string;
  environment: 'test' | 'live';
  url: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at_ms: number | null;
  status: WebhookEndpointStatus;
  disabled_reason: string | null;
  created_at: string;
}

const toWebhookEndpoint = (row: WebhookEndpointDbRow, eventTypes: string[]): WebhookEndpointRecord => ({
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

interface WebhookEventDbRow {
  id: string;
  account_id: string;
  environment: 'test' | 'live';
  type: string;
  payload: string;
  created_at_ms: number;
}

const toWebhookEvent = (row: WebhookEventDbRow): WebhookEventRecord => ({ id: row.id, accountId: row.account_id, environment: row.environment, type: row.type, payload: row.payload, createdAtMs: row.created_at_ms });

interface WebhookDeliveryDbRow {
  seq: number;
  event_id: string;
  event_type: string;
  endpoint_id: string;
  state: WebhookDeliveryRecord['state'];
  attempts: number;
  next_attempt_at_ms: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at_ms: number | null;
}

const toWebhookDelivery = (row: WebhookDeliveryDbRow): WebhookDeliveryRecord => ({
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

/** latest_scores_json is kept on the subject row, written when an assessment completes. */
const SUBJECT_COLUMNS = 's.seq, s.id, s.created_at, s.consent_json, s.metadata_json, s.latest_scores_json';

/** Applies the migrations the database lacks, each in its own transaction. */
export function migrateSqlite(db: Database.Database, migrations: Migration[] = migrationsFor('sqlite')): MigrationReport {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const current = () => (db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations').get() as { v: number }).v;
  const applied: Migration[] = [];
  for (const migration of migrations) {
    // IMMEDIATE: a second process starting at the same moment waits, then sees the version applied.
    const apply = db.transaction(() => {
      if (current() >= migration.version) return false;
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, new Date().toISOString());
      return true;
    });
    if (apply.immediate()) applied.push(migration);
  }
  return { applied, version: current() };
}

export class SqliteStore implements Store {
  readonly engine = 'sqlite';
  /** What opening the store migrated. */
  readonly migration: MigrationReport;
  private readonly db: Database.Database;
  private readonly statements: Record<string, Database.Statement>;
  /**
   * Keys and accounts are read on every request and change rarely: they are cached, and the
   * cache is dropped when this connection changes them or when another connection (the keys
   * CLI) commits anything, which PRAGMA data_version reveals at almost no cost.
   */
  private readonly keyCache = new Map<string, KeyRecord | null>();
  private readonly accountCache = new Map<string, AccountRecord | null>();
  /** One process owns a SQLite database, so its rate-limit buckets live in that process. */
  private readonly buckets = new TokenBuckets();
  /** Paging statements, prepared once per distinct SQL (there are a handful). */
  private readonly prepared = new Map<string, Database.Statement>();
  private dataVersion = -1;
  private dataVersionCheckedMs = 0;
  private readonly readDataVersion: () => number;
  /** The open transaction's end, while one is open; the store's own calls wait for it. */
  private openTransaction: Promise<unknown> | null = null;
  /** True on the `tx` view handed to a transaction's callback: it never waits for itself. */
  private readonly insideTransaction: boolean = false;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL'); // an acknowledged write is on disk
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.migration = migrateSqlite(this.db);
    const dataVersion = this.db.prepare('PRAGMA data_version').pluck();
    this.readDataVersion = () => dataVersion.get() as number;
    const sql = (text: string) => this.db.prepare(text);
    this.statements = {
      insertAccount: sql('INSERT INTO accounts (id, tier, created_at) VALUES (?, ?, ?)'),
      findAccount: sql('SELECT id, tier, created_at FROM accounts WHERE id = ?'),
      setTier: sql('UPDATE accounts SET tier = ? WHERE id = ?'),
      insertKey: sql('INSERT INTO api_keys (id, account_id, environment, type, scopes, hash, last4, name, created_at, revoked_at) VALUES (@id, @accountId, @environment, @type, @scopes, @hash, @last4, @name, @createdAt, @revokedAt)'),
      keyByHash: sql('SELECT * FROM api_keys WHERE hash = ?'),
      keyById: sql('SELECT * FROM api_keys WHERE id = ?'),
      listKeys: sql('SELECT * FROM api_keys ORDER BY created_at, id'),
      revokeKey: sql('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
      countKeys: sql('SELECT COUNT(*) AS n FROM api_keys'),
      getSetting: sql('SELECT value FROM settings WHERE name = ?'),
      putSetting: sql('INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)'),
      insertSubject: sql('INSERT INTO subjects (id, account_id, environment, created_at, consent_json, metadata_json) VALUES (?, ?, ?, ?, ?, ?)'),
      findSubject: sql(`SELECT ${SUBJECT_COLUMNS} FROM subjects s WHERE s.id = ? AND s.account_id = ? AND s.environment = ?`),
      deleteSubject: sql('DELETE FROM subjects WHERE id = ? AND account_id = ? AND environment = ?'),
      insertAssessment: sql('INSERT INTO assessments (id, subject_id, account_id, environment, status, answers_json, scores_json, created_at, completed_at, metadata_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      findAssessment: sql('SELECT * FROM assessments WHERE id = ? AND account_id = ? AND environment = ?'),
      updateAssessment: sql('UPDATE assessments SET status = ?, answers_json = ?, scores_json = ?, completed_at = ? WHERE id = ? AND account_id = ? AND environment = ?'),
      setLatestScores: sql('UPDATE subjects SET latest_scores_json = ? WHERE id = ? AND account_id = ? AND environment = ?'),
      findIdempotency: sql('SELECT request_hash, status, body, created_at_ms FROM idempotency WHERE account_id = ? AND environment = ? AND key = ? AND created_at_ms >= ?'),
      saveIdempotency: sql('INSERT OR REPLACE INTO idempotency (account_id, environment, key, request_hash, status, body, created_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      meter: sql('INSERT INTO usage (account_id, period, requests) VALUES (?, ?, 1) ON CONFLICT (account_id, period) DO UPDATE SET requests = requests + 1'),
      usage: sql('SELECT requests FROM usage WHERE account_id = ? AND period = ?'),
    };
  }

  /**
   * Runs synchronous work now, or once the open transaction has ended (unless this is that
   * transaction's own view). The check and the work happen in the same tick, so nothing slips
   * into a transaction that opened in between.
   */
  private async run<T>(work: () => T): Promise<T> {
    while (!this.insideTransaction && this.openTransaction) await this.openTransaction.catch(() => undefined);
    return work();
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    if (this.insideTransaction) return fn(this as unknown as Transaction); // nested: part of the outer one
    while (this.openTransaction) await this.openTransaction.catch(() => undefined);
    // The view shares every field (connection, statements, caches) and skips the wait.
    const tx = Object.create(this, { insideTransaction: { value: true } }) as SqliteStore & Transaction;
    tx.lock = async () => undefined; // one transaction at a time already
    const run = (async () => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(tx);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        this.dropCaches(); // what the rolled-back work cached is gone
        throw error;
      }
    })();
    this.openTransaction = run;
    try {
      return await run;
    } finally {
      if (this.openTransaction === run) this.openTransaction = null;
    }
  }

  /**
   * Drops cached keys and accounts when another connection has committed since the last look
   * (looked at most every 25 ms: a revocation by the keys CLI takes effect within that).
   */
  private freshCaches(): void {
    const now = Date.now();
    if (now - this.dataVersionCheckedMs < 25) return;
    this.dataVersionCheckedMs = now;
    const version = this.readDataVersion();
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.dropCaches();
    }
  }

  private dropCaches(): void {
    this.dataVersionCheckedMs = 0;
    this.keyCache.clear();
    this.accountCache.clear();
  }

  createAccount(id: string, tier: number, now: string): Promise<AccountRecord> {
    return this.run(() => {
      this.statements.insertAccount.run(id, tier, now);
      this.dropCaches();
      return { id, tier, createdAt: now };
    });
  }

  findAccount(id: string): Promise<AccountRecord | undefined> {
    return this.run(() => {
      this.freshCaches();
      const cached = this.accountCache.get(id);
      if (cached !== undefined) return cached ?? undefined;
      const row = this.statements.findAccount.get(id) as { id: string; tier: number; created_at: string } | undefined;
      const account = row ? { id: row.id, tier: row.tier, createdAt: row.created_at } : undefined;
      this.accountCache.set(id, account ?? null);
      return account;
    });
  }

  setAccountTier(id: string, tier: number): Promise<void> {
    return this.run(() => {
      this.statements.setTier.run(tier, id);
      this.dropCaches();
    });
  }

  insertKey(key: KeyRecord): Promise<void> {
    return this.run(() => {
      this.statements.insertKey.run({ ...key, scopes: JSON.stringify(key.scopes) });
      this.dropCaches();
    });
  }

  findKeyByHash(hash: Buffer): Promise<KeyRecord | undefined> {
    return this.run(() => {
      this.freshCaches();
      const id = hash.toString('base64');
      const cached = this.keyCache.get(id);
      if (cached !== undefined) return cached ?? undefined;
      const key = toKey(this.statements.keyByHash.get(hash) as KeyDbRow | undefined);
      if (this.keyCache.size > 10_000) this.keyCache.clear(); // bounded: unknown keys are cached too
      this.keyCache.set(id, key ?? null);
      return key;
    });
  }

  findKeyById(id: string): Promise<KeyRecord | undefined> {
    return this.run(() => {
      return toKey(this.statements.keyById.get(id) as KeyDbRow | undefined);
    });
  }

  listKeys(): Promise<KeyRecord[]> {
    return this.run(() => {
      return (this.statements.listKeys.all() as KeyDbRow[]).map((row) => toKey(row)!);
    });
  }

  revokeKey(id: string, now: string): Promise<void> {
    return this.run(() => {
      this.statements.revokeKey.run(now, id);
      this.dropCaches();
    });
  }

  countKeys(): Promise<number> {
    return this.run(() => {
      return (this.statements.countKeys.get() as { n: number }).n;
    });
  }

  setting(name: string, create: () => string): Promise<string> {
    return this.run(() => {
      const existing = this.statements.getSetting.get(name) as { value: string } | undefined;
      if (existing) return existing.value;
      this.statements.putSetting.run(name, create());
      return (this.statements.getSetting.get(name) as { value: string }).value;
    });
  }

  insertSubject(scope: Scope, subject: Omit<SubjectRow, 'seq' | 'latestScores'>): Promise<SubjectRow> {
    return this.run(() => {
      const result = this.statements.insertSubject.run(subject.id, scope.accountId, scope.environment, subject.createdAt, JSON.stringify(subject.consentArtifact), JSON.stringify(subject.metadata));
      return { ...subject, seq: Number(result.lastInsertRowid), latestScores: null };
    });
  }

  findSubject(scope: Scope, id: string): Promise<SubjectRow | undefined> {
    return this.run(() => {
      return this.subjectNow(scope, id);
    });
  }

  private subjectNow(scope: Scope, id: string): SubjectRow | undefined {
    const row = this.statements.findSubject.get(id, scope.accountId, scope.environment) as SubjectDbRow | undefined;
    return row && toSubject(row);
  }

  pageSubjects(scope: Scope, query: PageQuery): Promise<PageResult<SubjectRow>> {
    return this.run(() => {
      return this.page<SubjectDbRow, SubjectRow>(`SELECT ${SUBJECT_COLUMNS} FROM subjects s`, 's.account_id = ? AND s.environment = ?', [scope.accountId, scope.environment], 's.seq', query, toSubject);
    });
  }

  deleteSubject(scope: Scope, id: string): Promise<SubjectRow | undefined> {
    return this.run(() => {
      // better-sqlite3 makes this a savepoint when a transaction is already open.
      return this.db.transaction(() => {
        const subject = this.subjectNow(scope, id);
        if (subject) this.statements.deleteSubject.run(id, scope.accountId, scope.environment);
        return subject;
      })();
    });
  }

  insertAssessment(scope: Scope, assessment: Omit<AssessmentRow, 'seq'>): Promise<AssessmentRow> {
    return this.run(() => {
      const result = this.statements.insertAssessment.run(
        assessment.id,
        assessment.subjectId,
        scope.accountId,
        scope.environment,
        assessment.status,
        JSON.stringify(assessment.answers),
        assessment.scores ? JSON.stringify(assessment.scores) : null,
        assessment.createdAt,
        assessment.completedAt,
        JSON.stringify(assessment.metadata),
      );
      return { ...assessment, seq: Number(result.lastInsertRowid) };
    });
  }

  findAssessment(scope: Scope, id: string): Promise<AssessmentRow | undefined> {
    return this.run(() => {
      const row = this.statements.findAssessment.get(id, scope.accountId, scope.environment) as AssessmentDbRow | undefined;
      return row && toAssessment(row);
    });
  }

  pageAssessments(scope: Scope, subjectId: string, query: PageQuery): Promise<PageResult<AssessmentRow>> {
    return this.run(() => {
      return this.page<AssessmentDbRow, AssessmentRow>('SELECT * FROM assessments a', 'a.subject_id = ? AND a.account_id = ? AND a.environment = ?', [subjectId, scope.accountId, scope.environment], 'a.seq', query, toAssessment);
    });
  }

  updateAssessment(scope: Scope, assessment: AssessmentRow): Promise<void> {
    return this.run(() => {
      this.db.transaction(() => {
        const scores = assessment.scores ? JSON.stringify(assessment.scores) : null;
        this.statements.updateAssessment.run(assessment.status, JSON.stringify(assessment.answers), scores, assessment.completedAt, assessment.id, scope.accountId, scope.environment);
        // Completing is the only way scores become final, and completions only move forward in time.
        if (assessment.status === 'completed') this.statements.setLatestScores.run(scores, assessment.subjectId, scope.accountId, scope.environment);
      })();
    });
  }

  /**
   * One keyset page, newest (highest seq) first. A forward page reads seq < after, descending;
   * a backward page reads seq > before, ascending (nearest first), then reverses. The
   * neighbours' boundaries are computed from the page's edges, or from the boundary itself when
   * the page is empty, so no item is skipped or repeated whatever was inserted or deleted.
   */
  private page<DbRow extends { seq: number }, Row>(select: string, where: string, args: unknown[], seq: string, query: PageQuery, map: (row: DbRow) => Row): PageResult<Row> {
    const { limit, boundary } = query;
    const exists = (condition: string, value: number) => Boolean(this.statement(`${select} WHERE ${where} AND ${condition} LIMIT 1`).get(...args, value));
    if (boundary && 'before' in boundary) {
      const fetched = this.statement(`${select} WHERE ${where} AND ${seq} > ? ORDER BY ${seq} ASC LIMIT ?`).all(...args, boundary.before, limit + 1) as DbRow[];
      const hasMore = fetched.length > limit;
      const rows = fetched.slice(0, limit).reverse();
      const oldestEdge = rows.at(-1)?.seq ?? boundary.before + 1;
      return { rows: rows.map(map), hasMore, newer: hasMore ? rows[0].seq : null, older: exists(`${seq} < ?`, oldestEdge) ? oldestEdge : null };
    }
    const after = boundary && 'after' in boundary ? boundary.after : null;
    const fetched = this.statement(`${select} WHERE ${where} AND ${seq} < ? ORDER BY ${seq} DESC LIMIT ?`).all(...args, after ?? Number.MAX_SAFE_INTEGER, limit + 1) as DbRow[];
    const hasMore = fetched.length > limit;
    const rows = fetched.slice(0, limit);
    const newestEdge = rows[0]?.seq ?? (after === null ? null : after - 1);
    const newer = after !== null && newestEdge !== null && exists(`${seq} > ?`, newestEdge) ? newestEdge : null;
    return { rows: rows.map(map), hasMore, older: hasMore ? rows.at(-1)!.seq : null, newer };
  }

  private statement(sql: string): Database.Statement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.prepared.set(sql, statement);
    }
    return statement;
  }

  findIdempotency(scope: Scope, key: string, notBeforeMs: number): Promise<IdempotencyRecord | undefined> {
    return this.run(() => {
      const row = this.statements.findIdempotency.get(scope.accountId, scope.environment, key, notBeforeMs) as { request_hash: string; status: number; body: string; created_at_ms: number } | undefined;
      return row && { requestHash: row.request_hash, status: row.status, body: row.body, createdAtMs: row.created_at_ms };
    });
  }

  saveIdempotency(scope: Scope, key: string, record: IdempotencyRecord): Promise<void> {
    return this.run(() => {
      this.statements.saveIdempotency.run(scope.accountId, scope.environment, key, record.requestHash, record.status, record.body, record.createdAtMs);
    });
  }

  async takeTokens(limits: BucketLimit[], nowMs: number): Promise<RateDecision> {
    return this.buckets.take(limits, nowMs);
  }

  meter(accountId: string, period: string): Promise<void> {
    return this.run(() => {
      this.statements.meter.run(accountId, period);
    });
  }

  usage(accountId: string, period: string): Promise<number> {
    return this.run(() => {
      return (this.statements.usage.get(accountId, period) as { requests: number } | undefined)?.requests ?? 0;
    });
  }

  // ==== WEBHOOKS: endpoints, outbox, delivery queue (store.ts WebhookData) ====================
  // Plain SQL throughout; the PostgreSQL store implements the same methods, claiming with
  // SELECT ... FOR UPDATE SKIP LOCKED where this one relies on SQLite's single writer.

  insertWebhookEndpoint(endpoint: WebhookEndpointRecord): Promise<void> {
    return this.run(() => {
      this.db.transaction(() => {
        this.statement('INSERT INTO webhook_endpoints (id, account_id, environment, url, secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at_ms, status, disabled_reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
          endpoint.id,
          endpoint.accountId,
          endpoint.environment,
          endpoint.url,
          endpoint.secretCiphertext,
          endpoint.previousSecretCiphertext,
          endpoint.previousSecretExpiresAtMs,
          endpoint.status,
          endpoint.disabledReason,
          endpoint.createdAt,
        );
        const insertType = this.statement('INSERT INTO webhook_endpoint_event_types (endpoint_id, event_type) VALUES (?, ?)');
        for (const type of new Set(endpoint.eventTypes)) insertType.run(endpoint.id, type);
      })();
    });
  }

  findWebhookEndpoint(id: string): Promise<WebhookEndpointRecord | undefined> {
    return this.run(() => this.webhookEndpointsWhere('e.id = ?', [id])[0]);
  }

  listWebhookEndpoints(accountId?: string): Promise<WebhookEndpointRecord[]> {
    return this.run(() => (accountId === undefined ? this.webhookEndpointsWhere('1 = 1', []) : this.webhookEndpointsWhere('e.account_id = ?', [accountId])));
  }

  private webhookEndpointsWhere(where: string, args: unknown[]): WebhookEndpointRecord[] {
    const rows = this.statement(`SELECT e.* FROM webhook_endpoints e WHERE ${where} ORDER BY e.created_at, e.id`).all(...args) as WebhookEndpointDbRow[];
    const types = this.statement('SELECT event_type FROM webhook_endpoint_event_types WHERE endpoint_id = ? ORDER BY event_type').pluck();
    return rows.map((row) => toWebhookEndpoint(row, types.all(row.id) as string[]));
  }

  setWebhookEndpointSecrets(id: string, secretCiphertext: string, previous: { ciphertext: string; expiresAtMs: number } | null): Promise<void> {
    return this.run(() => {
      this.statement('UPDATE webhook_endpoints SET secret_ciphertext = ?, previous_secret_ciphertext = ?, previous_secret_expires_at_ms = ? WHERE id = ?').run(secretCiphertext, previous?.ciphertext ?? null, previous?.expiresAtMs ?? null, id);
    });
  }

  setWebhookEndpointStatus(id: string, status: WebhookEndpointStatus, reason: string | null): Promise<void> {
    return this.run(() => {
      this.statement('UPDATE webhook_endpoints SET status = ?, disabled_reason = ? WHERE id = ?').run(status, reason, id);
    });
  }

  deleteWebhookEndpoint(id: string): Promise<boolean> {
    return this.run(() => this.statement('DELETE FROM webhook_endpoints WHERE id = ?').run(id).changes > 0);
  }

  insertWebhookEvent(event: WebhookEventRecord, onlyEndpointId?: string): Promise<number> {
    return this.run(() =>
      this.db.transaction(() => {
        this.statement('INSERT INTO webhook_events (id, account_id, environment, type, payload, created_at_ms) VALUES (?, ?, ?, ?, ?, ?)').run(event.id, event.accountId, event.environment, event.type, event.payload, event.createdAtMs);
        return this.statement(
          `INSERT INTO webhook_deliveries (event_id, endpoint_id, state, attempts, next_attempt_at_ms)
           SELECT ?, e.id, 'pending', 0, ? FROM webhook_endpoints e
           WHERE e.account_id = ? AND e.environment = ? AND e.status = 'enabled' AND (? IS NULL OR e.id = ?)
             AND EXISTS (SELECT 1 FROM webhook_endpoint_event_types t WHERE t.endpoint_id = e.id AND t.event_type IN (?, '*'))
           ORDER BY e.created_at, e.id`,
        ).run(event.id, event.createdAtMs, event.accountId, event.environment, onlyEndpointId ?? null, onlyEndpointId ?? null, event.type).changes;
      })(),
    );
  }

  findWebhookEvent(id: string): Promise<WebhookEventRecord | undefined> {
    return this.run(() => {
      const row = this.statement('SELECT * FROM webhook_events WHERE id = ?').get(id) as WebhookEventDbRow | undefined;
      return row && toWebhookEvent(row);
    });
  }

  claimWebhookDeliveries(owner: string, nowMs: number, leaseUntilMs: number, limit: number): Promise<ClaimedWebhookDelivery[]> {
    return this.run(() =>
      this.db.transaction(() => {
        // The oldest due delivery of each enabled endpoint that has none in flight.
        const due = this.statement(
          `SELECT d.seq FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
           WHERE d.state = 'pending' AND d.next_attempt_at_ms <= ? AND (d.lease_until_ms IS NULL OR d.lease_until_ms <= ?) AND e.status = 'enabled'
             AND NOT EXISTS (SELECT 1 FROM webhook_deliveries x WHERE x.endpoint_id = d.endpoint_id AND x.state = 'pending' AND x.lease_until_ms > ?)
             AND NOT EXISTS (SELECT 1 FROM webhook_deliveries y WHERE y.endpoint_id = d.endpoint_id AND y.state = 'pending' AND y.next_attempt_at_ms <= ? AND y.seq < d.seq)
           ORDER BY d.seq LIMIT ?`,
        )
          .pluck()
          .all(nowMs, nowMs, nowMs, nowMs, limit) as number[];
        const lease = this.statement('UPDATE webhook_deliveries SET lease_until_ms = ?, lease_owner = ? WHERE seq = ?');
        return due.map((seq) => {
          lease.run(leaseUntilMs, owner, seq);
          const delivery = this.deliveriesWhere('d.seq = ?', [seq], 1)[0];
          const event = toWebhookEvent(this.statement('SELECT * FROM webhook_events WHERE id = ?').get(delivery.eventId) as WebhookEventDbRow);
          const endpoint = this.webhookEndpointsWhere('e.id = ?', [delivery.endpointId])[0];
          return { delivery, event, endpoint };
        });
      }).immediate(),
    );
  }

  completeWebhookDelivery(seq: number, owner: string, attemptAtMs: number, outcome: WebhookAttemptOutcome): Promise<boolean> {
    return this.run(() =>
      this.db.transaction(() => {
        const leased = this.statement("SELECT endpoint_id, lease_owner FROM webhook_deliveries WHERE seq = ? AND lease_owner IN (?, ?) AND state = 'pending'").get(seq, owner, RESEND_AFTER_LEASE + owner) as { endpoint_id: string; lease_owner: string } | undefined;
        if (leased === undefined) return false;
        const held = leased.endpoint_id;
        if (leased.lease_owner !== owner) {
          // Re-sent during this attempt: record its answer, keep it pending and due (from the resend).
          this.statement('UPDATE webhook_deliveries SET lease_until_ms = NULL, lease_owner = NULL, last_status = ?, last_error = ?, last_attempt_at_ms = ? WHERE seq = ?').run(outcome.status, outcome.kind === 'succeeded' ? null : outcome.error, attemptAtMs, seq);
          return true;
        }
        const state = outcome.kind === 'succeeded' ? 'succeeded' : outcome.kind === 'failed' ? 'failed' : 'pending';
        const error = outcome.kind === 'succeeded' ? null : outcome.error;
        const next = outcome.kind === 'retry' ? outcome.nextAttemptAtMs : attemptAtMs;
        this.statement('UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1, next_attempt_at_ms = ?, lease_until_ms = NULL, lease_owner = NULL, last_status = ?, last_error = ?, last_attempt_at_ms = ? WHERE seq = ?').run(state, next, outcome.status, error, attemptAtMs, seq);
        if (outcome.kind === 'failed' && outcome.disableEndpoint) this.statement("UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = ? WHERE id = ?").run(outcome.error, held);
        return true;
      })(),
    );
  }

  listWebhookDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]> {
    return this.run(() => this.deliveriesWhere('d.endpoint_id = ?', [endpointId], limit));
  }

  private deliveriesWhere(where: string, args: unknown[], limit: number): WebhookDeliveryRecord[] {
    const rows = this.statement(`SELECT d.*, v.type AS event_type FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id WHERE ${where} ORDER BY d.seq DESC LIMIT ?`).all(...args, limit) as WebhookDeliveryDbRow[];
    return rows.map(toWebhookDelivery);
  }

  requeueWebhookEvent(eventId: string, nowMs: number, onlyEndpointId?: string): Promise<string[]> {
    return this.run(() =>
      this.db.transaction(() => {
        const endpoints = this.statement('SELECT endpoint_id FROM webhook_deliveries WHERE event_id = ? AND (? IS NULL OR endpoint_id = ?) ORDER BY seq').pluck().all(eventId, onlyEndpointId ?? null, onlyEndpointId ?? null) as string[];
        // An attempt in flight keeps its lease, marked, so the endpoint gets no second request meanwhile.
        this.statement(
          `UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at_ms = @now,
             lease_owner = CASE WHEN lease_until_ms > @now THEN (CASE WHEN lease_owner LIKE @mark || '%' THEN lease_owner ELSE @mark || lease_owner END) ELSE NULL END,
             lease_until_ms = CASE WHEN lease_until_ms > @now THEN lease_until_ms ELSE NULL END
           WHERE event_id = @eventId AND (@only IS NULL OR endpoint_id = @only)`,
        ).run({ now: nowMs, mark: RESEND_AFTER_LEASE, eventId, only: onlyEndpointId ?? null });
        const enable = this.statement("UPDATE webhook_endpoints SET status = 'enabled', disabled_reason = NULL WHERE id = ?");
        for (const id of endpoints) enable.run(id);
        return endpoints;
      })(),
    );
  }

  // ==== end of WEBHOOKS ======================================================================

  // ==== DASHBOARD (service/dashboard/api/) ===================================================

  insertUser(user: UserRecord): Promise<boolean> {
    return this.run(() => {
      const result = this.statement('INSERT INTO dashboard_users (id, account_id, email, email_lower, password_hash, email_verified_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email_lower) DO NOTHING').run(user.id, user.accountId, user.email, user.email.toLowerCase(), user.passwordHash, user.emailVerifiedAt, user.createdAt);
      return result.changes === 1;
    });
  }

  findUserByEmail(email: string): Promise<UserRecord | undefined> {
    return this.run(() => toUser(this.statement('SELECT * FROM dashboard_users WHERE email_lower = ?').get(email.toLowerCase()) as UserDbRow | undefined));
  }

  findUserById(id: string): Promise<UserRecord | undefined> {
    return this.run(() => toUser(this.statement('SELECT * FROM dashboard_users WHERE id = ?').get(id) as UserDbRow | undefined));
  }

  listUsers(): Promise<UserRecord[]> {
    return this.run(() => (this.statement('SELECT * FROM dashboard_users ORDER BY created_at, id').all() as UserDbRow[]).map((row) => toUser(row)!));
  }

  setUserPassword(id: string, passwordHash: string): Promise<void> {
    return this.run(() => void this.statement('UPDATE dashboard_users SET password_hash = ? WHERE id = ?').run(passwordHash, id));
  }

  setUserEmailVerified(id: string, at: string): Promise<void> {
    return this.run(() => void this.statement('UPDATE dashboard_users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?').run(at, id));
  }

  insertSession(session: SessionRecord): Promise<void> {
    return this.run(() => void this.statement('INSERT INTO dashboard_sessions (token_hash, user_id, csrf_token, created_at_ms, last_seen_at_ms) VALUES (?, ?, ?, ?, ?)').run(session.tokenHash, session.userId, session.csrfToken, session.createdAtMs, session.lastSeenAtMs));
  }

  findSession(tokenHash: string): Promise<SessionRecord | undefined> {
    return this.run(() => toSession(this.statement('SELECT * FROM dashboard_sessions WHERE token_hash = ?').get(tokenHash) as SessionDbRow | undefined));
  }

  touchSession(tokenHash: string, lastSeenAtMs: number): Promise<void> {
    return this.run(() => void this.statement('UPDATE dashboard_sessions SET last_seen_at_ms = ? WHERE token_hash = ?').run(lastSeenAtMs, tokenHash));
  }

  deleteSession(tokenHash: string): Promise<void> {
    return this.run(() => void this.statement('DELETE FROM dashboard_sessions WHERE token_hash = ?').run(tokenHash));
  }

  deleteUserSessions(userId: string): Promise<void> {
    return this.run(() => void this.statement('DELETE FROM dashboard_sessions WHERE user_id = ?').run(userId));
  }

  recordSignInFailure(subjects: string[], atMs: number): Promise<void> {
    return this.run(() => {
      const insert = this.statement('INSERT INTO dashboard_signin_failures (subject, at_ms) VALUES (?, ?)');
      for (const subject of subjects) insert.run(subject, atMs);
    });
  }

  forgetSignInFailure(subjects: string[], atMs: number): Promise<void> {
    return this.run(() => {
      const forget = this.statement('DELETE FROM dashboard_signin_failures WHERE seq = (SELECT seq FROM dashboard_signin_failures WHERE subject = ? AND at_ms = ? LIMIT 1)');
      for (const subject of subjects) forget.run(subject, atMs);
    });
  }

  signInFailures(subject: string, sinceMs: number): Promise<{ count: number; oldestAtMs: number | null }> {
    return this.run(() => {
      const row = this.statement('SELECT COUNT(*) AS n, MIN(at_ms) AS oldest FROM dashboard_signin_failures WHERE subject = ? AND at_ms >= ?').get(subject, sinceMs) as { n: number; oldest: number | null };
      return { count: row.n, oldestAtMs: row.oldest };
    });
  }

  insertMailToken(tokenHash: string, userId: string, purpose: MailTokenPurpose, expiresAtMs: number): Promise<void> {
    return this.run(() => void this.statement('INSERT INTO dashboard_mail_tokens (token_hash, user_id, purpose, expires_at_ms) VALUES (?, ?, ?, ?)').run(tokenHash, userId, purpose, expiresAtMs));
  }

  consumeMailToken(tokenHash: string, purpose: MailTokenPurpose, nowMs: number): Promise<string | undefined> {
    return this.run(() => {
      const row = this.statement('DELETE FROM dashboard_mail_tokens WHERE token_hash = ? AND purpose = ? RETURNING user_id, expires_at_ms').get(tokenHash, purpose) as { user_id: string; expires_at_ms: number } | undefined;
      return row && row.expires_at_ms > nowMs ? row.user_id : undefined;
    });
  }

  deleteUserMailTokens(userId: string, purpose: MailTokenPurpose): Promise<void> {
    return this.run(() => void this.statement('DELETE FROM dashboard_mail_tokens WHERE user_id = ? AND purpose = ?').run(userId, purpose));
  }

  insertMail(mail: Omit<MailRecord, 'seq'>): Promise<void> {
    return this.run(() => void this.statement('INSERT INTO dashboard_mail (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)').run(mail.recipient, mail.subject, mail.body, mail.createdAt));
  }

  listMail(): Promise<MailRecord[]> {
    return this.run(() => (this.statement('SELECT seq, recipient, subject, body, created_at FROM dashboard_mail ORDER BY seq').all() as Array<{ seq: number; recipient: string; subject: string; body: string; created_at: string }>).map((row) => ({ seq: row.seq, recipient: row.recipient, subject: row.subject, body: row.body, createdAt: row.created_at })));
  }

  insertBillingRecord(record: Omit<BillingRecord, 'seq'>): Promise<void> {
    return this.run(() => void this.statement('INSERT INTO billing_records (account_id, kind, payload_json, created_at) VALUES (?, ?, ?, ?)').run(record.accountId, record.kind, JSON.stringify(record.payload), record.createdAt));
  }

  listBillingRecords(accountId: string): Promise<BillingRecord[]> {
    return this.run(() => (this.statement('SELECT * FROM billing_records WHERE account_id = ? ORDER BY seq').all(accountId) as BillingDbRow[]).map(toBillingRecord));
  }

  meterDay(accountId: string, day: string): Promise<void> {
    return this.run(() => void this.statement('INSERT INTO usage_daily (account_id, day, requests) VALUES (?, ?, 1) ON CONFLICT (account_id, day) DO UPDATE SET requests = requests + 1').run(accountId, day));
  }

  dailyUsage(accountId: string, month: string): Promise<Array<{ day: string; requests: number }>> {
    return this.run(() => this.statement("SELECT day, requests FROM usage_daily WHERE account_id = ? AND day LIKE ? ORDER BY day").all(accountId, `${month}-%`) as Array<{ day: string; requests: number }>);
  }

  listAccountKeys(accountId: string, environment: Environment): Promise<KeyRecord[]> {
    return this.run(() => (this.statement('SELECT * FROM api_keys WHERE account_id = ? AND environment = ? ORDER BY created_at DESC, id DESC').all(accountId, environment) as KeyDbRow[]).map((row) => toKey(row)!));
  }

  setKeyLastUsed(id: string, at: string): Promise<void> {
    return this.run(() => void this.statement('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(at, id));
  }

  // ==== end of DASHBOARD =====================================================================

  close(): Promise<void> {
    return this.run(() => {
      this.db.close();
    });
  }
}
