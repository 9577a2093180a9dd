/**
 * The corpus stages that run what was generated: the stubs start and answer, the SDKs round-trip
 * against them, the contract suites run against Prism mocking the spec, and the suites' bad-input
 * stage runs against the stubs (a generated server must answer hostile input inside its contract).
 */
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type {
  BadInputCases,
  BadInputChecks,
  BadRequest,
} from '../../../generators/plugins/contract-tests/runtime/bad-input.js';
import type { Ir } from '../../../generators/core/ir.js';
import type { Problem } from '../../../generators/plugins/contract-tests/runtime/findings.js';
import type { Finding as ContractFinding } from '../../../generators/plugins/contract-tests/runtime/report.js';
import { closePythonDrivers } from '../../../generators/plugins/python/roundtrip/calls.js';
import { runAgainstPrism } from '../contract-public.js';
import { buildCases, unsatisfiableOnItsFace } from '../roundtrip/cases.js';
import { AMBIGUOUS_QUERY, runRoundtrip } from '../roundtrip/run.js';
import { cannedHandlers, startStubs, type StubServer } from '../roundtrip/server.js';
import { causeOf, normalizeMessage, shorten } from './kinds.js';
import type { Finding, Origin } from './result.js';
import { outcomeOf, type SpecRun, type StageOutcome } from './stages-build.js';

/** The stubs as a plain implementation (canned answers drawn from the response schemas), listening on loopback. */
export async function startCannedStubs(run: SpecRun): Promise<StubServer> {
  const { cases, failed } = buildCases(run.ir!, run.seed, 1);
  run.unanswerable = new Map(failed.map((entry) => [entry.operationId, entry.reason]));
  return startStubs(run.out, run.ir!, cases, cannedHandlers(run.ir!, cases));
}

function badInputCases(run: SpecRun): BadInputCases | undefined {
  try {
    return JSON.parse(
      readFileSync(path.join(run.out, 'contract-tests', 'bad-input.json'), 'utf8'),
    ) as BadInputCases;
  } catch {
    return undefined;
  }
}

function send(url: string, method: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: method.toUpperCase(), timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
    request.end();
  });
}

/**
 * `stubs`: the generated Fastify stubs register every operation (with canned handlers) and each
 * operation answers a request with its path filled in (the suites' valid path values): any answer
 * but a 5xx or the router's "no route", which would mean the route was not registered as written.
 */
export async function stubsStage(run: SpecRun, started: (server: StubServer) => void): Promise<StageOutcome> {
  let server: StubServer;
  try {
    server = await startCannedStubs(run);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return outcomeOf([
      {
        origin: 'ours',
        kind: `stubs: registering the routes threw: ${normalizeMessage(message, run.names)}`,
        detail: shorten(message),
        fails: true,
      },
    ]);
  }
  started(server);
  const values = new Map(badInputCases(run)?.operations.map((operation) => [operation.id, operation]));
  const findings: Finding[] = [];
  for (const operation of run.ir!.operations) {
    const known = values.get(operation.id)?.pathValues ?? {};
    const target = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
      encodeURIComponent(known[name] ?? 'x'),
    );
    try {
      const answer = await send(`${server.url}${target}`, operation.method);
      const unrouted = answer.status === 404 && answer.body.includes('No route for');
      if (answer.status >= 500 || unrouted)
        findings.push({
          origin: 'ours',
          kind: `stubs: ${unrouted ? 'route not registered as written (404 no route)' : `answered ${answer.status}`}: ${normalizeMessage(answer.body, run.names)}`,
          detail: shorten(`${operation.method.toUpperCase()} ${target}: ${answer.status} ${answer.body}`),
          fails: true,
        });
    } catch (error) {
      findings.push({
        origin: 'ours',
        kind: `stubs: no answer: ${normalizeMessage((error as Error).message, run.names)}`,
        detail: shorten(`${operation.method.toUpperCase()} ${target}: ${(error as Error).message}`),
        fails: true,
      });
    }
  }
  return outcomeOf(findings, { operations: run.ir!.operations.length });
}

/** A round-trip problem as a kind: where it went wrong (which side, which location), not the values. */
export function roundtripKind(language: string, problem: string, names: string[]): string {
  const text = problem.replace(/^\[\d+\] /, '');
  const decoded = /^server decoded (path|query|header|cookie|body)\b[^:]*: sent (.*), got (.*)$/.exec(text);
  if (decoded)
    return `roundtrip ${language}: server decoded ${decoded[1]}: ${decoded[3] === 'undefined' ? 'missing' : 'a different value'}`;
  const returned = /^client returned ([^:]*): sent (.*), got (.*)$/.exec(text);
  if (returned)
    return `roundtrip ${language}: client returned ${returned[3] === 'undefined' ? 'less than answered' : 'a different value'}`;
  const threw = /^client: (\w+): ([\s\S]*?)(; server: [\s\S]*)?$/.exec(text);
  if (threw) return `roundtrip ${language}: client threw ${threw[1]}: ${normalizeMessage(threw[2], names)}`;
  return `roundtrip ${language}: ${normalizeMessage(text, names)}`;
}

/** Whether an operation was not run for a schema no value satisfies on its face: the spec's defect (round trip and bad-input alike). */
const namesUnsatisfiable = (reason: string) => /unsatisf/i.test(reason);

/** `roundtrip`: every operation through both SDKs against the stubs; an operation not run says why. */
export async function roundtripStage(run: SpecRun): Promise<StageOutcome> {
  const result = await runRoundtrip({
    spec: run.file,
    languages: ['ts', 'python'],
    seed: run.seed,
    generated: { outDir: run.out, ir: run.ir! },
  }).finally(closePythonDrivers);
  const findings: Finding[] = [];
  for (const outcome of result.outcomes.filter((each) => !each.ok))
    findings.push({
      origin: 'ours',
      kind: roundtripKind(outcome.language, outcome.problems[0] ?? 'failed', [
        ...run.names,
        ...(run.parameterNames ?? []),
      ]),
      detail: shorten(`${outcome.label}: ${outcome.problems.join(' | ')}`),
      fails: true,
    });
  for (const entry of result.notRun) {
    // fast-check's stringMatching refuses some regex features ("Assertions of kind Lookahead not implemented yet").
    const upstream = /not implemented yet/.test(entry.reason);
    findings.push({
      origin: upstream
        ? 'upstream'
        : namesUnsatisfiable(entry.reason) || entry.reason.startsWith(AMBIGUOUS_QUERY)
          ? 'spec'
          : 'ours',
      ...(upstream ? { tool: 'fast-check' } : {}),
      kind: `roundtrip: not run: ${normalizeMessage(entry.reason, run.names)}`,
      detail: shorten(`${entry.label}: ${entry.reason}`),
      fails: false,
    });
  }
  const outcome = outcomeOf(findings, {
    operations: result.operations,
    passed: result.passed,
    notRun: result.notRun.length,
    ...Object.fromEntries(
      Object.entries(result.perLanguage).flatMap(([language, counts]) => [
        [`${language}Passed`, counts.passed],
        [`${language}Total`, counts.total],
      ]),
    ),
  });
  // An operation not run is reported with its reason and counted apart, not a pass.
  return result.notRun.length > 0 && outcome.status === 'pass'
    ? { ...outcome, status: 'fail', reason: `${result.notRun.length} operation(s) not run` }
    : outcome;
}

/** Where a finding of the suites against Prism belongs: suite is ours, spec the spec's, target and mock Prism's. */
const PRISM_ORIGIN: Record<string, Origin> = {
  suite: 'ours',
  spec: 'spec',
  target: 'upstream',
  mock: 'upstream',
};

function contractFinding(finding: ContractFinding, names: string[], stage: string): Finding {
  const origin = PRISM_ORIGIN[finding.class];
  return {
    origin,
    ...(origin === 'upstream' ? { tool: 'Prism' } : {}),
    kind: `${stage} ${finding.class} ${finding.check}: ${causeOf(normalizeMessage(finding.message, names))}`,
    detail: shorten(`${finding.message}${finding.count > 1 ? ` (${finding.count}x)` : ''}`),
    ...(finding.pointer !== undefined ? { pointer: finding.pointer } : {}),
    fails: finding.class === 'suite',
    count: finding.count,
  };
}

/**
 * The contract stage's limit when none is given: 240 s, or 0.6 s per operation on a larger spec.
 * The suites' work grows with the operations (mist's 779 took 379 s on a quiet machine), so one
 * limit for every spec cut the largest short of their last operations.
 */
export function contractLimitMs(run: SpecRun): number {
  return run.contractTimeLimitMs ?? Math.max(240_000, 600 * (run.ir?.operations.length ?? 0));
}

/**
 * `contract`: the generated suites against Prism mocking the spec; a suite-class finding fails it,
 * the rest are classed. At its time limit the suites are ended and what they found so far (written
 * to the findings folder as each check ends) is kept, with the status `timeout`.
 */
export async function contractStage(run: SpecRun): Promise<StageOutcome> {
  const findingsDir = path.join(run.out, 'contract-findings');
  // A kept output (--keep) holds the last run's findings, which the report would read as this run's.
  rmSync(findingsDir, { recursive: true, force: true });
  let result: Awaited<ReturnType<typeof runAgainstPrism>>;
  try {
    result = await runAgainstPrism(
      path.basename(run.out),
      run.file,
      { CONTRACT_RUNS: String(run.contractRuns), CONTRACT_FINDINGS_DIR: findingsDir },
      { generated: run.out, timeoutMs: contractLimitMs(run) },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return outcomeOf([
      {
        origin: 'upstream',
        tool: 'Prism',
        kind: `contract: Prism did not start: ${normalizeMessage(message.replace(/^[^:]*:\s*/, ''), run.names)}`,
        detail: shorten(message.slice(0, 600)),
        fails: true,
      },
    ]);
  }
  // The suites' own output goes to the spec's log (the sweep keeps it in .cache/corpus/logs/).
  console.log(result.run.output);
  if (result.run.timedOut) {
    const partial = await partialReport(run, findingsDir);
    const outcome = outcomeOf(
      partial.findings.map((finding) => contractFinding(finding, run.names, 'contract')),
      { ...partial.counts, seconds: result.seconds, prismRestarts: result.prismRestarts },
    );
    return {
      ...outcome,
      status: 'timeout',
      reason: `the suites' time limit (${Math.round(contractLimitMs(run) / 1000)} s) ran out; the findings so far are kept`,
    };
  }
  if (!result.report) {
    const lines = result.run.output
      .split('\n')
      .filter((line) => /error|Error|contract configuration/.test(line));
    const cause = lines[0] ?? result.run.output.trim().split('\n').at(-1) ?? `exit ${result.run.code}`;
    return outcomeOf([
      {
        origin: 'ours',
        kind: `contract: the suites did not run to the end: ${normalizeMessage(cause, run.names)}`,
        detail: shorten(result.run.output.slice(-600)),
        fails: true,
      },
    ]);
  }
  const findings = result.report.findings.map((finding) => contractFinding(finding, run.names, 'contract'));
  return outcomeOf(findings, {
    ...result.report.counts,
    seconds: result.seconds,
    prismRestarts: result.prismRestarts,
  });
}

type ReportModule = {
  readProblems: (dir: string) => Problem[];
  buildReport: (
    problems: Problem[],
    meta: { target: string; specDigest: string; locations: { file: string; lines: Record<string, number> } },
    env: Record<string, string | undefined>,
  ) => { counts: Record<string, number>; findings: ContractFinding[] };
};

/** What the suites recorded before their time limit, as their own report builds it. */
async function partialReport(
  run: SpecRun,
  findingsDir: string,
): Promise<{ counts: Record<string, number>; findings: ContractFinding[] }> {
  const core = path.join(run.out, 'contract-tests', 'core');
  const { readProblems, buildReport } = (await import(path.join(core, 'report.ts'))) as ReportModule;
  const cases = JSON.parse(readFileSync(path.join(run.out, 'contract-tests', 'cases.json'), 'utf8')) as {
    specDigest: string;
    locations: { file: string; lines: Record<string, number> };
  };
  return buildReport(
    readProblems(findingsDir),
    { target: 'Prism', specDigest: cases.specDigest, locations: cases.locations },
    { CONTRACT_MOCK: 'true', CONTRACT_STATEFUL: 'false' },
  );
}

type BadInputModule = {
  BadInputChecks: new (cases: BadInputCases) => BadInputChecks;
  badRequests: (operation: BadInputCases['operations'][number]) => BadRequest[];
};
type FindingsModule = { ProblemsError: new (problems: Problem[]) => Error & { problems: Problem[] } };

/**
 * `bad-input`: the generated suites' bad-input checks (their own runtime, as generated) against the
 * canned stubs, every hostile request of every operation. An answer of 5xx or outside the contract
 * is a target finding, and the stubs are ours; an undocumented refusal where the operation documents
 * none is the spec's.
 */
/**
 * Whether an answer was judged against a documented schema no body satisfies: a `oneOf` two of whose
 * members accept the same (digitallocker's 400: four members that differ only in descriptions), so
 * every body matches both and none matches exactly one. Generation warns and the stubs answer in the document's
 * template there; what the check then finds is the spec's defect, not the stubs'.
 */
export function answeredUnsatisfiable(ir: Ir | undefined, operationId: string, message: string): boolean {
  const status = /answer: (\d{3})\b/.exec(message)?.[1];
  const operation = ir?.operations.find((each) => each.id === operationId);
  // Only a body its schema refused: a 5xx or an echo of the input is the stubs' whatever the schema.
  if (!ir || !status || !operation || Number(status) >= 500 || !/\bbody \//.test(message)) return false;
  const response =
    operation.responses.find((each) => each.status === status) ??
    operation.responses.find((each) => each.status.toUpperCase() === `${status[0]}XX`) ??
    operation.responses.find((each) => each.status === 'default');
  const schema = response?.content.find((media) => media.kind === 'json')?.schema;
  // An error schema no value satisfies (visualstudio's MessageCodes: an integer whose enum is
  // "0 (Unknown)", …): the stubs have no body of it to answer with.
  if (schema !== undefined && unsatisfiableOnItsFace(ir, schema)) return true;
  const oneOf = schema === undefined ? undefined : ir.model.deref<{ oneOf?: unknown[] }>(schema)?.oneOf;
  if (!Array.isArray(oneOf)) return false;
  const members = oneOf.map((member) => JSON.stringify(withoutAnnotations(ir.model.deref(member) ?? member)));
  return new Set(members).size < members.length;
}

/** Keywords that do not change what a schema accepts (digitallocker's members differ only in descriptions). */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', '$comment', 'deprecated']);

/** Keywords whose value maps names to schemas: a property called `description` is no annotation. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function withoutAnnotations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAnnotations);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !ANNOTATIONS.has(key) && !key.startsWith('x-'))
      .map(([key, inner]) => [
        key,
        SCHEMA_MAPS.has(key) && inner && typeof inner === 'object' && !Array.isArray(inner)
          ? Object.fromEntries(
              Object.entries(inner).map(([name, schema]) => [name, withoutAnnotations(schema)]),
            )
          : withoutAnnotations(inner),
      ]),
  );
}

export async function badInputStage(run: SpecRun, server: StubServer): Promise<StageOutcome> {
  const cases = badInputCases(run);
  // A spec without operations (webhooks only) has no bad-input suite: nothing to send.
  if (!cases && run.ir?.operations.length === 0) return outcomeOf([]);
  if (!cases)
    return outcomeOf([
      {
        origin: 'ours',
        kind: 'bad-input: no contract-tests/bad-input.json generated',
        detail: run.out,
        fails: true,
      },
    ]);
  const core = path.join(run.out, 'contract-tests', 'core');
  const { BadInputChecks, badRequests } = (await import(path.join(core, 'bad-input.ts'))) as BadInputModule;
  const { ProblemsError } = (await import(path.join(core, 'findings.ts'))) as FindingsModule;
  const checks = new BadInputChecks(cases);
  // An operation the stubs have no answer for would answer whatever reached it out of its contract:
  // not judged, said why.
  const findings: Finding[] = [...(run.unanswerable ?? [])].map(([operationId, reason]) => ({
    origin: namesUnsatisfiable(reason) ? 'spec' : 'ours',
    kind: `bad-input: not run: the stubs have no answer for it: ${normalizeMessage(reason, run.names)}`,
    detail: shorten(`${operationId}: ${reason}`),
    fails: false,
  }));
  const work = cases.operations
    .filter((operation) => !run.unanswerable?.has(operation.id))
    .flatMap((operation) => badRequests(operation).map((request, index) => ({ operation, request, index })));
  let answers500 = 0;
  const next = async (): Promise<void> => {
    for (let item = work.shift(); item; item = work.shift()) {
      const { operation, request, index } = item;
      try {
        await checks.check(server.url, 'corpus-key', operation.id, index);
      } catch (error) {
        const problems: Problem[] =
          error instanceof ProblemsError
            ? error.problems
            : [
                {
                  class: 'suite',
                  check: 'bad_input',
                  message: `the check threw: ${(error as Error).message}`,
                  operation: operation.id,
                  fix: '',
                },
              ];
        for (const problem of problems) {
          if (problem.check === 'not_a_server_error') answers500 += 1;
          // The message is "<id>, <request>: <what>" or "<id>, <request>:\n  <first problem>\n  …\n  answer: …":
          // the first problem is the kind (whichever hostile request showed it; the detail names the request).
          const prefix = `${operation.id}, ${request.name}:`;
          const own = problem.message.startsWith(prefix)
            ? problem.message.slice(prefix.length)
            : problem.message;
          const first = own.split('\n').find((line) => line.trim() !== '') ?? own;
          const origin: Origin =
            problem.class === 'spec' || answeredUnsatisfiable(run.ir, operation.id, problem.message)
              ? 'spec'
              : 'ours';
          // A spec finding's root cause is its fix (one per operation, whatever request showed it).
          // A check that threw did so whatever the request: its message is the kind.
          const what =
            origin === 'spec' && problem.fix
              ? normalizeMessage(problem.fix, run.names)
              : problem.class === 'suite'
                ? normalizeMessage(problem.message, run.names)
                : causeOf(normalizeMessage(first, run.names));
          findings.push({
            origin,
            kind: `bad-input ${problem.class} ${problem.check}: ${what}`,
            detail: shorten(
              problem.class === 'suite'
                ? `${operation.id}, ${request.name}: ${problem.message}`
                : problem.message,
            ),
            ...(problem.pointer !== undefined ? { pointer: problem.pointer } : {}),
            fails: origin === 'ours',
          });
        }
      }
    }
  };
  const total = work.length;
  // A few at a time: the stubs answer in-process, and most requests wait on the socket.
  await Promise.all(Array.from({ length: 4 }, next));
  return outcomeOf(findings, {
    requests: total,
    outsideContract: findings.filter((finding) => finding.origin === 'ours' && finding.fails).length,
    notRun: run.unanswerable?.size ?? 0,
    answers5xx: answers500,
  });
}
