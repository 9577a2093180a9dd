/** The designer's loop: time from saving a one-line edit of our spec to regenerated output. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DevLoop, type CycleReport } from '../lib/dev-loop.js';
import { freePort } from '../lib/processes.js';
import { median, type BenchRow } from './report.js';

const EDITS = 7;
const GOAL_MS = 1000;

export async function benchDevLoop(progress: (line: string) => void): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-dev-'));
  const spec = path.join(dir, 'openapi.yaml');
  const original = await readFile('spec/openapi.yaml', 'utf8');
  await writeFile(spec, original);
  const loop = new DevLoop({ spec, out: path.join(dir, 'out'), docsFile: path.join(dir, 'docs.html'), mockPort: await freePort(), log: () => {} });
  const reports: CycleReport[] = [];
  loop.onCycle((report) => reports.push(report));
  const times: number[] = [];
  try {
    await loop.start();
    for (let edit = 1; edit <= EDITS; edit += 1) {
      const before = reports.length;
      // One line: a summary, as a designer would edit it.
      await writeFile(spec, original.replace('summary: List subjects', `summary: List subjects (edit ${edit})`));
      for (let i = 0; i < 400 && reports.length === before; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      const report = reports[before];
      if (report?.regeneratedMs !== undefined) times.push(report.regeneratedMs);
      progress(`  dev loop: edit ${edit}/${EDITS}: ${report?.regeneratedMs?.toFixed(0) ?? 'no cycle'} ms`);
      await new Promise((resolve) => setTimeout(resolve, 2500)); // let lint, docs and the mock reload settle
    }
  } finally {
    await loop.stop();
    await rm(dir, { recursive: true, force: true });
  }
  const measured = median(times);
  return [{ benchmark: 'dev loop: save → regenerated output (our spec, one-line edit)', baseline: `goal ${GOAL_MS} ms`, measured: `median ${measured.toFixed(0)} ms over ${times.length} edits`, ratio: measured / GOAL_MS, goal: '≤ 1.0x of the goal', met: measured <= GOAL_MS }];
}
