/**
 * The server store: PostgreSQL through node-postgres (`DATABASE_URL=postgres://…`), for several
 * instances behind a load balancer. Everything shared lives in the database: token buckets
 * (take_tokens, one statement), idempotency records (a transaction-scoped advisory lock per
 * key), revocations (no key cache: every request reads the key), the meter (an upsert).
 * Inside a transaction, finding a subject, assessment or key locks its row until the end
 * (SELECT … FOR UPDATE), so a read-modify-write is safe across instances. Webhook deliveries
 * are claimed with FOR UPDATE SKIP LOCKED under a per-endpoint advisory lock, so instances never
 * share a delivery nor have two of one endpoint in flight (claimWebhookDeliveries).
 */
import pg from 'pg';
import type { BucketLimit, RateDecision } from '../rate-limit.js';
import { migrationsFor, type Migration, type MigrationReport } from './migrations.js';
import type {
  AccountRecord,
  AssessmentRow,
  ClaimedWebhookDelivery,
  IdempotencyRecord,
  KeyRecord,
  PageQuery,
  PageResult,
  Scope,
  Store,
  StoreData,
  SubjectRow,
  Transaction,
  WebhookAttemptOutcome,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  WebhookEndpointStatus,
  WebhookEventRecord,
  BillingRecord,
  Environment,
  MailRecord,
  MailTokenPurpose,
  SessionRecord,
  UserRecord,
} from './store.js';
import { RESEND_AFTER_LEASE } from './store.js';
import { toBillingRecord, toSession, toUser, type BillingDbRow, type SessionDbRow, type UserDbRow } from './dashboard-rows.js';

/** BIGINT (oid 20) as a number: sequence numbers and milliseconds stay far below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser,
};

/** One advisory lock key for migrations: instances starting together apply each version once. */
const MIGRATION_LOCK = 1_729_001;

/**
 * The class of the per-endpoint advisory locks a webhook claim takes (two-key form
 * `(WEBHOOK_CLAIM_LOCK, hashtext(endpoint_id))`, a key space apart from MIGRATION_LOCK and from
 * Transaction.lock's names).
 */
const WEBHOOK_CLAIM_LOCK = 1_729_002;

type Queryable = pg.Pool | pg.PoolClient;

interface KeyDbRow {
  id: string;
  account_id: string;
  environment: 'test' | 'live';
  type: 'pk' | 'sk';
  scopes: string[];
  hash: Buffer;
  last4: string;
  name: string | null;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

const toKey = (row: KeyDbRow | undefined): KeyRecord | undefined =>
  row && { id: row.id, accountId: row.account_id, environment: row.environment, type: row.type, scopes: row.scopes, hash: row.hash, last4: row.last4, name: row.name, createdAt: row.created_at, revokedAt: row.revoked_at, lastUsedAt: row.last_used_at ?? null };

interface SubjectDbRow {
  seq: number;
  id: string;
  created_at: string;
  consent: Record<string, unknown>;
  metadata: Record<string, string>;
  latest_scores: { mn: number; mi: number } | null;
}

const toSubject = (row: SubjectDbRow): SubjectRow => ({ seq: row.seq, id: row.id, createdAt: row.created_at, consentArtifact: row.consent, metadata: row.metadata, latestScores: row.latest_scores });

interface AssessmentDbRow {
  seq: number;
  id: string;
  subject_id: string;
  status: 'in_progress' | 'completed';
  answers: Array<{ item_id: string; value: number }>;
  scores: { mn: number; mi: number } | null;
  created_at: string;
  completed_at: string | null;
  metadata: Record<string, string>;
}

const toAssessment = (row: AssessmentDbRow): AssessmentRow => ({
  seq: row.seq,
  id: row.id,
  subjectId: row.subject_id,
  status: row.status,
  answers: row.answers,
  scores: row.scores,
  createdAt: row.created_at,
  completedAt: row.completed_at,
  metadata: row.metadata,
});

interface WebhookEndpointDbRow {
  id: string;
  account_id: string;
  environment: 'test' | 'live';
  url: string;
  event_types: string[];
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at_ms: number | null;
  status: WebhookEndpointStatus;
  disabled_reason: string | null;
  created_at: string;
}

const toWebhookEndpoint = (row: WebhookEndpointDbRow): WebhookEndpointRecord => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment,
  url: row.url,
  eventTypes: row.event_types,
  secretCiphertext: row.secret_ciphertext,
  previousSecretCiphertext: row.previous_secret_ciphertext,
  previousSecretExpiresAtMs: row.previous_secret_expires_at_ms,
  status: row.status,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at,
});

/** An endpoint with its event types, sorted bytewise (COLLATE "C") as SQLite sorts them. */
const WEBHOOK_ENDPOINT_COLUMNS = `e.*, ARRAY(SELECT t.event_type FROM webhook_endpoint_event_types t WHERE t.endpoint_id = e.id ORDER BY t.event_type COLLATE "C") AS event_types`;

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

/**
 * A delivery the claim may take at $1 (now): the WHERE of the SQLite store's claim. Pending, due,
 * no live lease, endpoint enabled, no delivery of its endpoint leased, and the endpoint's oldest
 * due one.
 */
const CLAIMABLE = `d.state = 'pending' AND d.next_attempt_at_ms <= $1 AND (d.lease_until_ms IS NULL OR d.lease_until_ms <= $1) AND e.status = 'enabled'
  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries x WHERE x.endpoint_id = d.endpoint_id AND x.state = 'pending' AND x.lease_until_ms > $1)
  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries y WHERE y.endpoint_id = d.endpoint_id AND y.state = 'pending' AND y.next_attempt_at_ms <= $1 AND y.seq < d.seq)`;

const SUBJECT_COLUMNS = 'seq, id, created_at, consent, metadata, latest_scores';
const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** Applies the migrations the database lacks, each in its own transaction, under one advisory lock. */
export async function migratePostgres(pool: pg.Pool, migrations: Migration[] = migrationsFor('postgres')): Promise<MigrationReport> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    const current = async () => (await client.query<{ v: number }>('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations')).rows[0].v;
    const applied: Migration[] = [];
    for (const migration of migrations) {
      if ((await current()) >= migration.version) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, new Date().toISOString()]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration);
    }
    return { applied, version: await current() };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** The data methods on one connection or the pool; `forUpdate` when running inside a transaction. */
class PostgresData implements StoreData {
  constructor(
    protected readonly db: Queryable,
    private readonly forUpdate: boolean,
  ) {}

  private get lockRow() {
    return this.forUpdate ? ' FOR UPDATE' : '';
  }

  private async one<Row extends pg.QueryResultRow>(sql: string, args: unknown[]): Promise<Row | undefined> {
    return (await this.db.query<Row>(sql, args)).rows[0];
  }

  async createAccount(id: string, tier: number, now: string): Promise<AccountRecord> {
    await this.db.query('INSERT INTO accounts (id, tier, created_at) VALUES ($1, $2, $3)', [id, tier, now]);
    return { id, tier, createdAt: now };
  }

  async findAccount(id: string): Promise<AccountRecord | undefined> {
    const row = await this.one<{ id: string; tier: number; created_at: string }>('SELECT id, tier, created_at FROM accounts WHERE id = $1', [id]);
    return row && { id: row.id, tier: row.tier, createdAt: row.created_at };
  }

  async setAccountTier(id: string, tier: number): Promise<void> {
    await this.db.query('UPDATE accounts SET tier = $1 WHERE id = $2', [tier, id]);
  }

  async insertKey(key: KeyRecord): Promise<void> {
    await this.db.query('INSERT INTO api_keys (id, account_id, environment, type, scopes, hash, last4, name, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
      key.id,
      key.accountId,
      key.environment,
      key.type,
      JSON.stringify(key.scopes),
      key.hash,
      key.last4,
      key.name,
      key.createdAt,
      key.revokedAt,
    ]);
  }

  async findKeyByHash(hash: Buffer): Promise<KeyRecord | undefined> {
    return toKey(await this.one<KeyDbRow>(`SELECT * FROM api_keys WHERE hash = $1${this.lockRow}`, [hash]));
  }

  async findKeyById(id: string): Promise<KeyRecord | undefined> {
    return toKey(await this.one<KeyDbRow>(`SELECT * FROM api_keys WHERE id = $1${this.lockRow}`, [id]));
  }

  async listKeys(): Promise<KeyRecord[]> {
    return (await this.db.query<KeyDbRow>('SELECT * FROM api_keys ORDER BY created_at, id')).rows.map((row) => toKey(row)!);
  }

  async revokeKey(id: string, now: string): Promise<void> {
    await this.db.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [now, id]);
  }

  async countKeys(): Promise<number> {
    return Number((await this.one<{ n: string }>('SELECT COUNT(*) AS n FROM api_keys', []))!.n);
  }

  async setting(name: string, create: () => string): Promise<string> {
    const existing = await this.one<{ value: string }>('SELECT value FROM settings WHERE name = $1', [name]);
    if (existing) return existing.value;
    await this.db.query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, create()]);
    return (await this.one<{ value: string }>('SELECT value FROM settings WHERE name = $1', [name]))!.value;
  }

  async insertSubject(scope: Scope, subject: Omit<SubjectRow, 'seq' | 'latestScores'>): Promise<SubjectRow> {
    const row = await this.one<{ seq: number }>('INSERT INTO subjects (id, account_id, environment, created_at, consent, metadata) VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq', [
      subject.id,
      scope.accountId,
      scope.environment,
      subject.createdAt,
      JSON.stringify(subject.consentArtifact),
      JSON.stringify(subject.metadata),
    ]);
    return { ...subject, seq: row!.seq, latestScores: null };
  }

  async findSubject(scope: Scope, id: string): Promise<SubjectRow | undefined> {
    const row = await this.one<SubjectDbRow>(`SELECT ${SUBJECT_COLUMNS} FROM subjects WHERE id = $1 AND account_id = $2 AND environment = $3${this.lockRow}`, [id, scope.accountId, scope.environment]);
    return row && toSubject(row);
  }

  pageSubjects(scope: Scope, query: PageQuery): Promise<PageResult<SubjectRow>> {
    return this.page<SubjectDbRow, SubjectRow>(`SELECT ${SUBJECT_COLUMNS} FROM subjects`, 'account_id = $1 AND environment = $2', [scope.accountId, scope.environment], query, toSubject);
  }

  async deleteSubject(scope: Scope, id: string): Promise<SubjectRow | undefined> {
    const row = await this.one<SubjectDbRow>(`DELETE FROM subjects WHERE id = $1 AND account_id = $2 AND environment = $3 RETURNING ${SUBJECT_COLUMNS}`, [id, scope.accountId, scope.environment]);
    return row && toSubject(row);
  }

  async insertAssessment(scope: Scope, assessment: Omit<AssessmentRow, 'seq'>): Promise<AssessmentRow> {
    const row = await this.one<{ seq: number }>(
      'INSERT INTO assessments (id, subject_id, account_id, environment, status, answers, scores, created_at, completed_at, metadata) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING seq',
      [assessment.id, assessment.subjectId, scope.accountId, scope.environment, assessment.status, JSON.stringify(assessment.answers), json(assessment.scores), assessment.createdAt, assessment.completedAt, JSON.stringify(assessment.metadata)],
    );
    return { ...assessment, seq: row!.seq };
  }

  async findAssessment(scope: Scope, id: string): Promise<AssessmentRow | undefined> {
    const row = await this.one<AssessmentDbRow>(`SELECT * FROM assessments WHERE id = $1 AND account_id = $2 AND environment = $3${this.lockRow}`, [id, scope.accountId, scope.environment]);
    return row && toAssessment(row);
  }

  pageAssessments(scope: Scope, subjectId: string, query: PageQuery): Promise<PageResult<AssessmentRow>> {
    return this.page<AssessmentDbRow, AssessmentRow>('SELECT * FROM assessments', 'subject_id = $1 AND account_id = $2 AND environment = $3', [subjectId, scope.accountId, scope.environment], query, toAssessment);
  }

  async updateAssessment(scope: Scope, assessment: AssessmentRow): Promise<void> {
    // One statement: the assessment and, when completing, the subject's latest scores.
    await this.db.query(
      `WITH updated AS (
         UPDATE assessments SET status = $1, answers = $2, scores = $3, completed_at = $4 WHERE id = $5 AND account_id = $6 AND environment = $7 RETURNING subject_id
       )
       UPDATE subjects SET latest_scores = $3 WHERE $1 = 'completed' AND id = (SELECT subject_id FROM updated) AND account_id = $6 AND environment = $7`,
      [assessment.status, JSON.stringify(assessment.answers), json(assessment.scores), assessment.completedAt, assessment.id, scope.accountId, scope.environment],
    );
  }

  /**
   * One keyset page, newest (highest seq) first; the same algorithm as the SQLite store's (see
   * there), with the neighbour check folded into the same query.
   */
  private async page<DbRow extends { seq: number }, Row>(select: string, where: string, args: unknown[], query: PageQuery, map: (row: DbRow) => Row): Promise<PageResult<Row>> {
    const { limit, boundary } = query;
    const n = args.length;
    const exists = async (condition: string, value: number) => Boolean(await this.one(`SELECT 1 FROM (${select} WHERE ${where} AND ${condition} LIMIT 1) AS probe`, [...args, value]));
    if (boundary && 'before' in boundary) {
      const fetched = (await this.db.query<DbRow>(`${select} WHERE ${where} AND seq > $${n + 1} ORDER BY seq ASC LIMIT $${n + 2}`, [...args, boundary.before, limit + 1])).rows;
      const hasMore = fetched.length > limit;
      const rows = fetched.slice(0, limit).reverse();
      const oldestEdge = rows.at(-1)?.seq ?? boundary.before + 1;
      return { rows: rows.map(map), hasMore, newer: hasMore ? rows[0].seq : null, older: (await exists(`seq < $${n + 1}`, oldestEdge)) ? oldestEdge : null };
    }
    const after = boundary && 'after' in boundary ? boundary.after : null;
    const fetched = (await this.db.query<DbRow>(`${select} WHERE ${where} AND seq < $${n + 1} ORDER BY seq DESC LIMIT $${n + 2}`, [...args, after ?? Number.MAX_SAFE_INTEGER, limit + 1])).rows;
    const hasMore = fetched.length > limit;
    const rows = fetched.slice(0, limit);
    const newestEdge = rows[0]?.seq ?? (after === null ? null : after - 1);
    const newer = after !== null && newestEdge !== null && (await exists(`seq > $${n + 1}`, newestEdge)) ? newestEdge : null;
    return { rows: rows.map(map), hasMore, older: hasMore ? rows.at(-1)!.seq : null, newer };
  }

  async findIdempotency(scope: Scope, key: string, notBeforeMs: number): Promise<IdempotencyRecord | undefined> {
    const row = await this.one<{ request_hash: string; status: number; body: string; created_at_ms: number }>(
      'SELECT request_hash, status, body, created_at_ms FROM idempotency WHERE account_id = $1 AND environment = $2 AND key = $3 AND created_at_ms >= $4',
      [scope.accountId, scope.environment, key, notBeforeMs],
    );
    return row && { requestHash: row.request_hash, status: row.status, body: row.body, createdAtMs: row.created_at_ms };
  }

  async saveIdempotency(scope: Scope, key: string, record: IdempotencyRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO idempotency (account_id, environment, key, request_hash, status, body, created_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (account_id, environment, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, status = EXCLUDED.status, body = EXCLUDED.body, created_at_ms = EXCLUDED.created_at_ms`,
      [scope.accountId, scope.environment, key, record.requestHash, record.status, record.body, record.createdAtMs],
    );
  }

  async takeTokens(limits: BucketLimit[], nowMs: number): Promise<RateDecision> {
    const row = await this.one<{ allowed: boolean; limit_per_minute: number; remaining: number; retry_after_seconds: number }>('SELECT * FROM take_tokens($1::text[], $2::float8[], $3)', [
      limits.map((limit) => limit.name),
      limits.map((limit) => limit.perMinute),
      Math.floor(nowMs),
    ]);
    return row!.allowed
      ? { allowed: true, limit: row!.limit_per_minute, remaining: Math.floor(row!.remaining), retryAfterSeconds: 0 }
      : { allowed: false, limit: row!.limit_per_minute, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(row!.retry_after_seconds)) };
  }

  async meter(accountId: string, period: string): Promise<void> {
    await this.db.query('INSERT INTO usage (account_id, period, requests) VALUES ($1, $2, 1) ON CONFLICT (account_id, period) DO UPDATE SET requests = usage.requests + 1', [accountId, period]);
  }

  async usage(accountId: string, period: string): Promise<number> {
    return (await this.one<{ requests: number }>('SELECT requests FROM usage WHERE account_id = $1 AND period = $2', [accountId, period]))?.requests ?? 0;
  }

  // ==== WEBHOOKS: endpoints, outbox, delivery queue (store.ts WebhookData) ====================
  // The same behaviour as the SQLite store's WEBHOOKS section. Writes that touch several rows are
  // one statement (data-modifying CTEs), so they are atomic on the pool as in a transaction; the
  // claim needs two statements and runs in a transaction of its own (see claimWebhookDeliveries).

  /**
   * Runs fn in a transaction: this one when inside one, else a new one on a pooled connection.
   */
  private async atomically<T>(fn: (db: Queryable) => Promise<T>): Promise<T> {
    if (this.forUpdate) return fn(this.db);
    const client = await (this.db as pg.Pool).connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async insertWebhookEndpoint(endpoint: WebhookEndpointRecord): Promise<void> {
    await this.db.query(
      `WITH inserted AS (
         INSERT INTO webhook_endpoints (id, account_id, environment, url, secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at_ms, status, disabled_reason, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id
       )
       INSERT INTO webhook_endpoint_event_types (endpoint_id, event_type) SELECT inserted.id, t.type FROM inserted, (SELECT DISTINCT unnest($11::text[]) AS type) AS t`,
      [
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
        endpoint.eventTypes,
      ],
    );
  }

  async findWebhookEndpoint(id: string): Promise<WebhookEndpointRecord | undefined> {
    const row = await this.one<WebhookEndpointDbRow>(`SELECT ${WEBHOOK_ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = $1${this.forUpdate ? ' FOR UPDATE OF e' : ''}`, [id]);
    return row && toWebhookEndpoint(row);
  }

  async listWebhookEndpoints(accountId?: string): Promise<WebhookEndpointRecord[]> {
    const rows =
      accountId === undefined
        ? await this.db.query<WebhookEndpointDbRow>(`SELECT ${WEBHOOK_ENDPOINT_COLUMNS} FROM webhook_endpoints e ORDER BY e.created_at, e.id`)
        : await this.db.query<WebhookEndpointDbRow>(`SELECT ${WEBHOOK_ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.account_id = $1 ORDER BY e.created_at, e.id`, [accountId]);
    return rows.rows.map(toWebhookEndpoint);
  }

  async setWebhookEndpointSecrets(id: string, secretCiphertext: string, previous: { ciphertext: string; expiresAtMs: number } | null): Promise<void> {
    await this.db.query('UPDATE webhook_endpoints SET secret_ciphertext = $1, previous_secret_ciphertext = $2, previous_secret_expires_at_ms = $3 WHERE id = $4', [
      secretCiphertext,
      previous?.ciphertext ?? null,
      previous?.expiresAtMs ?? null,
      id,
    ]);
  }

  async setWebhookEndpointStatus(id: string, status: WebhookEndpointStatus, reason: string | null): Promise<void> {
    await this.db.query('UPDATE webhook_endpoints SET status = $1, disabled_reason = $2 WHERE id = $3', [status, reason, id]);
  }

  async deleteWebhookEndpoint(id: string): Promise<boolean> {
    // Its event types and deliveries go with it (ON DELETE CASCADE).
    return ((await this.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  async insertWebhookEvent(event: WebhookEventRecord, onlyEndpointId?: string): Promise<number> {
    const result = await this.db.query(
      `WITH inserted AS (
         INSERT INTO webhook_events (id, account_id, environment, type, payload, created_at_ms) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
       )
       INSERT INTO webhook_deliveries (event_id, endpoint_id, state, attempts, next_attempt_at_ms)
       SELECT inserted.id, e.id, 'pending', 0, $6 FROM inserted, webhook_endpoints e
       WHERE e.account_id = $2 AND e.environment = $3 AND e.status = 'enabled' AND ($7::text IS NULL OR e.id = $7)
         AND EXISTS (SELECT 1 FROM webhook_endpoint_event_types t WHERE t.endpoint_id = e.id AND t.event_type IN ($4, '*'))
       ORDER BY e.created_at, e.id`,
      [event.id, event.accountId, event.environment, event.type, event.payload, event.createdAtMs, onlyEndpointId ?? null],
    );
    return result.rowCount ?? 0;
  }

  async findWebhookEvent(id: string): Promise<WebhookEventRecord | undefined> {
    const row = await this.one<WebhookEventDbRow>('SELECT id, account_id, environment, type, payload, created_at_ms FROM webhook_events WHERE id = $1', [id]);
    return row && toWebhookEvent(row);
  }

  /**
   * Two statements in one transaction. First, try-lock (never wait) a transaction-scoped advisory
   * lock per endpoint that has a claimable delivery, oldest first, until `limit` are held: an
   * endpoint another dispatcher is claiming right now is skipped. Second, in a fresh snapshot
   * (which sees every claim committed before we got our locks), the SQLite claim's WHERE on those
   * endpoints, FOR UPDATE OF d SKIP LOCKED, and the UPDATE that sets the lease.
   *
   * Row locks alone already stop two dispatchers leasing one delivery; the endpoint locks keep
   * "one in flight per endpoint" when dispatchers' statement snapshots or clocks differ (one at
   * nowMs = 8999 leasing an endpoint's second delivery while another at 9000 leases its first,
   * now due again, before the first's lease is committed).
   */
  async claimWebhookDeliveries(owner: string, nowMs: number, leaseUntilMs: number, limit: number): Promise<ClaimedWebhookDelivery[]> {
    if (limit <= 0) return [];
    return this.atomically(async (db) => {
      const endpoints = (
        await db.query<{ endpoint_id: string }>(
          `WITH candidates AS MATERIALIZED (
             SELECT d.endpoint_id, MIN(d.seq) AS first FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
             WHERE ${CLAIMABLE} GROUP BY d.endpoint_id
           ),
           ordered AS MATERIALIZED (SELECT endpoint_id FROM candidates ORDER BY first)
           SELECT endpoint_id FROM ordered WHERE pg_try_advisory_xact_lock(${WEBHOOK_CLAIM_LOCK}, hashtext(endpoint_id)) LIMIT $2`,
          [nowMs, limit],
        )
      ).rows.map((row) => row.endpoint_id);
      if (endpoints.length === 0) return [];
      const leased = (
        await db.query<{ seq: number }>(
          `WITH due AS (
             SELECT d.seq FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
             WHERE ${CLAIMABLE} AND d.endpoint_id = ANY ($2::text[])
             ORDER BY d.seq LIMIT $3
             FOR UPDATE OF d SKIP LOCKED
           )
           UPDATE webhook_deliveries w SET lease_until_ms = $4, lease_owner = $5 FROM due WHERE w.seq = due.seq RETURNING w.seq`,
          [nowMs, endpoints, limit, leaseUntilMs, owner],
        )
      ).rows.map((row) => row.seq);
      if (leased.length === 0) return [];
      const deliveries = (
        await db.query<WebhookDeliveryDbRow>('SELECT d.*, v.type AS event_type FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id WHERE d.seq = ANY ($1::bigint[]) ORDER BY d.seq', [leased])
      ).rows.map(toWebhookDelivery);
      const events = new Map(
        (await db.query<WebhookEventDbRow>('SELECT id, account_id, environment, type, payload, created_at_ms FROM webhook_events WHERE id = ANY ($1::text[])', [deliveries.map((d) => d.eventId)])).rows.map((row) => [row.id, toWebhookEvent(row)]),
      );
      const endpointRecords = new Map(
        (await db.query<WebhookEndpointDbRow>(`SELECT ${WEBHOOK_ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = ANY ($1::text[])`, [endpoints])).rows.map((row) => [row.id, toWebhookEndpoint(row)]),
      );
      return deliveries.map((delivery) => ({ delivery, event: events.get(delivery.eventId)!, endpoint: endpointRecords.get(delivery.endpointId)! }));
    });
  }

  async completeWebhookDelivery(seq: number, owner: string, attemptAtMs: number, outcome: WebhookAttemptOutcome): Promise<boolean> {
    const state = outcome.kind === 'succeeded' ? 'succeeded' : outcome.kind === 'failed' ? 'failed' : 'pending';
    const error = outcome.kind === 'succeeded' ? null : outcome.error;
    const next = outcome.kind === 'retry' ? outcome.nextAttemptAtMs : attemptAtMs;
    const disable = outcome.kind === 'failed' && outcome.disableEndpoint;
    // One statement: the outcome (only while the lease is ours) and, when the schedule is spent, the endpoint turned off.
    // A lease marked by a resend during this attempt records the answer and leaves the delivery pending and due.
    const row = await this.one<{ n: number }>(
      `WITH done AS (
         UPDATE webhook_deliveries SET
           state = CASE WHEN lease_owner = $2 THEN $3 ELSE 'pending' END,
           attempts = CASE WHEN lease_owner = $2 THEN attempts + 1 ELSE attempts END,
           next_attempt_at_ms = CASE WHEN lease_owner = $2 THEN $4 ELSE next_attempt_at_ms END,
           lease_until_ms = NULL, lease_owner = NULL, last_status = $5, last_error = $6, last_attempt_at_ms = $7
         WHERE seq = $1 AND lease_owner IN ($2, $9 || $2) AND state = 'pending' RETURNING endpoint_id, state
       ),
       disabled AS (
         UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $6 WHERE $8 AND id IN (SELECT endpoint_id FROM done WHERE state = 'failed') RETURNING id
       )
       SELECT COUNT(*)::int AS n FROM done`,
      [seq, owner, state, next, outcome.status, error, attemptAtMs, disable, RESEND_AFTER_LEASE],
    );
    return row!.n > 0;
  }

  async listWebhookDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]> {
    const rows = await this.db.query<WebhookDeliveryDbRow>('SELECT d.*, v.type AS event_type FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id WHERE d.endpoint_id = $1 ORDER BY d.seq DESC LIMIT $2', [endpointId, limit]);
    return rows.rows.map(toWebhookDelivery);
  }

  async requeueWebhookEvent(eventId: string, nowMs: number, onlyEndpointId?: string): Promise<string[]> {
    const rows = await this.db.query<{ endpoint_id: string }>(
      `WITH requeued AS (
         UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at_ms = $2,
           lease_owner = CASE WHEN lease_until_ms > $2 THEN (CASE WHEN lease_owner LIKE $3 || '%' THEN lease_owner ELSE $3 || lease_owner END) END,
           lease_until_ms = CASE WHEN lease_until_ms > $2 THEN lease_until_ms END
         WHERE event_id = $1 AND ($4::text IS NULL OR endpoint_id = $4) RETURNING seq, endpoint_id
       ),
       enabled AS (
         UPDATE webhook_endpoints SET status = 'enabled', disabled_reason = NULL WHERE id IN (SELECT endpoint_id FROM requeued) RETURNING id
       )
       SELECT endpoint_id FROM requeued ORDER BY seq`,
      [eventId, nowMs, RESEND_AFTER_LEASE, onlyEndpointId ?? null],
    );
    return rows.rows.map((row) => row.endpoint_id);
  }

  // ==== end of WEBHOOKS ======================================================================

  // ==== DASHBOARD (service/dashboard/api/) ===================================================

  async insertUser(user: UserRecord): Promise<boolean> {
    const result = await this.db.query('INSERT INTO dashboard_users (id, account_id, email, email_lower, password_hash, email_verified_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (email_lower) DO NOTHING', [user.id, user.accountId, user.email, user.email.toLowerCase(), user.passwordHash, user.emailVerifiedAt, user.createdAt]);
    return result.rowCount === 1;
  }

  async findUserByEmail(email: string): Promise<UserRecord | undefined> {
    return toUser(await this.one<UserDbRow>('SELECT * FROM dashboard_users WHERE email_lower = $1', [email.toLowerCase()]));
  }

  async findUserById(id: string): Promise<UserRecord | undefined> {
    return toUser(await this.one<UserDbRow>('SELECT * FROM dashboard_users WHERE id = $1', [id]));
  }

  async listUsers(): Promise<UserRecord[]> {
    return (await this.db.query<UserDbRow>('SELECT * FROM dashboard_users ORDER BY created_at, id')).rows.map((row) => toUser(row)!);
  }

  async setUserPassword(id: string, passwordHash: string): Promise<void> {
    await this.db.query('UPDATE dashboard_users SET password_hash = $1 WHERE id = $2', [passwordHash, id]);
  }

  async setUserEmailVerified(id: string, at: string): Promise<void> {
    await this.db.query('UPDATE dashboard_users SET email_verified_at = COALESCE(email_verified_at, $1) WHERE id = $2', [at, id]);
  }

  async insertSession(session: SessionRecord): Promise<void> {
    await this.db.query('INSERT INTO dashboard_sessions (token_hash, user_id, csrf_token, created_at_ms, last_seen_at_ms) VALUES ($1, $2, $3, $4, $5)', [session.tokenHash, session.userId, session.csrfToken, session.createdAtMs, session.lastSeenAtMs]);
  }

  async findSession(tokenHash: string): Promise<SessionRecord | undefined> {
    return toSession(await this.one<SessionDbRow>('SELECT * FROM dashboard_sessions WHERE token_hash = $1', [tokenHash]));
  }

  async touchSession(tokenHash: string, lastSeenAtMs: number): Promise<void> {
    await this.db.query('UPDATE dashboard_sessions SET last_seen_at_ms = $1 WHERE token_hash = $2', [lastSeenAtMs, tokenHash]);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.query('DELETE FROM dashboard_sessions WHERE token_hash = $1', [tokenHash]);
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.query('DELETE FROM dashboard_sessions WHERE user_id = $1', [userId]);
  }

  async recordSignInFailure(subjects: string[], atMs: number): Promise<void> {
    if (subjects.length === 0) return;
    await this.db.query('INSERT INTO dashboard_signin_failures (subject, at_ms) SELECT unnest($1::text[]), $2', [subjects, atMs]);
  }

  async forgetSignInFailure(subjects: string[], atMs: number): Promise<void> {
    for (const subject of subjects) {
      await this.db.query('DELETE FROM dashboard_signin_failures WHERE seq = (SELECT seq FROM dashboard_signin_failures WHERE subject = $1 AND at_ms = $2 LIMIT 1)', [subject, atMs]);
    }
  }

  async signInFailures(subject: string, sinceMs: number): Promise<{ count: number; oldestAtMs: number | null }> {
    const row = await this.one<{ n: number; oldest: number | null }>('SELECT COUNT(*) AS n, MIN(at_ms) AS oldest FROM dashboard_signin_failures WHERE subject = $1 AND at_ms >= $2', [subject, sinceMs]);
    return { count: Number(row?.n ?? 0), oldestAtMs: row?.oldest ?? null };
  }

  async insertMailToken(tokenHash: string, userId: string, purpose: MailTokenPurpose, expiresAtMs: number): Promise<void> {
    await this.db.query('INSERT INTO dashboard_mail_tokens (token_hash, user_id, purpose, expires_at_ms) VALUES ($1, $2, $3, $4)', [tokenHash, userId, purpose, expiresAtMs]);
  }

  async consumeMailToken(tokenHash: string, purpose: MailTokenPurpose, nowMs: number): Promise<string | undefined> {
    const row = await this.one<{ user_id: string; expires_at_ms: number }>('DELETE FROM dashboard_mail_tokens WHERE token_hash = $1 AND purpose = $2 RETURNING user_id, expires_at_ms', [tokenHash, purpose]);
    return row && row.expires_at_ms > nowMs ? row.user_id : undefined;
  }

  async deleteUserMailTokens(userId: string, purpose: MailTokenPurpose): Promise<void> {
    await this.db.query('DELETE FROM dashboard_mail_tokens WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
  }

  async insertMail(mail: Omit<MailRecord, 'seq'>): Promise<void> {
    await this.db.query('INSERT INTO dashboard_mail (recipient, subject, body, created_at) VALUES ($1, $2, $3, $4)', [mail.recipient, mail.subject, mail.body, mail.createdAt]);
  }

  async listMail(): Promise<MailRecord[]> {
    const rows = await this.db.query<{ seq: number; recipient: string; subject: string; body: string; created_at: string }>('SELECT seq, recipient, subject, body, created_at FROM dashboard_mail ORDER BY seq');
    return rows.rows.map((row) => ({ seq: row.seq, recipient: row.recipient, subject: row.subject, body: row.body, createdAt: row.created_at }));
  }

  async insertBillingRecord(record: Omit<BillingRecord, 'seq'>): Promise<void> {
    await this.db.query('INSERT INTO billing_records (account_id, kind, payload_json, created_at) VALUES ($1, $2, $3, $4)', [record.accountId, record.kind, JSON.stringify(record.payload), record.createdAt]);
  }

  async listBillingRecords(accountId: string): Promise<BillingRecord[]> {
    return (await this.db.query<BillingDbRow>('SELECT * FROM billing_records WHERE account_id = $1 ORDER BY seq', [accountId])).rows.map(toBillingRecord);
  }

  async meterDay(accountId: string, day: string): Promise<void> {
    await this.db.query('INSERT INTO usage_daily (account_id, day, requests) VALUES ($1, $2, 1) ON CONFLICT (account_id, day) DO UPDATE SET requests = usage_daily.requests + 1', [accountId, day]);
  }

  async dailyUsage(accountId: string, month: string): Promise<Array<{ day: string; requests: number }>> {
    return (await this.db.query<{ day: string; requests: number }>('SELECT day, requests FROM usage_daily WHERE account_id = $1 AND day LIKE $2 ORDER BY day', [accountId, `${month}-%`])).rows;
  }

  async listAccountKeys(accountId: string, environment: Environment): Promise<KeyRecord[]> {
    return (await this.db.query<KeyDbRow>('SELECT * FROM api_keys WHERE account_id = $1 AND environment = $2 ORDER BY created_at DESC, id DESC', [accountId, environment])).rows.map((row) => toKey(row)!);
  }

  async setKeyLastUsed(id: string, at: string): Promise<void> {
    await this.db.query('UPDATE api_keys SET last_used_at = $1 WHERE id = $2', [at, id]);
  }

  // ==== end of DASHBOARD =====================================================================
}

class PostgresTransaction extends PostgresData implements Transaction {
  async lock(name: string): Promise<void> {
    await this.db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [name]);
  }
}

export class PostgresStore extends PostgresData implements Store {
  readonly engine = 'postgres';

  private constructor(
    private readonly pool: pg.Pool,
    readonly migration: MigrationReport,
  ) {
    super(pool, false);
  }

  /** Connects, applies pending migrations, and returns the store. */
  static async open(url: string, options: { poolSize?: number } = {}): Promise<PostgresStore> {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types: TYPES });
    // An idle connection the server drops is replaced on the next query; without a listener the error would crash the process.
    pool.on('error', () => undefined);
    try {
      return new PostgresStore(pool, await migratePostgres(pool));
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(new PostgresTransaction(client, true));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** `postgres://user:***@host:port/db`: the URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}
