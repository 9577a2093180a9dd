/**
 * What `npm run check:corpus` records: per spec, one result per stage, each with its findings
 * classed by where the fix belongs (the spec, an upstream tool, or us) and grouped by kind.
 */

/**
 * The stages in run order; each needs `generate` (bad-input also needs the stubs to start). The
 * contract suites against Prism come last: Prism is the slowest part (about a second a request on
 * some large specs), and a time limit there cuts nothing after it.
 */
export const STAGES = [
  'generate',
  'typecheck',
  'python',
  'stubs',
  'roundtrip',
  'bad-input',
  'contract',
] as const;
export type Stage = (typeof STAGES)[number];

/** What each stage proves, for `--help` and the report. */
export const STAGE_PURPOSE: Record<Stage, string> = {
  generate: 'every plugin generates (or the spec is refused with file and JSON pointer)',
  typecheck:
    'one strict tsc over every output, as a consumer compiles it (NodeNext, lib ES2022 + DOM without DOM.Iterable)',
  python: 'the Python SDK imports under a bare python3 -S -E',
  stubs: 'the Fastify stubs register every route and each operation answers (no 5xx)',
  roundtrip: 'every operation round-trips through the TypeScript and Python SDKs against the stubs',
  contract: 'the contract suites against Prism mocking the spec: no suite-class finding',
  'bad-input': "the suites' bad-input stage against the stubs: every answer inside the contract",
};

/**
 * Where the fix of a finding belongs: the spec (a defect of the document, with its pointer), an
 * upstream tool (openapi-typescript, Prism, Fastify, TypeScript itself), or this toolkit.
 */
export type Origin = 'spec' | 'upstream' | 'ours';

export interface Finding {
  origin: Origin;
  /** A stable name for the kind, the same for every spec it occurs in (the report groups by it). */
  kind: string;
  /** This occurrence, as the tool said it (shortened). */
  detail: string;
  /** JSON pointer into the spec, when the finding has one. */
  pointer?: string;
  /** The upstream tool, for origin upstream. */
  tool?: string;
  /** Whether it fails the stage (a classed spec or mock finding of the contract suites does not). */
  fails: boolean;
  /** How often it occurred in this stage of this spec (default 1). */
  count?: number;
}

export type StageStatus = 'pass' | 'fail' | 'refused' | 'timeout' | 'skipped';

export interface StageResult {
  stage: Stage;
  /**
   * pass; fail (a finding that fails it); refused (generate only: the spec was refused with a file
   * and pointer, a defect of the spec); timeout (the spec's time limit ran out inside it); skipped
   * (a stage it needs did not pass; `reason` says which).
   */
  status: StageStatus;
  ms: number;
  findings: Finding[];
  reason?: string;
  /** Stage-specific counts (roundtrip: operations, passed, notRun; contract: findings per class). */
  counts?: Record<string, number>;
}

export interface SpecResult {
  /** The path inside the package, e.g. `api/stripe.com.json`. */
  spec: string;
  operations?: number;
  stages: StageResult[];
  ms: number;
}

export interface CorpusReport {
  package: string;
  version: string;
  seed: number;
  sample: number;
  filter?: string;
  maxSizeKb?: number;
  stages: Stage[];
  startedAt: string;
  finishedAt?: string;
  commit?: string;
  specs: SpecResult[];
}
