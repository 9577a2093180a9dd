/**
 * Between the sweep and a worker: the worker takes one JSON argument (a WorkerInput) and prints a
 * line `@@corpus <json>` (a WorkerEvent) as each stage starts and ends; any other line is the log.
 */
import type { Stage, StageResult } from './result.js';

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
}

export const WORKER_MARK = '@@corpus ';

export type WorkerEvent = { event: 'start'; stage: Stage } | { event: 'end'; result: StageResult };
