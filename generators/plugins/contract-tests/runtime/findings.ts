/**
 * Findings: every problem a check finds carries a class decided from evidence, a check name, the
 * operation, the JSON pointer into the spec where the fix goes, a curl line that reproduces it and
 * the fix in one sentence. Problems with one root cause (their `key`) are one finding with a count.
 *
 * - target: the target broke the contract (a valid request refused, an answer the spec forbids).
 * - spec: the document contradicts itself or leaves the answer undefined (an example invalid
 *   against its schema, no documented 4xx for a request the spec forbids, no schema for a body).
 * - mock: the target is a mock (CONTRACT_MOCK) and it accepted or answered what the spec forbids.
 * - suite: our generated code failed (the runtime threw, the generated client could not build a
 *   request, a derived request did not have the polarity it was made for).
 *
 * Each test runs in a scope; what it records is appended to a per-process file in
 * CONTRACT_FINDINGS_DIR, which the global setup reads at the end of the run for the report.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export type FindingClass = 'target' | 'spec' | 'mock' | 'suite';
export const FINDING_CLASSES: FindingClass[] = ['target', 'suite', 'mock', 'spec'];

export interface Problem {
  class: FindingClass;
  /** The check's name; Schemathesis's name where one of its checks matches (README). */
  check: string;
  /** What happened, for this occurrence. */
  message: string;
  operation?: string | undefined;
  /** JSON pointer into the spec (without `#`) where the fix goes. */
  pointer?: string | undefined;
  /** The fix, in one sentence. */
  fix: string;
  /** The root cause: problems with one key are one finding. Defaults to class, check, pointer and fix. */
  key?: string | undefined;
  /** A curl line that reproduces it (keys as environment variables, never their values). */
  curl?: string | undefined;
}

/** Thrown by a check with everything it found. */
export class ProblemsError extends Error {
  override name = 'ProblemsError';
  constructor(readonly problems: Problem[]) {
    super(problems.map((problem) => problem.message).join('\n'));
  }
}

/** Throws the problems, if there are any. */
export function fail(problems: Problem[]): void {
  if (problems.length > 0) throw new ProblemsError(problems);
}

export function problemKey(problem: Problem): string {
  return problem.key ?? [problem.class, problem.check, problem.pointer ?? '', problem.fix].join('|');
}

/** Whether a problem of this class fails the run: target and suite always, spec only with CONTRACT_STRICT_SPEC=true, mock never. */
export function failsRun(
  findingClass: FindingClass,
  env: Record<string, string | undefined> = process.env,
): boolean {
  return (
    findingClass === 'target' ||
    findingClass === 'suite' ||
    (findingClass === 'spec' && env.CONTRACT_STRICT_SPEC === 'true')
  );
}

/** A problem as one line for a test's failure message: `[class] message (#pointer) -> fix`. */
export function describeProblem(problem: Problem): string {
  return `[${problem.class}] ${problem.message}${problem.pointer !== undefined ? ` (#${problem.pointer})` : ''}\n    fix: ${problem.fix}${problem.curl ? `\n    curl: ${problem.curl}` : ''}`;
}

interface Scope {
  problems: Problem[];
  test: string;
}

const scopes = new AsyncLocalStorage<Scope>();
let sinkFile: string | undefined;

function sink(env: Record<string, string | undefined> = process.env): string | undefined {
  if (!env.CONTRACT_FINDINGS_DIR) return undefined;
  sinkFile ??= path.join(env.CONTRACT_FINDINGS_DIR, `${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  return sinkFile;
}

/** Records a problem in the current test's scope and the run's findings file. */
export function record(problem: Problem): void {
  const scope = scopes.getStore();
  scope?.problems.push(problem);
  const file = sink();
  if (file) appendFileSync(file, `${JSON.stringify({ ...problem, test: scope?.test })}\n`);
}

/** Why an exception that is not a ProblemsError is ours: the first frame of the stack in the suite's own code. */
function suiteProblem(error: unknown, operation: string | undefined): Problem {
  const err = error instanceof Error ? error : new Error(String(error));
  const frame = (err.stack ?? '')
    .split('\n')
    .find((line) => /contract-tests[\\/](core[\\/]|client-calls)|runtime[\\/]/.test(line))
    ?.trim();
  return {
    class: 'suite',
    check: 'suite_error',
    message: `${operation ? `${operation}: ` : ''}the suite itself failed: ${err.name}: ${err.message.split('\n')[0]}${frame ? ` (${frame.replace(/^at /, '')})` : ''}`,
    operation,
    fix: 'This is a bug in the generated contract suites, not in the target or the spec: report it with the spec that shows it.',
    key: `suite|${err.name}: ${err.message.split('\n')[0]!.replace(/\d+/g, 'N').slice(0, 120)}`,
  };
}

/** Errors that mean the run is configured wrongly: they fail the test as they are, without a finding. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/**
 * Runs one check in its own scope. A ProblemsError's problems and anything recorded meanwhile (the
 * transport's 429 answers) become findings; any other exception is a suite finding. Throws, for
 * vitest, when a problem fails the run; problems that do not (spec, mock) pass the test and wait
 * for the report.
 */
export async function runCheck(
  test: string,
  operation: string | undefined,
  run: () => Promise<void> | void,
): Promise<void> {
  const scope: Scope = { problems: [], test };
  await scopes.run(scope, async () => {
    try {
      await run();
    } catch (error) {
      if (error instanceof ConfigurationError) throw error;
      if (error instanceof ProblemsError) for (const problem of error.problems) record(problem);
      else record(suiteProblem(error, operation));
    }
  });
  const failing = dedupe(scope.problems).filter((problem) => failsRun(problem.class));
  if (failing.length) {
    const error = new Error(failing.map(describeProblem).join('\n'));
    error.stack = error.message; // the stack of the check is not the point; the findings are
    throw error;
  }
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problemKey(problem)}|${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Who is at fault when the answer breaks the contract: the target, or the mock standing in for it. */
export const blame = (target: { mock: boolean }): 'target' | 'mock' => (target.mock ? 'mock' : 'target');

/**
 * llhttp's codes for an HTTP answer whose status line parsed but whose framing or header fields are
 * malformed (Prism writes a declared `Transfer-Encoding: chunked` beside its own Content-Length).
 * Other codes (`HPE_INVALID_CONSTANT`: no HTTP status line at all, as from a TLS port or a service
 * that is not HTTP) mean no HTTP server answered, which is a configuration error.
 */
const MALFORMED_HTTP = new Set([
  'HPE_UNEXPECTED_CONTENT_LENGTH',
  'HPE_INVALID_CONTENT_LENGTH',
  'HPE_INVALID_TRANSFER_ENCODING',
  'HPE_INVALID_HEADER_TOKEN',
  'HPE_INVALID_CHUNK_SIZE',
]);

/** Whether fetch failed on an answer an HTTP server sent but that Node's HTTP parser refuses. */
export const malformedAnswer = (cause: { code?: string } | undefined): boolean =>
  typeof cause?.code === 'string' && MALFORMED_HTTP.has(cause.code);

/** A problem with the target's answer (a mock problem when the target is a mock). */
/**
 * A 501 the operation does not document: it has no implementation yet (the generated stubs answer
 * 501 for an operation without a handler). One finding for the operation, however many of its
 * checks got it, rather than one per check blaming each for what is only "not written yet".
 */
export function notImplemented(
  target: { mock: boolean },
  operation: { id: string; pointer?: string | undefined },
  answer: string,
): Problem {
  return against(
    target,
    'not_implemented',
    `${operation.id}: answered 501 (not implemented), which it does not document; its checks cannot pass until it is implemented: ${answer.slice(0, 200)}`,
    {
      operation: operation.id,
      ...(operation.pointer ? { pointer: operation.pointer } : {}),
      fix: `Implement ${operation.id} (the generated stubs answer 501 for an operation without a handler), or document its 501.`,
      key: `target|not_implemented|${operation.id}`,
    },
  );
}

export function against(
  target: { mock: boolean },
  check: string,
  message: string,
  extra: Omit<Problem, 'class' | 'check' | 'message'>,
): Problem {
  return { class: blame(target), check, message, ...extra };
}
