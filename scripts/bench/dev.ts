/**
 * The designer's loop: time from saving a one-line edit of our spec to lint findings and
 * regenerated output (both), p50 and p95 against the 0.5 s / 1 s goals. The baseline, measured in
 * the same run, is what a save cost when the linters started cold each time (load + lint once).
 */
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DevLoop, type CycleReport } from '../lib/dev-loop.js';
import { lintSpec } from '../lib/lint.js';
import { freePort } from '../lib/processes.js';
import { percentile, type BenchRow } from './report.js';

const EDITS = 12;
const GOALS = { p50: 500, p95: 1000 };

export async function benchDevLoop(progress: (line: string) => void): Promise<BenchRow[]> {
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
