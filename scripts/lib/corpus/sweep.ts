/**
 * The sweep: specs through the stages, each in a worker process of its own (worker.ts), a few at a
 * time, each stopped at the time limit with every process it started. One line per spec and stage
 * as they end.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../lint.js';
import { binPath, killTree } from '../processes.js';
import { STAGES, type SpecResult, type Stage, type StageResult } from './result.js';
import { WORKER_MARK, type WorkerEvent, type WorkerInput } from './worker-protocol.js';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');

export interface SweepEntry {
  /** The name in the report (`api/…`, or a fixture's file name). */
  name: string;
  /** The spec file, relative to the repository. */
  file: string;
}

export interface SweepOptions {
  entries: SweepEntry[];
  stages: Stage[];
  seed: number;
  contractRuns: number;
  /** The contract stage's own time limit (inside the spec's); absent: by the spec's operations (stages-run.ts). */
  contractTimeLimitMs?: number;
  /** Per spec, all its stages. */
  timeLimitMs: number;
  parallel: number;
  /** Where each spec's output folder goes (inside the repository). */
  workRoot: string;
  /** Where each spec's log goes (what its worker printed); none when absent. */
  logRoot?: string;
  keep?: boolean;
  /** A stage of a spec ended (also for stages skipped or cut by the time limit). */
  onStage?: (entry: SweepEntry, result: StageResult) => void;
  /** A spec is done. */
  onSpec?: (result: SpecResult) => void;
}

/** A file-system-safe name for a spec: `api/amazonaws.com/xray.json` -> `amazonaws.com-xray`. */
export function slugOf(name: string): string {
  return name
    .replace(/^api\//, '')
    .replace(/\.(json|ya?ml)$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-');
}

/** One spec through its worker; its stage results, with `timeout`/`skipped` for what the limit cut. */
export async function sweepOne(entry: SweepEntry, options: SweepOptions): Promise<SpecResult> {
  const started = Date.now();
  const slug = slugOf(entry.name);
  const input: WorkerInput = {
    name: entry.name,
    file: entry.file,
    out: path.join(options.workRoot, slug),
    seed: options.seed,
    contractRuns: options.contractRuns,
    contractTimeLimitMs: options.contractTimeLimitMs,
    stages: options.stages,
    keep: options.keep,
  };
  const results: StageResult[] = [];
  let running: { stage: Stage; at: number } | undefined;
  let log = '';
  let timedOut = false;
  const code = await new Promise<number | string>((resolve) => {
    const child = spawn(binPath('tsx'), [WORKER, JSON.stringify(input)], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killTree(child.pid!);
    }, options.timeLimitMs);
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith(WORKER_MARK)) {
          log += `${line}\n`;
          continue;
        }
        const event = JSON.parse(line.slice(WORKER_MARK.length)) as WorkerEvent;
        if (event.event === 'start') running = { stage: event.stage, at: Date.now() };
        else {
          running = undefined;
          results.push(event.result);
          options.onStage?.(entry, event.result);
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      // Whatever the worker left running (a crash leaves Prism behind) ends with it.
      killTree(child.pid!);
      resolve(exitCode ?? signal ?? 'unknown');
    });
  });
  if (running) {
    const cut: StageResult = timedOut
      ? {
          stage: running.stage,
          status: 'timeout',
          ms: Date.now() - running.at,
          findings: [],
          reason: `the spec's time limit (${Math.round(options.timeLimitMs / 1000)} s) ran out in this stage`,
        }
      : {
          stage: running.stage,
          status: 'fail',
          ms: Date.now() - running.at,
          findings: [
            {
              origin: 'ours',
              kind: `${running.stage}: the worker died (exit ${code})`,
              detail: log.trim().split('\n').slice(-5).join(' | ').slice(0, 600),
              fails: true,
            },
          ],
        };
    results.push(cut);
    options.onStage?.(entry, cut);
  }
  for (const stage of STAGES.filter(
    (each) =>
      (each === 'generate' || options.stages.includes(each)) &&
      !results.some((result) => result.stage === each),
  )) {
    const skipped: StageResult = {
      stage,
      status: 'skipped',
      ms: 0,
      findings: [],
      reason: timedOut ? 'the time limit ran out before it' : `the worker ended before it (exit ${code})`,
    };
    results.push(skipped);
    options.onStage?.(entry, skipped);
  }
  if (options.logRoot) {
    await mkdir(options.logRoot, { recursive: true });
    await writeFile(path.join(options.logRoot, `${slug}.log`), log);
  }
  const operations = results.find((result) => result.stage === 'generate')?.counts?.operations;
  const result: SpecResult = {
    spec: entry.name,
    ...(operations !== undefined ? { operations } : {}),
    stages: results.sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage)),
    ms: Date.now() - started,
  };
  options.onSpec?.(result);
  return result;
}

/** Every entry, `parallel` at a time, in the order given; results in that order. */
export async function runSweep(options: SweepOptions): Promise<SpecResult[]> {
  const results: SpecResult[] = new Array(options.entries.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < options.entries.length; index = next++)
      results[index] = await sweepOne(options.entries[index], options);
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel) }, lane));
  return results;
}
