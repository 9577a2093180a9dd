/**
 * HTTP throughput on loopback with autocannon: the service's GET of one subject against bare
 * Fastify answering the same route with a constant body (throughput and CPU per request, in
 * alternating rounds), against Fastify with hooks, headers and schemas like the service's (the
 * same rounds), and against the Prism mock.
 */
import autocannon from 'autocannon';
import { createInterface } from 'node:readline';
import { startMock } from '../lib/mock.js';
import { binPath, freePort, startProcess, type RunningProcess } from '../lib/processes.js';
import { sampleCpu } from './cpu.js';
import { BENCH_ROUNDS, median, medianRange, type BenchRow } from './report.js';

export interface Target {
  name: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  /** The service target's keys (one account; the first is in `headers`) and a valid consent artifact, for write benchmarks. */
  keys?: string[];
  consent?: Record<string, unknown>;
  stop: () => Promise<void>;
  /** The target's process group (CPU accounting, cpu.ts). */
  processGroup?: number;
}

export interface Measured {
  requestsPerSecond: number;
  /** Requests answered in the measured seconds. */
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 6);
export const CONNECTIONS = 16;
/**
 * Issue 44's goal: the service at most 1.2x the CPU per request of Fastify doing the same HTTP work
 * (hooks, headers, schemas, a constant body); throughput and bare Fastify are report only.
 */
const SAME_WORK_CPU_GOAL = 0.83;

/** A target process; `env` chooses the service's store and keys (DATABASE_URL, BENCH_DATABASE, BENCH_KEY_COUNT, BENCH_KEYS). */
export async function startTarget(
  kind: 'service' | 'bare' | 'bare-hooks' | 'bare-schemas',
  env: Record<string, string> = {},
): Promise<Target> {
  const port = await freePort();
  const running: RunningProcess = startProcess(
    binPath('tsx'),
    ['scripts/bench/http-target.ts', kind, String(port)],
    { env: { LOG: 'off', ...env } },
  );
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: running.child.stdout! });
    lines.once('line', resolve);
    running.child.once('exit', (code) =>
      reject(new Error(`${kind} target exited (${code}):\n${running.output()}`)),
    );
  });
  const ready = JSON.parse(line) as {
    path: string;
    headers: Record<string, string>;
    keys?: string[];
    consent?: Record<string, unknown>;
  };
  return {
    name: kind,
    url: `http://127.0.0.1:${port}`,
    ...ready,
    stop: running.stop,
    processGroup: running.child.pid,
  };
}

/**
 * Load on one target; `request` makes it a write (method, path and body) instead of the target's GET.
 * `keys` sends each connection's requests with these keys in turn (autocannon's request sequence) instead of the target's one.
 */
export function load(
  target: Target,
  seconds: number,
  request: {
    method?: 'GET' | 'POST';
    path?: string;
    body?: string;
    connections?: number;
    keys?: string[];
  } = {},
): Promise<Measured> {
  const headers =
    request.body === undefined ? target.headers : { ...target.headers, 'content-type': 'application/json' };
  const sequence = request.keys?.map((key) => ({ headers: { ...headers, authorization: `Bearer ${key}` } }));
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${target.url}${request.path ?? target.path}`,
        method: request.method ?? 'GET',
        body: request.body,
        headers,
        requests: sequence,
        connections: request.connections ?? CONNECTIONS,
        duration: seconds,
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.average,
          total: result.requests.total,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

/** One measurement as the report prints it. */
export const describe = (name: string, m: Measured) =>
  `${name} ${m.requestsPerSecond.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.non2xx ? `, ${m.non2xx} non-2xx` : ''}`;

/** One target's round: its load's measurement and its CPU per request (µs; none off Linux). */
export type RoundMeasured = Measured & { cpuMicros?: number };

/**
 * Each target under the same load for `seconds`, in `rounds` rounds whose order alternates (so a
 * slow minute of a shared machine falls on every target alike), after a 1 s warm-up each (JIT,
 * caches); with each round the target's CPU per request from its process group.
 */
export async function alternatingRounds(
  targets: Target[],
  rounds: number,
  seconds: number,
  progress: (line: string) => void = () => {},
): Promise<Map<string, RoundMeasured[]>> {
  const measuredRounds = new Map<string, RoundMeasured[]>(targets.map((target) => [target.name, []]));
  for (const target of targets) await load(target, 1);
  for (let round = 0; round < rounds; round += 1) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      progress(`  round ${round + 1}/${rounds} ${target.name}: ${seconds} s at ${CONNECTIONS} connections`);
      const before = sampleCpu([target.processGroup!]);
      const measured = await load(target, seconds);
      const after = sampleCpu([target.processGroup!]);
      measuredRounds.get(target.name)!.push({
        ...measured,
        cpuMicros:
          before && after ? ((after.instances - before.instances) * 1000) / measured.total : undefined,
      });
    }
  }
  return measuredRounds;
}

/**
 * The service against bare Fastify (and against Fastify with the contract's surface, bare-schemas)
 * in BENCH_ROUNDS (BENCH_RUNS) alternating rounds (who goes first alternates), each
 * round's ratio from that round's pair, so a slow minute of a shared machine lowers both sides
 * of a ratio rather than one: the row is the median ratio with its range. Each round also takes
 * the target's CPU per request (Linux /proc), which depends far less than req/s on how much of a
 * core the target got. Then the Prism mock, once (a ratio near 20x moves little).
 */
export async function benchHttp(progress: (line: string) => void): Promise<BenchRow[]> {
  const mockPort = await freePort();
  const mock = await startMock(mockPort);
  // bare-schemas: Fastify answering a constant body with what the contract asks of every answer
  // (hooks, headers, parameter validation and schema serialisation like the service's: http-target.ts), so the run
  // also says how much of the gap to bare Fastify is that surface and how much the service's own path.
  const targets: Target[] = [
    await startTarget('service'),
    await startTarget('bare'),
    await startTarget('bare-schemas'),
  ];
  const prism: Target = {
    name: 'prism',
    url: mock.url,
    path: '/v1/nature/subjects/subj_4f9a1c2b7d8e0a3b5c6d7e8f',
    headers: {},
    stop: mock.stop,
  };
  let rounds: Map<string, RoundMeasured[]>;
  let prismMeasured: Measured;
  try {
    rounds = await alternatingRounds(targets, BENCH_ROUNDS, DURATION_S, progress);
    progress(`  prism: warm-up, then ${DURATION_S} s at ${CONNECTIONS} connections`);
    await load(prism, 1);
    prismMeasured = await load(prism, DURATION_S);
  } finally {
    await Promise.all([...targets, prism].map((target) => target.stop()));
  }
  const service = rounds.get('service')!;
  const failed = service.reduce((sum, m) => sum + m.non2xx, 0);
  const rows: BenchRow[] = [
    ...versus(service, rounds.get('bare')!, {
      name: `GET one subject vs bare Fastify (${BENCH_ROUNDS} rounds)`,
      baseline: 'bare Fastify',
      failed,
    }),
    ...versus(service, rounds.get('bare-schemas')!, {
      name: "the same vs Fastify with the service's hooks, headers and schemas (constant body)",
      baseline: 'that Fastify',
      cpuGoal: SAME_WORK_CPU_GOAL,
      failed,
    }),
  ];
  const serviceRate = median(service.map((m) => m.requestsPerSecond));
  const prismRatio = serviceRate / prismMeasured.requestsPerSecond;
  rows.push({
    benchmark: 'GET one subject vs Prism mock',
    baseline: describe('Prism', prismMeasured),
    measured: `service median ${serviceRate.toFixed(0)} req/s`,
    ratio: prismRatio,
    goal: '≥ 10x (throughput)',
    met: prismRatio >= 10 && failed === 0,
  });
  return rows;
}

/**
 * The service's rounds against a baseline's (the same rounds): the median throughput ratio with its
 * range (report only), then the CPU per request's (Linux), against `cpuGoal` when it has one.
 */
function versus(
  service: RoundMeasured[],
  baseline: RoundMeasured[],
  row: { name: string; baseline: string; cpuGoal?: number; failed?: number },
): BenchRow[] {
  const throughput = service.map((m, round) => m.requestsPerSecond / baseline[round].requestsPerSecond);
  const rows: BenchRow[] = [
    {
      benchmark: row.name,
      baseline: `${row.baseline} ${medianRange(
        baseline.map((m) => m.requestsPerSecond),
        0,
      )} req/s`,
      measured: `service ${medianRange(
        service.map((m) => m.requestsPerSecond),
        0,
      )} req/s, p99 ${median(service.map((m) => m.p99))} ms${row.failed ? `, ${row.failed} non-2xx` : ''}`,
      ratio: median(throughput),
      ratioRange: [Math.min(...throughput), Math.max(...throughput)],
      goal: 'report only',
    },
  ];
  const cpu = service.map((m, round) =>
    m.cpuMicros && baseline[round].cpuMicros ? baseline[round].cpuMicros! / m.cpuMicros : Number.NaN,
  );
  if (cpu.every(Number.isFinite)) {
    rows.push({
      benchmark: `the same, CPU per request (${row.baseline} / service)`,
      baseline: `${row.baseline} ${medianRange(
        baseline.map((m) => m.cpuMicros!),
        1,
      )} µs`,
      measured: `service ${medianRange(
        service.map((m) => m.cpuMicros!),
        1,
      )} µs`,
      ratio: median(cpu),
      ratioRange: [Math.min(...cpu), Math.max(...cpu)],
      goal: row.cpuGoal === undefined ? 'report only' : `≥ ${row.cpuGoal}x (CPU per request)`,
      met: row.cpuGoal === undefined ? undefined : median(cpu) >= row.cpuGoal && !row.failed,
    });
  }
  return rows;
}
