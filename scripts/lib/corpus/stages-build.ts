/**
 * The corpus stages that build: generate every output of a spec and import the Python SDK under a
 * bare interpreter (the typecheck, as a consumer compiles the output, is typecheck.ts).
 */
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { UnsupportedSpecError } from '../../../generators/core/build-ir.js';
import { posixPath } from '../../../generators/core/files.js';
import type { Ir } from '../../../generators/core/ir.js';
import { SpecError } from '../../../generators/core/load.js';
import { generate } from '../../../generators/pipeline.js';
import { ROOT } from '../lint.js';
import { fileRole, normalizeMessage, shorten } from './kinds.js';
import type { Finding, StageResult } from './result.js';
import type { RuntimeDeclarations } from './typecheck.js';

/** One spec going through the stages: where it is, where its output goes, what earlier stages left. */
export interface SpecRun {
  /** The name in the report: the path inside the package (`api/…`), or a fixture's file name. */
  name: string;
  /** The spec file, relative to the repository (as generation and findings name it). */
  file: string;
  /** The output folder (inside the repository, so generated code resolves its dependencies). */
  out: string;
  seed: number;
  /** Generated requests per operation in the contract suites' property stage. */
  contractRuns: number;
  /** The contract stage's own time limit: what the suites found by then is kept; absent: `contractLimitMs`. */
  contractTimeLimitMs?: number;
  ir?: Ir;
  /** What varies per spec in messages (operation IDs, the spec's file), replaced when findings become kinds. */
  names: string[];
  /**
   * The parameters' names, replaced too where messages name a value sent (`green must be boolean`):
   * not in the compiler's, where a parameter called `type` would change "on type ‹…›".
   */
  parameterNames?: string[];
  /** The runtime's declarations, built once for the sweep (typecheck.ts); absent: each spec's runtime is checked with it. */
  runtimeDeclarations?: RuntimeDeclarations;
  /** Operations the canned stubs have no answer for (none could be drawn from the response schema), with why. */
  unanswerable?: Map<string, string>;
}

export type StageOutcome = Omit<StageResult, 'stage' | 'ms'>;

/** Findings of one stage, one per kind (the first occurrence's detail, and how many there were). */
export function byKind(findings: Finding[]): Finding[] {
  const kinds = new Map<string, Finding & { count: number }>();
  for (const finding of findings) {
    const key = `${finding.origin}|${finding.kind}`;
    const seen = kinds.get(key);
    if (seen) seen.count += finding.count ?? 1;
    else kinds.set(key, { ...finding, count: finding.count ?? 1 });
  }
  return [...kinds.values()];
}

export function outcomeOf(findings: Finding[], counts?: Record<string, number>): StageOutcome {
  const grouped = byKind(findings);
  return {
    status: grouped.some((finding) => finding.fails) ? 'fail' : 'pass',
    findings: grouped,
    ...(counts ? { counts } : {}),
  };
}

/** `generate`: every built-in plugin but openapi-generator's SDKs (Java), written into the spec's folder. */
export async function generateStage(run: SpecRun): Promise<StageOutcome> {
  try {
    const result = await generate({
      spec: run.file,
      out: run.out,
      command: `npm run check:corpus -- --filter '${run.name}'`,
      write: true,
      skip: ['sdks'],
      released: false,
      log: () => {},
    });
    run.ir = result.ir;
    run.names.push(...result.ir.operations.map((operation) => operation.id));
    run.parameterNames = [
      ...new Set(
        result.ir.operations.flatMap((operation) =>
          Object.values(operation.parameters).flatMap((list) => list.map((parameter) => parameter.name)),
        ),
      ),
    ];
    return {
      status: 'pass',
      findings: [],
      counts: { operations: result.ir.operations.length, warnings: result.warnings.length },
    };
  } catch (error) {
    return generateFailure(run, error);
  }
}

/**
 * A refusal naming a construct of the spec is the spec's defect (status `refused`); "not supported"
 * is ours (the toolkit cannot represent a valid construct); anything else thrown is ours, or the
 * upstream tool's when its stack is in that tool's code.
 */
function generateFailure(run: SpecRun, error: unknown): StageOutcome {
  if (error instanceof SpecError) {
    const problems = error instanceof UnsupportedSpecError ? error.problems : [error];
    const findings: Finding[] = problems.map((problem) => {
      const ours = /^not supported: /.test(problem.reason);
      return {
        origin: ours ? 'ours' : 'spec',
        // The advice after "; " varies with the construct; the kind is what was refused.
        kind: `generate: ${normalizeMessage(problem.reason.split('; ')[0], run.names)}`,
        detail: shorten(problem.message),
        ...(problem.pointer ? { pointer: problem.pointer } : {}),
        fails: ours,
      };
    });
    const outcome = outcomeOf(findings);
    return { ...outcome, status: outcome.status === 'fail' ? 'fail' : 'refused' };
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const upstream = /node_modules\/(openapi-typescript|@redocly|@stoplight)[^/]*\//.exec(stack)?.[1];
  // The first frame in our code says where the fix goes.
  const frame = /\((\/[^)]+?\/(generators|scripts)\/[^):]+):\d+/.exec(stack);
  const where = frame ? ` at ${path.relative(ROOT, frame[1])}` : '';
  return outcomeOf([
    {
      origin: upstream ? 'upstream' : 'ours',
      ...(upstream ? { tool: upstream } : {}),
      kind: `generate: threw ${error instanceof Error ? error.name : 'a value'}: ${normalizeMessage(message, run.names)}${where}`,
      detail: shorten(message),
      fails: true,
    },
  ]);
}

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runProcess(
  command: string,
  args: string[],
  options: { timeoutMs?: number; cwd?: string } = {},
): Promise<ProcessResult> {
  return new Promise((resolve) =>
    execFile(
      command,
      args,
      { cwd: options.cwd ?? ROOT, maxBuffer: 256 * 1024 * 1024, timeout: options.timeoutMs ?? 0 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    ),
  );
}

/** The Python package generated into `out/python` (the folder without a dot in its name). */
export function pythonPackage(out: string): string | undefined {
  const dir = path.join(out, 'python');
  return readdirSync(dir).find(
    (name) => !name.includes('.') && !name.startsWith('_') && statSync(path.join(dir, name)).isDirectory(),
  );
}

/** `python`: the SDK imports under `python3 -S -E` (no site-packages, no environment): standard library only. */
export async function pythonStage(run: SpecRun): Promise<StageOutcome> {
  const dir = path.join(run.out, 'python');
  const pkg = pythonPackage(run.out);
  if (!pkg)
    return outcomeOf([
      { origin: 'ours', kind: 'python: no package folder generated', detail: dir, fails: true },
    ]);
  const result = await runProcess(
    process.env.PYTHON ?? 'python3',
    ['-S', '-E', '-B', '-c', `import sys\nsys.path.insert(0, ${JSON.stringify(dir)})\nimport ${pkg}`],
    { timeoutMs: 120_000 },
  );
  if (result.code === 0) return outcomeOf([]);
  const lines = result.stderr.trim().split('\n');
  const last = lines.at(-1) ?? `exit ${result.code}`;
  const frame = [...result.stderr.matchAll(/File "([^"]+)", line (\d+)/g)].at(-1);
  const file = frame ? posixPath(path.relative(run.out, frame[1])) : undefined;
  return outcomeOf([
    {
      origin: 'ours',
      kind: `python import: ${normalizeMessage(last, run.names)}${file && !file.startsWith('..') ? ` in ${fileRole(file.replace(`python/${pkg}/`, 'python/<package>/'))}` : ''}`,
      detail: shorten(`${file ?? ''}${frame ? `:${frame[2]}` : ''} ${last}`),
      fails: true,
    },
  ]);
}
