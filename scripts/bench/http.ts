/**
 * HTTP throughput on loopback with autocannon: the service's GET of one subject against bare
 * Fastify answering the same route with a constant body, and against the Prism mock.
 */
import autocannon from 'autocannon';
import { createInterface } from 'node:readline';
import { startMock } from '../lib/mock.js';
import { binPath, freePort, startProcess, type RunningProcess } from '../lib/processes.js';
import type { BenchRow } from './report.js';

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

/** A target process; `env` chooses the service's store and keys (DATABASE_URL, BENCH_DATABASE, BENCH_KEY_COUNT, BENCH_KEYS). */
export async function startTarget(kind: 'service' | 'bare', env: Record<string, string> = {}): Promise<Target> {
  const port = await freePort();
  const running: RunningProcess = startProcess(binPath('tsx'), ['scripts/bench/http-target.ts', kind, String(port)], { env: { LOG: 'off', ...env } });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: running.child.stdout! });
    lines.once('line', resolve);
    running.child.once('exit', (code) => reject(new Error(`${kind} target exited (${code}):\n${running.output()}`)));
  });
  const ready = JSON.parse(line) as { path: string; headers: Record<string, string>; keys?: string[]; consent?: Record<string, unknown> };
  return { name: kind, url: `http://127.0.0.1:${port}`, ...ready, stop: running.stop, processGroup: running.child.pid };
}

/**
 * Load on one target; `request` makes it a write (method, path and body) instead of the target's GET.
 * `keys` sends each connection's requests with these keys in turn (autocannon's request sequence) instead of the target's one.
 */
export function load(target: Target, seconds: number, request: { method?: 'GET' | 'POST'; path?: string; body?: string; connections?: number; keys?: string[] } = {}): Promise<Measured> {
  const headers = request.body === undefined ? target.headers : { ...target.headers, 'content-type': 'application/json' };
  const sequence = request.keys?.map((key) => ({ headers: { ...headers, authorization: `Bearer ${key}` } }));
  return new Promise((resolve, reject) => {
    autocannon({ url: `${target.url}${request.path ?? target.path}`, method: request.method ?? 'GET', body: request.body, headers, requests: sequence, connections: request.connections ?? CONNECTIONS, duration: seconds }, (error, result) => {
      if (error) return reject(error);
      resolve({ requestsPerSecond: result.requests.average, total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx });
    });
  });
}

/** One measurement as the report prints it. */
export const describe = (name: string, m: Measured) => `${name} ${m.requestsPerSecond.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.non2xx ? `, ${m.non2xx} non-2xx` : ''}`;

export async function benchHttp(progress: (line: string) => void): Promise<BenchRow[]> {
  const results = new Map<string, Measured>();
  const mockPort = await freePort();
  const mock = await startMock(mockPort);
  const targets: Target[] = [
    await startTarget('service'),
    await startTarget('bare'),
    { name: 'prism', url: mock.url, path: '/v1/nature/subjects/subj_4f9a1c2b7d8e0a3b5c6d7e8f', headers: {}, stop: mock.stop },
  ];
  try {
    for (const target of targets) {
      progress(`  ${target.name}: warm-up, then ${DURATION_S} s at ${CONNECTIONS} connections`);
      await load(target, 1);
      results.set(target.name, await load(target, DURATION_S));
    }
  } finally {
    await Promise.all(targets.map((target) => target.stop()));
  }
  const service = results.get('service')!;
  const rows: BenchRow[] = [];
  for (const [baseline, goal] of [['bare', 0.7], ['prism', 10]] as const) {
    const other = results.get(baseline)!;
    const ratio = service.requestsPerSecond / other.requestsPerSecond;
    rows.push({
      benchmark: `GET one subject vs ${baseline === 'bare' ? 'bare Fastify' : 'Prism mock'}`,
      baseline: describe(baseline === 'bare' ? 'bare Fastify' : 'Prism', other),
      measured: describe('service', service),
      ratio,
      goal: `≥ ${goal}x (throughput)`,
      met: ratio >= goal && service.non2xx === 0,
    });
  }
  return rows;
}
