/**
 * The sweep: specs through the stages, each in a worker process of its own (worker.ts), a few at a
 * time, each stopped at the time limit with every process it started. One line per spec and stage
 * as they end. With `reuseWorkers`, each lane keeps its worker from spec to spec instead, and starts
 * a new one after a spec that crashed it or ran out of time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../lint.js';
import { killTree, tsxArgs } from '../processes.js';
import { STAGES, type SpecResult, type Stage, type StageResult } from './result.js';
import { sweepRuntimeDeclarations, type RuntimeDeclarations } from './typecheck.js';
import { SERVE_FLAG, WORKER_MARK, type WorkerEvent, type WorkerInput } from './worker-protocol.js';

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
  /**
   * One worker per lane, kept from spec to spec (a new one after a crash or the time limit): each
   * new worker costs seconds of CPU of its own, loading the toolkit. Default: a worker per spec,
   * so that nothing one spec leaves behind (a global, a leaked handle) reaches the next.
   */
  reuseWorkers?: boolean;
  /** A stage of a spec ended (also for stages skipped or cut by the time limit). */
  onStage?: (entry: SweepEntry, result: StageResult) => void;
  /** A spec is done. */
  onSpec?: (result: SpecResult) => void;
  /** The runtime's declarations for the typecheck stage (runSweep builds them once when it runs that stage). */
  runtimeDeclarations?: RuntimeDeclarations;
}

/** A file-system-safe name for a spec: `api/amazonaws.com/xray.json` -> `amazonaws.com-xray`. */
export function slugOf(name: string): string {
  return name
    .replace(/^api\//, '')
    .replace(/\.(json|ya?ml)$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-');
}

/**
 * A worker process: started for one spec (its input as the argument), or serving a lane's specs
 * one at a time (`--serve`, inputs on stdin). Its event lines and its log go to whoever listens.
 */
class WorkerProcess {
  private readonly child: ChildProcess;
  private listener?: { onEvent: (event: WorkerEvent) => void; onLog: (text: string) => void };
  /** Its exit code or signal, once it has ended (every process it left behind killed). */
  readonly ended: Promise<number | string>;
  exited = false;

  constructor(argument: string) {
    const serving = argument === SERVE_FLAG;
    this.child = spawn(process.execPath, tsxArgs(WORKER, argument), {
      cwd: ROOT,
      detached: true,
      stdio: [serving ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    // A worker that died is told by its exit, not by a failed write of the next input.
    this.child.stdin?.on('error', () => {});
    let pending = '';
    this.child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines)
        if (line.startsWith(WORKER_MARK))
          this.listener?.onEvent(JSON.parse(line.slice(WORKER_MARK.length)) as WorkerEvent);
        else this.listener?.onLog(`${line}\n`);
    });
    this.child.stderr!.on('data', (chunk: Buffer) => this.listener?.onLog(chunk.toString()));
    this.ended = new Promise((resolve) =>
      this.child.on('close', (exitCode, signal) => {
        this.exited = true;
        // Whatever the worker left running (a crash leaves Prism behind) ends with it.
        killTree(this.child.pid!);
        resolve(exitCode ?? signal ?? 'unknown');
      }),
    );
  }

  listen(listener: { onEvent: (event: WorkerEvent) => void; onLog: (text: string) => void }): void {
    this.listener = listener;
  }

  send(input: WorkerInput): void {
    this.child.stdin!.write(`${JSON.stringify(input)}\n`);
  }

  kill(): void {
    killTree(this.child.pid!);
  }

  /** A serving worker: no more specs; it exits. */
  async close(): Promise<void> {
    this.child.stdin?.end();
    await this.ended;
  }
}

/**
 * One spec through its worker (`serving`: the lane's, else one of its own); its stage results, with
 * `timeout`/`skipped` for what the limit cut.
 */
export async function sweepOne(
  entry: SweepEntry,
  options: SweepOptions,
  serving?: WorkerProcess,
): Promise<SpecResult> {
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
    runtimeDeclarations: options.runtimeDeclarations,
  };
  const results: StageResult[] = [];
  let running: { stage: Stage; at: number } | undefined;
  let log = '';
  let timedOut = false;
  const worker = serving ?? new WorkerProcess(JSON.stringify(input));
  // A spec ends with its worker's `done` (serving) or its exit (a crash, the time limit, or its own worker's end).
  const code = await new Promise<number | string>((resolve) => {
    const timer = setTimeout(() => {
      timedOut = true;
      worker.kill();
    }, options.timeLimitMs);
    const finish = (value: number | string) => {
      clearTimeout(timer);
      resolve(value);
    };
    worker.listen({
      onLog: (text) => (log += text),
      onEvent: (event) => {
        if (event.event === 'done') finish(0);
        else if (event.event === 'start') running = { stage: event.stage, at: Date.now() };
        else {
          running = undefined;
          results.push(event.result);
          options.onStage?.(entry, event.result);
        }
      },
    });
    void worker.ended.then(finish);
    if (serving) serving.send(input);
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
  // The runtime every output carries is checked once for the whole sweep, not in each spec's typecheck (typecheck.ts).
  const runtimeRoot = path.join(options.workRoot, '.runtime');
  if (options.stages.includes('typecheck') && !options.runtimeDeclarations)
    options = { ...options, runtimeDeclarations: await sweepRuntimeDeclarations(runtimeRoot) };
  const results: SpecResult[] = new Array(options.entries.length);
  let next = 0;
  const lane = async () => {
    let serving: WorkerProcess | undefined;
    try {
      for (let index = next++; index < options.entries.length; index = next++) {
        if (options.reuseWorkers && (!serving || serving.exited)) serving = new WorkerProcess(SERVE_FLAG);
        results[index] = await sweepOne(options.entries[index], options, serving);
      }
    } finally {
      await serving?.close();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.parallel) }, lane));
  } finally {
    if (!options.keep) await rm(runtimeRoot, { recursive: true, force: true });
  }
  return results;
}
