/**
 * The fixed sample of the corpus (test/fixtures/corpus/): about twenty small specs of the
 * development half, copied with their source path, run through every stage by the e2e test. To keep
 * its CPU time modest the specs share work: every stage but the typecheck runs per spec in a worker
 * (as the sweep does), each of the `parallel` workers serving specs one after another (the toolkit
 * is loaded three times, not once per spec), then one `tsc -b` checks all outputs in two programs
 * (client and Node, as a consumer compiles them): the type libraries are read once, not twice per
 * spec, and the runtime every output carries is checked once (typecheck.ts). Expected failures are listed with their kind and a reason; the comparison says what newly
 * fails and what now passes.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../lint.js';
import { STAGES, type SpecResult, type Stage, type StageResult } from './result.js';
import { typecheckOutputs } from './typecheck.js';
import { outcomeOf } from './stages-build.js';
import { runSweep, slugOf, type SweepEntry } from './sweep.js';

export const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'corpus');

/** One fixture: its file in test/fixtures/corpus/ and where it came from. */
export interface FixtureSource {
  /** The file name in test/fixtures/corpus/. */
  file: string;
  /** Its path inside the package (`api/…`). */
  source: string;
  /** Which kinds it was chosen to cover (for people). */
  covers: string;
}

export interface FixtureManifest {
  package: string;
  version: string;
  specs: FixtureSource[];
}

/** A failure the fixed sample is known to have: a spec, a stage and a kind, with why it is not fixed yet. */
export interface ExpectedFailure {
  spec: string;
  stage: Stage;
  kind: string;
  /** Where the fix belongs (file), and why it is still open. */
  reason: string;
}

export function readManifest(dir = FIXTURES): FixtureManifest {
  return JSON.parse(readFileSync(path.join(dir, 'sources.json'), 'utf8')) as FixtureManifest;
}

export function readExpectedFailures(dir = FIXTURES): ExpectedFailure[] {
  return JSON.parse(readFileSync(path.join(dir, 'expected-failures.json'), 'utf8')) as ExpectedFailure[];
}

/**
 * Every failing (spec, stage, kind) of a run: each failing finding's kind, a time limit as the kind
 * `timeout`, a refusal of the spec as its kind (a refusal of a fixture is a failure too: the fixed
 * sample holds specs that generate). Sorted, one per spec, stage and kind.
 */
export function failuresOf(results: SpecResult[]): Array<Omit<ExpectedFailure, 'reason'>> {
  const found = new Map<string, Omit<ExpectedFailure, 'reason'>>();
  for (const spec of results)
    for (const stage of spec.stages) {
      // A stage failed by findings that do not fail it alone (the round trip's operations not run) names those.
      const failing = stage.findings.filter((finding) => finding.fails || stage.status === 'refused');
      const kinds =
        stage.status === 'timeout'
          ? ['timeout']
          : (failing.length > 0 || stage.status === 'pass' ? failing : stage.findings).map(
              (finding) => finding.kind,
            );
      if (stage.status !== 'pass' && stage.status !== 'skipped' && kinds.length === 0)
        kinds.push(stage.reason ?? stage.status);
      for (const kind of kinds)
        found.set(`${spec.spec}|${stage.stage}|${kind}`, { spec: spec.spec, stage: stage.stage, kind });
    }
  return [...found.values()].sort((a, b) =>
    `${a.spec}|${a.stage}|${a.kind}`.localeCompare(`${b.spec}|${b.stage}|${b.kind}`),
  );
}

/** What differs from the list: failures not listed (new), and listed ones that did not occur (now passing). */
export function compareWithExpected(
  actual: Array<Omit<ExpectedFailure, 'reason'>>,
  expected: ExpectedFailure[],
): { unexpected: string[]; nowPassing: string[] } {
  const key = (each: Omit<ExpectedFailure, 'reason'>) => `${each.spec} ${each.stage}: ${each.kind}`;
  const listed = new Set(expected.map(key));
  const seen = new Set(actual.map(key));
  return {
    unexpected: actual.map(key).filter((each) => !listed.has(each)),
    nowPassing: expected.map(key).filter((each) => !seen.has(each)),
  };
}

/** Runs the fixed sample through `stages` (the typecheck shared by all of them), `parallel` specs at a time. */
export async function runFixedSample(options: {
  entries: SweepEntry[];
  stages: Stage[];
  seed: number;
  contractRuns: number;
  contractTimeLimitMs?: number;
  parallel: number;
  timeLimitMs: number;
  workRoot: string;
  onStage?: (entry: SweepEntry, result: StageResult) => void;
}): Promise<SpecResult[]> {
  const results = await runSweep({
    ...options,
    stages: options.stages.filter((stage) => stage !== 'typecheck'),
    keep: true,
    reuseWorkers: true,
  });
  try {
    if (options.stages.includes('typecheck')) await sharedTypecheck(results, options);
  } finally {
    await rm(options.workRoot, { recursive: true, force: true });
  }
  return results;
}

/**
 * Two programs (client, Node) over the outputs of every spec that generated, the runtime they all
 * carry checked once; each spec gets its own errors.
 */
async function sharedTypecheck(
  results: SpecResult[],
  options: { workRoot: string; onStage?: (entry: SweepEntry, result: StageResult) => void },
): Promise<void> {
  const generated = results.filter((spec) =>
    spec.stages.some((stage) => stage.stage === 'generate' && stage.status === 'pass'),
  );
  const outs = new Map(generated.map((spec) => [spec.spec, path.join(options.workRoot, slugOf(spec.spec))]));
  const started = Date.now();
  const typecheck =
    outs.size > 0
      ? await typecheckOutputs(path.join(options.workRoot, 'typecheck'), [...outs.values()])
      : undefined;
  // Its cost, shared: each spec is charged its part.
  const ms = Math.round((Date.now() - started) / Math.max(1, generated.length));
  for (const spec of results) {
    const out = outs.get(spec.spec);
    const findings = out && typecheck ? typecheck.findings(out) : [];
    if (out && typecheck?.failed && !/error TS/.test(typecheck.output))
      findings.push({
        origin: 'ours',
        kind: 'typecheck: tsc failed without an error line',
        detail: typecheck.output.trim().slice(0, 600),
        fails: true,
      });
    const result: StageResult = out
      ? { stage: 'typecheck', ms, ...outcomeOf(findings, { errors: findings.length }) }
      : { stage: 'typecheck', status: 'skipped', ms: 0, findings: [], reason: 'generate did not pass' };
    spec.stages.push(result);
    spec.stages.sort((a, b) => order(a.stage) - order(b.stage));
    options.onStage?.({ name: spec.spec, file: '' }, result);
  }
}

const order = (stage: Stage) => STAGES.indexOf(stage);
