/**
 * The service on PostgreSQL against the same service on SQLite (a file, synchronous=FULL; the
 * embedded PostgreSQL with fsync on): GET of one subject and create. Then two instances on one
 * PostgreSQL against one, GET with one hot key and with 100 keys of one account (the load split
 * between the instances). BENCH_RUNS rounds (default 5) of every phase; each row is the median
 * ratio of the rounds with its min and max. For every PostgreSQL phase, where the time went:
 * statements per request and lock waits (pg-activity.ts). Last, the shared rate-limit write alone
 * (lease_tokens(), what one PostgreSQL carries of it). Autocannon on loopback; everything on
 * this machine's cores, so a busy machine gives ratios of noise (the load average is printed).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { leaseSize } from '../../service/rate-limit-leases.js';
import { tierLimits } from '../../service/rate-limit.js';
import { startPostgres } from '../lib/embedded-postgres.js';
import { CONNECTIONS, DURATION_S, load, startTarget, type Measured, type Target } from './http.js';
import { addSpent, describeCpu, sampleCpu, spent, type CpuSpent } from './cpu.js';
import { combine, describeBreakdown, PgActivity, type Breakdown } from './pg-activity.js';
import { BENCH_ROUNDS, median, medianRange, type BenchRow } from './report.js';

const KEY_COUNT = 100;

const sum = (parts: Measured[]): Measured => ({
  requestsPerSecond: parts.reduce((total, m) => total + m.requestsPerSecond, 0),
  total: parts.reduce((total, m) => total + m.total, 0),
  p50: Math.max(...parts.map((m) => m.p50)),
  p99: Math.max(...parts.map((m) => m.p99)),
  non2xx: parts.reduce((total, m) => total + m.non2xx, 0),
});

type Phase = 'sqliteGet' | 'sqliteCreate' | 'pgGet' | 'pgCreate' | 'pgGetMany' | 'twoGet' | 'twoGetMany';

const PHASES: Array<[Phase, string]> = [
  ['sqliteGet', 'SQLite GET, one key'],
  ['sqliteCreate', 'SQLite create'],
  ['pgGet', 'GET, one instance, one key'],
  ['pgCreate', 'create, one instance'],
  ['pgGetMany', `GET, one instance, ${KEY_COUNT} keys of one account`],
  ['twoGet', 'GET, two instances, one key'],
  ['twoGetMany', `GET, two instances, ${KEY_COUNT} keys of one account`],
];

/**
 * lease_tokens() calls per second from CONNECTIONS concurrent callers, without HTTP: each a tier-3
 * key's batch from its own key bucket and the one account bucket they all share (the hot row), as
 * an instance leases them. Buckets never run dry (a huge rate), so every call writes both rows.
 */
async function leaseRate(url: string, seconds: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const { perKey, perAccount } = tierLimits(3);
  let calls = 0;
  const until = Date.now() + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, worker) => {
        while (Date.now() < until) {
          await pool.query('SELECT * FROM lease_tokens($1::text[], $2::float8[], $3::float8[], $4)', [
            [`key:lease_bench_${worker}`, 'account:lease_bench'],
            [1e12, 1e12],
            [leaseSize(perKey), leaseSize(perAccount)],
            Date.now(),
          ]);
          calls += 1;
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return calls / seconds;
}

export async function benchStore(progress: (line: string) => void): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-store-'));
  const loadAtStart = loadavg()[0];
  progress(
    `  starting an embedded PostgreSQL with pg_stat_statements (load average ${loadAtStart.toFixed(1)} on ${availableParallelism()} cores: numbers from a busy machine are ratios of noise)`,
  );
  const server = await startPostgres({
    flags: ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_utility=on'],
  });
  const stops: Array<() => Promise<void>> = [];
  let activity: PgActivity | undefined;
  try {
    const url = await server.createDatabase();
    activity = new PgActivity(server.url, new URL(url).pathname.slice(1));
    await activity.open();
    const sqlite = await startTarget('service', { BENCH_DATABASE: path.join(dir, 'bench.db') });
    stops.push(sqlite.stop);
    const first = await startTarget('service', { DATABASE_URL: url, BENCH_KEY_COUNT: String(KEY_COUNT) });
    stops.push(first.stop);
    const second: Target = {
      ...(await startTarget('service', { DATABASE_URL: url, BENCH_KEYS: first.keys!.join(',') })),
      path: first.path,
    };
    stops.push(second.stop);
    const create = (target: Target) => ({
      method: 'POST' as const,
      path: '/v1/nature/subjects',
      body: JSON.stringify({ consent_artifact: target.consent }),
    });
    const many = first.keys!;
    const half = CONNECTIONS / 2;

    const measured = new Map<Phase, Measured[]>();
    const breakdowns = new Map<Phase, Array<{ breakdown: Breakdown; requests: number }>>();
    const cpu = new Map<Phase, CpuSpent | undefined>();
    const groups = [sqlite, first, second].map((target) => target.processGroup!);
    const phase = async (name: Phase, run: () => Promise<Measured>): Promise<void> => {
      const onPostgres = name !== 'sqliteGet' && name !== 'sqliteCreate';
      if (onPostgres) await activity!.start();
      const before = sampleCpu(groups, [activity!.backendPid]);
      const result = await run();
      cpu.set(
        name,
        addSpent(cpu.get(name), spent(before, sampleCpu(groups, [activity!.backendPid]), result.total)),
      );
      if (onPostgres)
        breakdowns.set(name, [
          ...(breakdowns.get(name) ?? []),
          { breakdown: await activity!.stop(result.total), requests: result.total },
        ]);
      measured.set(name, [...(measured.get(name) ?? []), result]);
    };

    progress(
      `  warm-up: 1 s of each load; then ${BENCH_ROUNDS} rounds of ${DURATION_S} s per phase at ${CONNECTIONS} connections`,
    );
    await Promise.all([load(sqlite, 1), load(first, 1), load(second, 1, { keys: many })]);
    for (let round = 1; round <= BENCH_ROUNDS; round += 1) {
      progress(`  round ${round}/${BENCH_ROUNDS} (load average ${loadavg()[0].toFixed(1)})`);
      await phase('sqliteGet', () => load(sqlite, DURATION_S));
      await phase('sqliteCreate', () => load(sqlite, DURATION_S, create(sqlite)));
      await phase('pgGet', () => load(first, DURATION_S));
      await phase('pgCreate', () => load(first, DURATION_S, create(first)));
      await phase('pgGetMany', () => load(first, DURATION_S, { keys: many }));
      await phase('twoGet', async () =>
        sum(
          await Promise.all([
            load(first, DURATION_S, { connections: half }),
            load(second, DURATION_S, { connections: half }),
          ]),
        ),
      );
      await phase('twoGetMany', async () =>
        sum(
          await Promise.all([
            load(first, DURATION_S, { connections: half, keys: many }),
            load(second, DURATION_S, {
              connections: half,
              keys: [...many.slice(KEY_COUNT / 2), ...many.slice(0, KEY_COUNT / 2)],
            }),
          ]),
        ),
      );
    }

    progress(`  lease_tokens() alone (the shared rate-limit write), ${DURATION_S} s`);
    const leases = await leaseRate(url, DURATION_S);

    const rates = (name: Phase) => measured.get(name)!.map((m) => m.requestsPerSecond);
    const errors = (names: Phase[]) =>
      names.reduce((total, name) => total + measured.get(name)!.reduce((n, m) => n + m.non2xx, 0), 0);
    const ratioRow = (
      benchmark: string,
      [baseName, baseline]: [string, Phase],
      [name, phaseName]: [string, Phase],
      goal: number,
    ): BenchRow => {
      const ratios = rates(phaseName).map((rate, i) => rate / rates(baseline)[i]);
      const failed = errors([baseline, phaseName]);
      return {
        benchmark,
        baseline: `${baseName} ${medianRange(rates(baseline), 0)} req/s`,
        measured: `${name} ${medianRange(rates(phaseName), 0)} req/s, p99 ${median(measured.get(phaseName)!.map((m) => m.p99))} ms${failed ? `, ${failed} non-2xx` : ''}`,
        ratio: median(ratios),
        ratioRange: [Math.min(...ratios), Math.max(...ratios)],
        goal: `≥ ${goal}x (throughput)`,
        met: median(ratios) >= goal && failed === 0,
      };
    };
    const rows: BenchRow[] = [
      ratioRow(
        'GET one subject: PostgreSQL vs SQLite',
        ['SQLite', 'sqliteGet'],
        ['PostgreSQL', 'pgGet'],
        0.3,
      ),
      ratioRow(
        'create a subject: PostgreSQL vs SQLite',
        ['SQLite', 'sqliteCreate'],
        ['PostgreSQL', 'pgCreate'],
        0.7,
      ),
      ratioRow(
        'GET, one hot key: two instances vs one (PostgreSQL)',
        ['one', 'pgGet'],
        ['two', 'twoGet'],
        1.6,
      ),
      ratioRow(
        `GET, ${KEY_COUNT} keys of one account: two instances vs one`,
        ['one', 'pgGetMany'],
        ['two', 'twoGetMany'],
        1.6,
      ),
    ];
    const keyBatch = leaseSize(tierLimits(3).perKey);
    const pgGet = median(rates('pgGet'));
    rows.push({
      benchmark: 'shared rate-limit write alone: lease_tokens() vs the GET path',
      baseline: `GET (PostgreSQL, one instance) median ${pgGet.toFixed(0)} req/s`,
      // A batch is 1/20 of a bucket's minute: a bucket spent at its full limit costs one call per instance every 3 s.
      measured: `lease_tokens ${leases.toFixed(0)} calls/s (${CONNECTIONS} callers, key + one hot account row): a batch of ${keyBatch} tokens of a tier-3 key per call, ~${(leases * keyBatch).toFixed(0)} req/s of rate limiting; ~${(leases * 3).toFixed(0)} buckets x instances at their full limit`,
      ratio: (leases * keyBatch) / pgGet,
      goal: 'report',
    });
    for (const [name, title] of PHASES) {
      const statements = breakdowns.get(name);
      rows.push({
        benchmark: `where the time goes: ${title}`,
        baseline: '',
        measured: [statements && describeBreakdown(combine(statements)), describeCpu(cpu.get(name))]
          .filter(Boolean)
          .join('; '),
        goal: 'report',
      });
    }
    rows.push({
      benchmark: 'machine',
      baseline: '',
      measured: `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end, ${availableParallelism()} cores`,
      goal: 'report',
    });
    return rows;
  } finally {
    await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
    await activity?.close().catch(() => undefined);
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
