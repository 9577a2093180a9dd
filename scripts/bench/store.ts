/**
 * The service on PostgreSQL against the same service on SQLite (a file, synchronous=FULL; the
 * embedded PostgreSQL with fsync on): GET of one subject and create. Then scale-out: one, two and
 * three instances on one PostgreSQL, each in a cgroup of its own with a CPU quota (cgroup.ts;
 * BENCH_QUOTA_CORES of a core each, default 0.25), PostgreSQL and the load generator unconstrained,
 * so one instance is limited by its quota and the question is whether the shared database lets a
 * second and a third add their share (GET and create; each instance gets its own load of
 * QUOTA_CONNECTIONS). BENCH_RUNS rounds (default 5) of every phase; each row is the median ratio
 * of the rounds with its min and max. For every PostgreSQL phase, where the time went: statements
 * per request, server time and lock waits (pg-activity.ts), and CPU per request by party (cpu.ts).
 * Last, the shared rate-limit write alone (lease_tokens()). Autocannon on loopback; everything on
 * this machine's cores, so a busy machine gives ratios of noise (the load average is printed).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { leaseSize } from '../../service/rate-limit-leases.js';
import { tierLimits } from '../../service/rate-limit.js';
import { startPostgres } from '../lib/embedded-postgres.js';
import { cpuQuotas, type CpuQuota } from './cgroup.js';
import { addSpent, describeCpu, processesInGroup, sampleCpu, spent, type CpuSpent } from './cpu.js';
import { CONNECTIONS, DURATION_S, load, startTarget, type Measured, type Target } from './http.js';
import { combine, describeBreakdown, PgActivity, type Breakdown } from './pg-activity.js';
import { BENCH_ROUNDS, median, medianRange, type BenchRow } from './report.js';

/** Each instance's share of one core in the scale-out phases. */
const QUOTA_CORES = Number(process.env.BENCH_QUOTA_CORES ?? 0.25);
/** Connections of each instance's own load in the scale-out phases: enough to keep its quota busy. */
const QUOTA_CONNECTIONS = 8;
const INSTANCES = [1, 2, 3] as const;

const sum = (parts: Measured[]): Measured => ({
  requestsPerSecond: parts.reduce((total, m) => total + m.requestsPerSecond, 0),
  total: parts.reduce((total, m) => total + m.total, 0),
  p50: Math.max(...parts.map((m) => m.p50)),
  p99: Math.max(...parts.map((m) => m.p99)),
  non2xx: parts.reduce((total, m) => total + m.non2xx, 0),
});

type Work = 'GET' | 'create';
/** sqlite/pg: one instance without a quota; `GET 2`: two instances under quota, GET. */
type Phase =
  'sqlite GET' | 'sqlite create' | 'pg GET' | 'pg create' | `${Work} ${(typeof INSTANCES)[number]}`;

const TITLES: Record<string, string> = {
  'sqlite GET': 'SQLite GET, one key',
  'sqlite create': 'SQLite create',
  'pg GET': 'PostgreSQL GET, one instance, one key',
  'pg create': 'PostgreSQL create, one instance',
};
const quotaTitle = (work: Work, instances: number) =>
  `${work}, ${instances} instance${instances === 1 ? '' : 's'} under a quota of ${QUOTA_CORES} core each`;

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
  const quotas = cpuQuotas();
  progress(
    typeof quotas === 'string'
      ? `  CPU quotas unavailable (${quotas}): the scale-out phases are skipped`
      : `  CPU quotas: ${quotas.kind}, ${QUOTA_CORES} core per instance in the scale-out phases`,
  );
  progress(
    `  starting an embedded PostgreSQL with pg_stat_statements (load average ${loadAtStart.toFixed(1)} on ${availableParallelism()} cores: numbers from a busy machine are ratios of noise)`,
  );
  const server = await startPostgres({
    flags: ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_utility=on'],
  });
  const stops: Array<() => Promise<void>> = [];
  const cgroups: CpuQuota[] = [];
  let activity: PgActivity | undefined;
  try {
    const url = await server.createDatabase();
    activity = new PgActivity(server.url, new URL(url).pathname.slice(1));
    await activity.open();
    const sqlite = await startTarget('service', { BENCH_DATABASE: path.join(dir, 'bench.db') });
    stops.push(sqlite.stop);
    // The first instance creates the key and the subject the others GET too.
    const first = await startTarget('service', { DATABASE_URL: url });
    stops.push(first.stop);
    const instances: Target[] = [first];
    if (typeof quotas !== 'string') {
      for (let i = 1; i < INSTANCES.length; i += 1) {
        const other = await startTarget('service', { DATABASE_URL: url, BENCH_KEYS: first.keys!.join(',') });
        stops.push(other.stop);
        instances.push({ ...other, path: first.path });
      }
      instances.forEach((instance, i) => {
        const quota = quotas.create(`bench-${process.pid}-instance-${i + 1}`, QUOTA_CORES);
        cgroups.push(quota);
      });
    }
    const create = (target: Target) => ({
      method: 'POST' as const,
      path: '/v1/nature/subjects',
      body: JSON.stringify({ consent_artifact: target.consent }),
    });

    const measured = new Map<Phase, Measured[]>();
    const breakdowns = new Map<Phase, Array<{ breakdown: Breakdown; requests: number }>>();
    const cpu = new Map<Phase, CpuSpent | undefined>();
    const groups = [sqlite, ...instances].map((target) => target.processGroup!);
    const phase = async (name: Phase, run: () => Promise<Measured>): Promise<void> => {
      const onPostgres = !name.startsWith('sqlite');
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
    // The first `count` instances, each under its quota, each with its own load.
    const scaledOut = (work: Work, count: number) => () =>
      Promise.all(
        instances.slice(0, count).map((instance) =>
          load(instance, DURATION_S, {
            connections: QUOTA_CONNECTIONS,
            ...(work === 'create' ? create(instance) : {}),
          }),
        ),
      ).then(sum);
    const placeUnderQuotas = (under: boolean) => {
      if (typeof quotas === 'string') return;
      instances.forEach((instance, i) => {
        const pids = processesInGroup(instance.processGroup!);
        if (under) cgroups[i].place(pids);
        else quotas.release(pids);
      });
    };

    progress(
      `  warm-up: 1 s of each load; then ${BENCH_ROUNDS} rounds of ${DURATION_S} s per phase at ${CONNECTIONS} connections (${QUOTA_CONNECTIONS} per instance under a quota)`,
    );
    await Promise.all([load(sqlite, 1), ...instances.map((instance) => load(instance, 1))]);
    for (let round = 1; round <= BENCH_ROUNDS; round += 1) {
      progress(`  round ${round}/${BENCH_ROUNDS} (load average ${loadavg()[0].toFixed(1)})`);
      await phase('sqlite GET', () => load(sqlite, DURATION_S));
      await phase('sqlite create', () => load(sqlite, DURATION_S, create(sqlite)));
      await phase('pg GET', () => load(first, DURATION_S));
      await phase('pg create', () => load(first, DURATION_S, create(first)));
      if (typeof quotas === 'string') continue;
      placeUnderQuotas(true);
      try {
        // One, two, three, then the other way round: neither end always runs on the fuller table.
        const counts = round % 2 === 1 ? [...INSTANCES] : [...INSTANCES].reverse();
        for (const work of ['GET', 'create'] as const)
          for (const count of counts) await phase(`${work} ${count}`, scaledOut(work, count));
      } finally {
        placeUnderQuotas(false);
      }
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
        ['SQLite', 'sqlite GET'],
        ['PostgreSQL', 'pg GET'],
        0.3,
      ),
      ratioRow(
        'create a subject: PostgreSQL vs SQLite',
        ['SQLite', 'sqlite create'],
        ['PostgreSQL', 'pg create'],
        0.7,
      ),
    ];
    if (typeof quotas === 'string') {
      rows.push({
        benchmark: 'scale-out under CPU quotas',
        baseline: '',
        measured: `not measured: ${quotas}`,
        goal: 'report',
      });
    } else {
      const goals = { 2: 1.8, 3: 2.5 };
      for (const work of ['GET', 'create'] as const)
        for (const count of [2, 3] as const)
          rows.push(
            ratioRow(
              `${work === 'GET' ? 'GET one subject' : 'create a subject'}: ${count} instances vs 1, each under a quota of ${QUOTA_CORES} core (PostgreSQL)`,
              ['one', `${work} 1`],
              [String(count), `${work} ${count}`],
              goals[count],
            ),
          );
      const postgresPerGet = INSTANCES.map((count) => {
        const spentIn = cpu.get(`GET ${count}`);
        return `${count}: ${spentIn && spentIn.requests ? ((spentIn.postgres * 1000) / spentIn.requests).toFixed(0) : '?'} µs`;
      });
      rows.push({
        benchmark: "PostgreSQL's CPU per GET, by instances under quota",
        baseline: '',
        measured: postgresPerGet.join(', '),
        goal: 'report',
      });
    }
    const keyBatch = leaseSize(tierLimits(3).perKey);
    const pgGet = median(rates('pg GET'));
    rows.push({
      benchmark: 'shared rate-limit write alone: lease_tokens() vs the GET path',
      baseline: `GET (PostgreSQL, one instance) median ${pgGet.toFixed(0)} req/s`,
      // A batch is 1/20 of a bucket's minute: a bucket spent at its full limit costs one call per instance every 3 s.
      measured: `lease_tokens ${leases.toFixed(0)} calls/s (${CONNECTIONS} callers, key + one hot account row): a batch of ${keyBatch} tokens of a tier-3 key per call, ~${(leases * keyBatch).toFixed(0)} req/s of rate limiting; ~${(leases * 3).toFixed(0)} buckets x instances at their full limit`,
      ratio: (leases * keyBatch) / pgGet,
      goal: 'report',
    });
    for (const name of measured.keys()) {
      const statements = breakdowns.get(name);
      const [work, count] = name.split(' ');
      rows.push({
        benchmark: `where the time goes: ${TITLES[name] ?? quotaTitle(work as Work, Number(count))}`,
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
    await Promise.all(cgroups.map((quota) => quota.remove()));
    await activity?.close().catch(() => undefined);
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
