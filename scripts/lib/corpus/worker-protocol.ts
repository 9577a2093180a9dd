/**
 * Between the sweep and a worker: the worker takes one JSON argument (a WorkerInput) and prints a
 * line `@@corpus <json>` (a WorkerEvent) as each stage starts and ends; any other line is the log.
 * Started with `--serve` instead, it reads one WorkerInput per line on stdin, runs them one at a
 * time, prints `done` after each spec's last stage, and exits when stdin closes.
 */
import type { Stage, StageResult } from './result.js';
import type { RuntimeDeclarations } from './typecheck.js';

export interface WorkerInput {
  name: string;
  file: string;
  out: string;
  seed: number;
  contractRuns: number;
  /** The contract stage's own time limit: what the suites found by then is kept; absent: by the spec's operations. */
  contractTimeLimitMs?: number;
  stages: Stage[];
  /** Keep the output folder (default: removed once the spec is done). */
  keep?: boolean;
  /** The runtime's declarations the sweep built once (typecheck.ts); absent: each spec's runtime is checked with it. */
  runtimeDeclarations?: RuntimeDeclarations;
}

export const WORKER_MARK = '@@corpus ';

export const SERVE_FLAG = '--serve';

export type WorkerEvent =
  | { event: 'start'; stage: Stage }
  | { event: 'end'; result: StageResult }
  /** A serving worker finished a spec and waits for the next. */
  | { event: 'done' };
