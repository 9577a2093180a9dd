/**
 * Where a PostgreSQL request spends its time, seen from the server: the statements each request
 * sends (pg_stat_statements, reset before each phase; every statement is one round trip with
 * node-postgres, BEGIN and COMMIT included) and how much of the backends' active time is spent
 * waiting for a lock (pg_stat_activity sampled every 20 ms: `Lock` is a row, tuple,
 * transaction or advisory lock another session holds; `LWLock` a buffer or WAL latch).
 * Needs a server started with shared_preload_libraries=pg_stat_statements.
 */
import pg from 'pg';

export interface Breakdown {
  statementsPerRequest: number;
  /** The busiest statements, as `label per-request`, most calls first. */
  statements: Array<{ label: string; perRequest: number }>;
  /** Server execution time per request, ms (pg_stat_statements' total_exec_time). */
  serverMsPerRequest: number;
  /** Share of sampled active backends waiting for a heavyweight lock (rows, transactions, advisory). */
  lockWaitShare: number;
  /** Share waiting for a lightweight lock (buffer contents, WAL insertion). */
  lwlockWaitShare: number;
}

/** `SELECT "api_keys"… FROM "api_keys" …` → `SELECT api_keys`: the verb and the first table or function. */
export function statementLabel(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const verb = (/^(with .*?\) )?(\w+)/i.exec(text)?.[2] ?? text).toUpperCase();
  const call =
    /\b(take_tokens|lease_tokens|return_tokens|pg_advisory_xact_lock|pg_try_advisory_xact_lock)\b/i.exec(
      text,
    )?.[1];
  if (call) return `${verb} ${call}()`;
  const table = /\b(?:from|into|update|join)\s+"?(\w+)"?/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

export class PgActivity {
  private readonly admin: pg.Client;
  private sampler?: NodeJS.Timeout;
  private samples = { active: 0, lock: 0, lwlock: 0 };

  constructor(
    adminUrl: string,
    private readonly database: string,
  ) {
    this.admin = new pg.Client({ connectionString: adminUrl });
  }

  /** The server process of this connection: its CPU is the benchmark's, not the service's (cpu.ts). */
  backendPid = 0;

  async open(): Promise<void> {
    await this.admin.connect();
    await this.admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    this.backendPid = (await this.admin.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  }

  /** Forgets the counts so far and starts sampling. */
  async start(): Promise<void> {
    await this.admin.query(
      'SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = $1), 0)',
      [this.database],
    );
    this.samples = { active: 0, lock: 0, lwlock: 0 };
    let busy = false;
    this.sampler = setInterval(() => {
      if (busy) return;
      busy = true;
      this.admin
        .query<{ active: number; lock: number; lwlock: number }>(
          `SELECT count(*) FILTER (WHERE state = 'active')::int AS active,
                  count(*) FILTER (WHERE state = 'active' AND wait_event_type = 'Lock')::int AS lock,
                  count(*) FILTER (WHERE state = 'active' AND wait_event_type = 'LWLock')::int AS lwlock
             FROM pg_stat_activity WHERE datname = $1`,
          [this.database],
        )
        .then(({ rows: [row] }) => {
          this.samples.active += row.active;
          this.samples.lock += row.lock;
          this.samples.lwlock += row.lwlock;
        })
        .catch(() => undefined)
        .finally(() => (busy = false));
    }, 20);
  }

  /** Stops sampling; the breakdown of the `requests` answered since start. */
  async stop(requests: number): Promise<Breakdown> {
    clearInterval(this.sampler);
    const { rows } = await this.admin.query<{ query: string; calls: number; ms: number }>(
      'SELECT query, calls::int AS calls, total_exec_time AS ms FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1)',
      [this.database],
    );
    const byLabel = new Map<string, number>();
    for (const row of rows)
      byLabel.set(statementLabel(row.query), (byLabel.get(statementLabel(row.query)) ?? 0) + row.calls);
    const per = (n: number) => n / Math.max(1, requests);
    return {
      statementsPerRequest: per(rows.reduce((sum, row) => sum + row.calls, 0)),
      statements: [...byLabel]
        .sort((a, b) => b[1] - a[1])
        .map(([label, calls]) => ({ label, perRequest: per(calls) })),
      serverMsPerRequest: per(rows.reduce((sum, row) => sum + row.ms, 0)),
      lockWaitShare: this.samples.lock / Math.max(1, this.samples.active),
      lwlockWaitShare: this.samples.lwlock / Math.max(1, this.samples.active),
    };
  }

  close(): Promise<void> {
    clearInterval(this.sampler);
    return this.admin.end();
  }
}

/** Sums breakdowns of one phase over several runs, weighting each by its requests. */
export function combine(parts: Array<{ breakdown: Breakdown; requests: number }>): Breakdown {
  const total = parts.reduce((sum, part) => sum + part.requests, 0) || 1;
  const weighted = (pick: (b: Breakdown) => number) =>
    parts.reduce((sum, part) => sum + pick(part.breakdown) * part.requests, 0) / total;
  const labels = new Map<string, number>();
  for (const part of parts)
    for (const s of part.breakdown.statements)
      labels.set(s.label, (labels.get(s.label) ?? 0) + s.perRequest * part.requests);
  return {
    statementsPerRequest: weighted((b) => b.statementsPerRequest),
    statements: [...labels]
      .sort((a, b) => b[1] - a[1])
      .map(([label, calls]) => ({ label, perRequest: calls / total })),
    serverMsPerRequest: weighted((b) => b.serverMsPerRequest),
    lockWaitShare: weighted((b) => b.lockWaitShare),
    lwlockWaitShare: weighted((b) => b.lwlockWaitShare),
  };
}

/** `2.00 statements/request (SELECT api_keys 1.00, SELECT subjects 1.00), 0.09 ms server time, lock waits 0 % (LWLock 1 %)`. */
export function describeBreakdown(b: Breakdown): string {
  const top = b.statements
    .filter((s) => s.perRequest >= 0.005)
    .slice(0, 6)
    .map((s) => `${s.label} ${s.perRequest.toFixed(2)}`)
    .join(', ');
  const pct = (share: number) => `${(share * 100).toFixed(0)} %`;
  return `${b.statementsPerRequest.toFixed(2)} statements/request (${top}); server ${b.serverMsPerRequest.toFixed(3)} ms/request; lock waits ${pct(b.lockWaitShare)} of active backend time (LWLock ${pct(b.lwlockWaitShare)})`;
}
