/**
 * The designer's loop: time from saving a one-line edit of our spec to lint findings and
 * regenerated output (both), p50 and p95 against the 0.5 s / 1 s goals. The baseline, measured in
 * the same run, is what a save cost when the linters started cold each time (load + lint once).
 * Then GitHub's spec (13 MB, 1,2xx operations): save to regenerated output over a designer's edits
 * (a summary, a property, an enum value, an operation, a parameter made required), p50 against the
 * 1 s goal, and the full regeneration every save cost before (measured between the saves, in the
 * same process) as the baseline. docs/architecture.md, "The dev loop".
 */
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultPluginsFor, generate } from '../../generators/pipeline.js';
import { DevLoop, type CycleReport } from '../lib/dev-loop.js';
import { lintSpec } from '../lib/lint.js';
import { freePort } from '../lib/processes.js';
import { median, percentile, type BenchRow } from './report.js';

const EDITS = 12;
const GOALS = { p50: 500, p95: 1000 };

export async function benchDevLoop(progress: (line: string) => void): Promise<BenchRow[]> {
  return [...(await benchOurSpec(progress)), ...(await benchGithub(progress))];
}

async function benchOurSpec(progress: (line: string) => void): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-dev-'));
  const spec = path.join(dir, 'openapi.yaml');
  const original = await readFile('spec/openapi.yaml', 'utf8');
  await writeFile(spec, original);
  const started = performance.now();
  await lintSpec([spec]);
  const coldLintMs = performance.now() - started;
  progress(`  dev loop: baseline, linters loaded cold for one lint: ${coldLintMs.toFixed(0)} ms`);

  // Docs and the mock reload after the feedback and are not part of it: left out here.
  const loop = new DevLoop({
    spec,
    out: path.join(dir, 'out'),
    docsFile: path.join(dir, 'docs.html'),
    mockPort: await freePort(),
    feedbackOnly: true,
    log: () => {},
  });
  const reports: CycleReport[] = [];
  loop.onCycle((report) => reports.push(report));
  const times: number[] = [];
  try {
    await loop.start();
    for (let edit = 1; edit <= EDITS; edit += 1) {
      const before = reports.length;
      // One line, as a designer would edit it; every other save replaces the file (sed -i, vim).
      const text = original.replace('summary: List subjects', `summary: List subjects (edit ${edit})`);
      if (edit % 2) await writeFile(spec, text);
      else {
        await writeFile(`${spec}.tmp`, text);
        await rename(`${spec}.tmp`, spec);
      }
      for (let i = 0; i < 3000 && reports.length === before; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const report = reports[before];
      if (report && !report.broken) times.push(report.feedbackMs);
      progress(
        `  dev loop: edit ${edit}/${EDITS}: ${report ? `${report.feedbackMs.toFixed(0)} ms (regenerated ${report.regeneratedMs?.toFixed(0)} ms, linted ${report.lintedMs.toFixed(0)} ms)` : 'no cycle'}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await loop.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return (['p50', 'p95'] as const).map((name) => {
    const measured = percentile(times, name === 'p50' ? 50 : 95);
    return {
      benchmark: `dev loop: save → lint findings + regenerated output, ${name} (our spec, one-line edit)`,
      baseline: `cold lint alone ${coldLintMs.toFixed(0)} ms`,
      measured: `${measured.toFixed(0)} ms over ${times.length} saves`,
      ratio: measured / coldLintMs,
      goal: `< ${GOALS[name]} ms`,
      met: measured < GOALS[name],
    };
  });
}

const GITHUB_SPEC = 'node_modules/@octokit/openapi/generated/api.github.com.json';
/** Saves of GitHub's spec (BENCH_DEV_SAVES), and a full regeneration after every third. */
const GITHUB_SAVES = Math.max(3, Number(process.env.BENCH_DEV_SAVES ?? 9));
const GITHUB_GOAL_MS = 1000;

// An OpenAPI document being edited.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Document = Record<string, any>;

/** A designer's edits, the n-th save's (each leaves the document different from every save before). */
const DESIGNER_EDITS: Array<[string, (document: Document, n: number) => void]> = [
  ['a summary', (d, n) => (d.paths['/'].get.summary = `GitHub API Root (edit ${n})`)],
  [
    'a property added to a schema',
    (d, n) => (d.components.schemas['simple-user'].properties[`edit_${n}`] = { type: 'string' }),
  ],
  [
    'an enum value',
    (d, n) => d.components.schemas['global-advisory'].properties.severity.enum.push(`edit_${n}`),
  ],
  [
    'a new operation',
    (d, n) =>
      (d.paths[`/bench/edits/${n}`] = {
        get: {
          operationId: `bench/get-edit-${n}`,
          summary: `Edit ${n}`,
          tags: ['meta'],
          responses: { '200': { description: 'OK' } },
        },
      }),
  ],
  [
    'a parameter made required (or optional again)',
    (d, n) => (d.components.parameters['per-page'].required = n % 2 === 1),
  ],
];

const loadAverage = () => os.loadavg()[0];

async function benchGithub(progress: (line: string) => void): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-dev-github-'));
  const spec = path.join(dir, 'api.github.com.json');
  const document: Document = JSON.parse(await readFile(GITHUB_SPEC, 'utf8'));
  // Saved whole at once (write, then rename), as an editor saves: 13 MB written in place would be seen half-written.
  const save = async () => {
    await writeFile(`${spec}.tmp`, JSON.stringify(document, null, 2));
    await rename(`${spec}.tmp`, spec);
  };
  await save();
  // The loop as `npm run dev -- --spec <it>` runs it, without the lint (minutes of Spectral on 13 MB) and the docs.
  const loop = new DevLoop({
    spec,
    out: path.join(dir, 'out'),
    docsFile: path.join(dir, 'docs.html'),
    mockPort: await freePort(),
    feedbackOnly: true,
    lint: false,
    log: () => {},
  });
  const reports: CycleReport[] = [];
  loop.onCycle((report) => reports.push(report));
  const saves: number[] = [];
  const loads: number[] = [];
  const full: number[] = [];
  // CPU time of this process (its main thread and the worker threads) per save and per full
  // regeneration: on a busy machine the wall time says more about the other processes than about these.
  const savesCpu: number[] = [];
  const fullCpu: number[] = [];
  const cpuSince = (start: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  try {
    let started = performance.now();
    await loop.start();
    progress(
      `  dev loop, GitHub's spec: first cycle (from nothing) ${(performance.now() - started).toFixed(0)} ms, load ${loadAverage().toFixed(1)}`,
    );
    for (let n = 1; n <= GITHUB_SAVES; n += 1) {
      const [name, edit] = DESIGNER_EDITS[(n - 1) % DESIGNER_EDITS.length];
      edit(document, n);
      const before = reports.length;
      await save();
      const cpu = process.cpuUsage();
      for (let waited = 0; reports.length === before && waited < 600_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const report = reports[before];
      if (report?.regeneratedMs !== undefined) {
        saves.push(report.regeneratedMs);
        savesCpu.push(cpuSince(cpu));
        loads.push(loadAverage());
      }
      progress(
        `  dev loop, GitHub's spec: save ${n}/${GITHUB_SAVES} (${name}): ${report?.regeneratedMs !== undefined ? `${report.regeneratedMs.toFixed(0)} ms to regenerated (${savesCpu.at(-1)!.toFixed(0)} ms of CPU), ${report.changed.length + report.added.length} file(s) changed` : (report?.broken ?? 'no cycle')}, load ${loadAverage().toFixed(1)}`,
      );
      if (n % 3 === 0) {
        // The baseline between saves: what each save cost before, a full regeneration in this process.
        started = performance.now();
        const cpu = process.cpuUsage();
        await generate({
          spec,
          out: path.join(dir, 'full'),
          command: 'bench',
          write: true,
          plugins: defaultPluginsFor(['sdks']),
          log: () => {},
        });
        full.push(performance.now() - started);
        fullCpu.push(cpuSince(cpu));
        loads.push(loadAverage());
        progress(
          `  dev loop, GitHub's spec: full regeneration ${full.at(-1)!.toFixed(0)} ms (${fullCpu.at(-1)!.toFixed(0)} ms of CPU), load ${loadAverage().toFixed(1)}`,
        );
      }
    }
  } finally {
    await loop.stop();
    await rm(dir, { recursive: true, force: true });
  }
  const baseline = median(full);
  const load = loads.reduce((sum, each) => sum + each, 0) / Math.max(1, loads.length);
  const cpuRow: BenchRow = {
    benchmark: "dev loop: CPU per save, median (GitHub's spec, main thread and worker threads)",
    baseline: `full regeneration ${median(fullCpu).toFixed(0)} ms of CPU`,
    measured: `${median(savesCpu).toFixed(0)} ms of CPU (min ${Math.min(...savesCpu).toFixed(0)}, max ${Math.max(...savesCpu).toFixed(0)})`,
    ratio: median(savesCpu) / median(fullCpu),
    goal: 'report only',
  };
  const rows = (['p50', 'p95'] as const).map((name): BenchRow => {
    const measured = percentile(saves, name === 'p50' ? 50 : 95);
    return {
      benchmark: `dev loop: save → regenerated output, ${name} (GitHub's spec, designer's edits, no lint)`,
      baseline: `full regeneration ${baseline.toFixed(0)} ms (median of ${full.length}, same process)`,
      measured: `${measured.toFixed(0)} ms over ${saves.length} saves (load average ${load.toFixed(1)})`,
      ratio: measured / baseline,
      goal: name === 'p50' ? `< ${GITHUB_GOAL_MS} ms` : 'report only',
      met: name === 'p50' ? measured < GITHUB_GOAL_MS : undefined,
    };
  });
  return [...rows, cpuRow];
}
