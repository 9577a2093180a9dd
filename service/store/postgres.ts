/**
 * The server store: PostgreSQL through node-postgres (`DATABASE_URL=postgres://…`), for several
 * instances behind a load balancer. Everything shared lives in the database: token buckets
 * (take_tokens, one statement), idempotency records (a transaction-scoped advisory lock per
 * key), revocations (no key cache: every request reads the key), the meter (an upsert).
 * Inside a transaction, finding a subject, assessment or key locks its row until the end
 * (SELECT … FOR UPDATE), so a read-modify-write is safe across instances.
 */
import pg from 'pg';
import type { BucketLimit, RateDecision } from '../rate-limit.js';
import { migrationsFor, type Migration, type MigrationReport } from './migrations.js';
import type { AccountRecord, AssessmentRow, IdempotencyRecord, KeyRecord, PageQuery, PageResult, Scope, Store, StoreData, SubjectRow, Transaction } from './store.js';

/** BIGINT (oid 20) as a number: sequence numbers and milliseconds stay far below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser,
};

/** One advisory lock key for migrations: instances starting together apply each version once. */
const MIGRATION_LOCK = 1_729_001;

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
}

const toKey = (row: KeyDbRow | undefined): KeyRecord | undefined =>
  row && { id: row.id, accountId: row.account_id, environment: row.environment, type: row.type, scopes: row.scopes, hash: row.hash, last4: row.last4, name: row.name, createdAt: row.created_at, revokedAt: row.revoked_at };

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
