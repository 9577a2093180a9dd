/**
 * The service on PostgreSQL against the same service on SQLite (a file, synchronous=FULL; the
 * embedded PostgreSQL with fsync on), GET of one subject and create, then two instances on one
 * PostgreSQL against one (GET, the load split between them), and the shared rate-limit update
 * (take_tokens) alone. Autocannon on loopback; everything on this machine's cores.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from '../lib/embedded-postgres.js';
import { CONNECTIONS, describe, DURATION_S, load, startTarget, type Measured, type Target } from './http.js';
import type { BenchRow } from './report.js';

const sum = (a: Measured, b: Measured): Measured => ({ requestsPerSecond: a.requestsPerSecond + b.requestsPerSecond, p50: Math.max(a.p50, b.p50), p99: Math.max(a.p99, b.p99), non2xx: a.non2xx + b.non2xx });

async function measure(target: Target, progress: (line: string) => void): Promise<{ get: Measured; create: Measured }> {
  const create = { method: 'POST' as const, path: '/v1/nature/subjects', body: JSON.stringify({ consent_artifact: target.consent }) };
  progress(`  ${target.name}: GET one subject, then create, ${DURATION_S} s each at ${CONNECTIONS} connections`);
  await load(target, 1);
  const get = await load(target, DURATION_S);
  const created = await load(target, DURATION_S, create);
  return { get, create: created };
}

/** take_tokens calls per second from 16 concurrent callers, without HTTP. */
async function takeTokensRate(url: string, seconds: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  let calls = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      while (Date.now() < until) {
        await pool.query('SELECT * FROM take_tokens($1::text[], $2::float8[], $3)', [[`key:bench_${worker}`, 'account:bench'], [1e9, 1e9], Date.now()]);
        calls += 1;
      }
    }),
  );
  await pool.end();
  return calls / seconds;
}

export async function benchStore(progress: (line: string) => void): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-store-'));
  progress(`  starting an embedded PostgreSQL (machine load average ${loadavg()[0].toFixed(1)}: numbers from a busy machine are ratios of noise)`);
  const server = await startPostgres();
  const stops: Array<() => Promise<void>> = [];
  try {
    const sqlite = await startTarget('service', { BENCH_DATABASE: path.join(dir, 'bench.db') });
    stops.push(sqlite.stop);
    const onSqlite = await measure({ ...sqlite, name: 'SQLite' }, progress);
    await sqlite.stop();

    const url = await server.createDatabase();
    const first = await startTarget('service', { DATABASE_URL: url });
    stops.push(first.stop);
    const onPostgres = await measure({ ...first, name: 'PostgreSQL' }, progress);

    progress(`  two instances on one PostgreSQL: GET, ${CONNECTIONS / 2} connections each`);
    const second = await startTarget('service', { DATABASE_URL: url, BENCH_KEY: first.key! });
    stops.push(second.stop);
    const half = { connections: CONNECTIONS / 2 };
    await Promise.all([load(first, 1, half), load(second, 1, half)]);
    const [a, b] = await Promise.all([load(first, DURATION_S, half), load({ ...second, path: first.path }, DURATION_S, half)]);
    const two = sum(a, b);
    await Promise.all([first.stop(), second.stop()]);

    progress('  take_tokens alone (the shared rate-limit update)');
    const buckets = await takeTokensRate(url, 3);

    const row = (benchmark: string, baseline: string, measured: string, ratio: number): BenchRow => ({ benchmark, baseline, measured, ratio, goal: 'report', met: undefined });
    return [
      row('GET one subject: PostgreSQL vs SQLite', describe('SQLite', onSqlite.get), describe('PostgreSQL', onPostgres.get), onPostgres.get.requestsPerSecond / onSqlite.get.requestsPerSecond),
      row('create a subject: PostgreSQL vs SQLite', describe('SQLite', onSqlite.create), describe('PostgreSQL', onPostgres.create), onPostgres.create.requestsPerSecond / onSqlite.create.requestsPerSecond),
      row('GET one subject: two instances vs one (PostgreSQL)', describe('one', onPostgres.get), describe('two', two), two.requestsPerSecond / onPostgres.get.requestsPerSecond),
      row('rate-limit update in PostgreSQL vs the GET path', describe('GET (PostgreSQL)', onPostgres.get), `take_tokens ${buckets.toFixed(0)} calls/s`, buckets / onPostgres.get.requestsPerSecond),
    ];
  } finally {
    await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
