/**
 * Generation speed: full generation (every emitter of ours, the Python SDK included, written to
 * disk; no JVM step) against openapi-typescript alone on the same document, run by turns, reported
 * as medians and their ratio. The baseline runs in a process of its own
 * (openapi-typescript-alone.mjs): in this one its JIT and heap would share the state our
 * generators leave, which made it slower or faster depending on where our emitters run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generate } from '../../generators/pipeline.js';
import { GITHUB_SPEC, PUBLIC_SPECS } from '../lib/public-specs.js';
import { median, type BenchRow } from './report.js';

export interface GenerationCase {
  name: string;
  spec: string;
  runs: number;
  /** Goal for full generation / openapi-typescript alone; none means report only. */
  goal?: number;
}

export const GENERATION_CASES: GenerationCase[] = [
  { name: 'our spec', spec: 'spec/openapi.yaml', runs: 9 },
  { name: "GitHub's spec (13 MB)", spec: GITHUB_SPEC, runs: 5, goal: 1.5 },
];

/**
 * The corpus's other public specs, each measured as the cases are (more runs: each takes tens of
 * milliseconds, where a collection or a slow moment of the machine moves a median of a few); their
 * median ratio (GitHub's included) has a goal.
 */
// GitHub's sample is left out: its whole spec is a case of its own above.
export const PUBLIC_CASES: GenerationCase[] = PUBLIC_SPECS.filter((spec) => spec.slug !== 'github').map(
  (spec) => ({ name: spec.title, spec: spec.spec, runs: 15 }),
);
export const PUBLIC_MEDIAN_GOAL = 2;

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * The cases, then the median ratio over the corpus's public specs: GitHub's from its case above,
 * every other one measured here (one row each, report only).
 */
export async function benchGeneration(
  cases: GenerationCase[],
  progress: (line: string) => void,
): Promise<BenchRow[]> {
  const rows = await benchCases(cases, progress);
  const publicRows = await benchCases(PUBLIC_CASES, progress);
  const github = rows.find(
    (row) => row.benchmark === `generate ${cases.find((testCase) => testCase.spec === GITHUB_SPEC)?.name}`,
  );
  const ratios = [...publicRows, ...(github ? [github] : [])].map((row) => row.ratio ?? Number.NaN);
  const middle = median(ratios);
  return [
    ...rows,
    ...publicRows,
    {
      benchmark: `generate: median over ${ratios.length} public specs`,
      baseline: 'openapi-typescript alone, per spec',
      measured: `${ratios.length} ratios, each a median of its runs`,
      ratio: middle,
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
      goal: `≤ ${PUBLIC_MEDIAN_GOAL}x`,
      met: middle <= PUBLIC_MEDIAN_GOAL,
    },
  ];
}

/** One run of openapi-typescript alone on `spec` in the baseline's process: its milliseconds. */
function runAlone(child: ChildProcess, spec: string): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('message', (answer: { ms?: number; error?: string }) =>
      answer.ms === undefined
        ? reject(new Error(`openapi-typescript alone on ${spec}: ${answer.error}`))
        : resolve(answer.ms),
    );
    child.send({ spec });
  });
}

async function benchCases(cases: GenerationCase[], progress: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const child = fork(new URL('./openapi-typescript-alone.mjs', import.meta.url), {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    for (const testCase of cases) rows.push(await benchCase(testCase, child, progress));
  } finally {
    child.kill();
  }
  return rows;
}

async function benchCase(
  testCase: GenerationCase,
  child: ChildProcess,
  progress: (line: string) => void,
): Promise<BenchRow> {
  const out = await mkdtemp(path.join(tmpdir(), 'bench-generate-'));
  try {
    const alone = () => runAlone(child, testCase.spec);
    // Every emitter of ours, the Python SDK included; openapi-generator's SDKs (the JVM step) are opt-in and left out.
    const full = () =>
      generate({ spec: testCase.spec, out, command: 'bench', write: true, skip: ['sdks'], log: () => {} });
    await alone(); // warm both paths once: module loading and JIT are not what is measured
    await full();
    const baseline: number[] = [];
    const measured: number[] = [];
    for (let run = 1; run <= testCase.runs; run += 1) {
      baseline.push(await alone());
      measured.push(await time(full));
      progress(`  ${testCase.name}: run ${run}/${testCase.runs}`);
    }
    return {
      benchmark: `generate ${testCase.name}`,
      baseline: `openapi-typescript alone ${median(baseline).toFixed(0)} ms`,
      measured: `full generation ${median(measured).toFixed(0)} ms`,
      ratio: median(measured) / median(baseline),
      goal: testCase.goal === undefined ? 'report only' : `≤ ${testCase.goal}x`,
      met: testCase.goal === undefined ? undefined : median(measured) / median(baseline) <= testCase.goal,
    };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
