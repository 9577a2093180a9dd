/**
 * The property-based stage: requests generated from an operation's schemas (fast-check) must get
 * a documented success, or a documented 4xx the input can rightly get (a state conflict, an
 * unknown ID that was not made by the suite), with a conforming body and the required headers;
 * what a create or update sent must come back as sent, in the answer, a later read and the list.
 * A failure shrinks to a minimal request and prints the seed that replays it and a curl line.
 */
import fc from 'fast-check';
import {
  arbitraryFrom,
  findEnumOutsideType,
  findStringOutOfBounds,
  merge,
  neverSatisfied,
  type SchemaRoot,
} from './arbitraries.js';
import type { GenerationCase, OperationCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, ProblemsError, type Problem } from './findings.js';
import { send } from './harness.js';
import { findInList, linkedRequest, type LinkSource } from './links.js';
import { pathParamsOf, type RequestSpec } from './request.js';
import { roundTripProblems, staleProblems } from './round-trip.js';
import { asRead } from './serialize.js';
import { unsatisfiableBodyProblem } from './valid-request.js';
import type { SuiteContext } from './suite-context.js';

/** CONTRACT_RUNS: generated requests per operation (default 20, small enough for `npm test`). */
export function runsFromEnv(env: Record<string, string | undefined> = process.env): number {
  const runs = Number(env.CONTRACT_RUNS ?? 20);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`CONTRACT_RUNS must be a positive integer, not ${env.CONTRACT_RUNS}`);
  return runs;
}

/** CONTRACT_SEED: the run's seed (fixed by default, so `npm test` is repeatable). */
export function seedFromEnv(env: Record<string, string | undefined> = process.env): number {
  const seed = Number(env.CONTRACT_SEED ?? 20261122);
  if (!Number.isInteger(seed)) throw new Error(`CONTRACT_SEED must be an integer, not ${env.CONTRACT_SEED}`);
  return seed;
}

/**
 * Smaller inputs a failing property tries (each one sent, unless invalid) before its last failing
 * input stands as the minimal one. A failure that does not depend on the input (a mock that answers
 * 404 to every request) shrank for 15,037 requests on iotwireless's TagResource, most of the spec's
 * time limit; a hundred tries shrink what does depend on it.
 */
const SHRINK_TRIES = 100;

/** `arbitrary` whose shrinking ends once `spent()`: fast-check then reports the last failing input. */
class ShrinkBudget<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly arbitrary: fc.Arbitrary<T>,
    private readonly spent: () => boolean,
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.arbitrary.generate(random, biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.arbitrary.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.arbitrary.shrink(value, context).takeWhile(() => !this.spent());
  }
}

/** Each operation draws from its own seed, so adding an operation does not change another's inputs. */
function operationSeed(seed: number, id: string): number {
  let hash = seed | 0;
  for (const char of id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * The spec's finding when a required query parameter admits no value on its face (visagecloud's
 * `purposes`: an array whose own enum holds strings; a string whose bounds exclude each other),
 * naming why where the schema shows it; undefined when every required one admits some value.
 */
function unsatisfiableQueryProblem(
  operation: OperationCase,
  root: SchemaRoot,
  queryParams: GenerationCase['query'],
): Problem | undefined {
  const param = queryParams.find((candidate) => candidate.required && neverSatisfied(root, candidate.schema));
  if (!param) return undefined;
  const outside = findEnumOutsideType(root, param.schema);
  const string = outside ? undefined : findStringOutOfBounds(root, param.schema);
  const why = outside
    ? ` (enum ${JSON.stringify(outside.values)}, type ${outside.types.join(' or ')})`
    : string
      ? ` (${string.at ? `${string.at}: ` : ''}${string.why})`
      : '';
  return {
    class: 'spec',
    check: 'positive_data_acceptance',
    message: `${operation.id}: the required query parameter ${param.name} admits no value${why}, so no request is valid`,
    operation: operation.id,
    pointer: operation.pointer,
    fix: "Give the parameter's schema values of its own type (an array's enum belongs on its items), and bounds some value meets.",
    key: `spec|param-admits-nothing|${operation.id}|${param.name}`,
  };
}

export interface PropertyOptions {
  runs: number;
  seed: number;
  tag: (operation: OperationCase, body: unknown) => unknown;
}

export async function propertyCheck(
  context: SuiteContext,
  id: string,
  options: PropertyOptions,
): Promise<void> {
  const operation = context.operation(id);
  const root = context.cases.sharedSchema;
  const { body: bodySchema, query: queryParams } = operation.generation;
  // Each schema compiled before any input is drawn: one no validator compiles (a length given as
  // text) is the spec's finding, as in every other check, not the property's crash.
  if (bodySchema) context.violations(bodySchema, null, 'request', operation.bodyPointer, operation.id);
  for (const param of queryParams)
    context.violations(param.schema, null, 'request', operation.pointer, operation.id);
  // A required array goes on the wire only with an item (an empty one is no parameter at all).
  const onWire = (param: (typeof queryParams)[number]) =>
    param.required && (param.schema as { type?: unknown }).type === 'array'
      ? { allOf: [param.schema, { minItems: 1 }] }
      : param.schema;
  // An optional parameter no value satisfies (stackexchange's `closed`: a string whose enum is
  // [true, false]) is left out, as such an optional body property is (arbitraries.ts).
  const drawn = queryParams.filter((param) => param.required || !neverSatisfied(root, param.schema));
  let input: fc.Arbitrary<{ body: unknown; query: Record<string, unknown> }>;
  try {
    input = fc.record({
      body: bodySchema ? arbitraryFrom(root, bodySchema) : fc.constant(undefined),
      query: fc.record(
        Object.fromEntries(drawn.map((param) => [param.name, arbitraryFrom(root, onWire(param))])),
        { requiredKeys: drawn.filter((param) => param.required).map((param) => param.name) },
      ),
    });
  } catch (error) {
    // A body or a required query parameter no value satisfies on its face is the spec's finding
    // before anything is drawn.
    const unsatisfiable =
      unsatisfiableBodyProblem(operation, root, bodySchema, false) ??
      unsatisfiableQueryProblem(operation, root, queryParams);
    if (unsatisfiable) throw new ProblemsError([unsatisfiable]);
    throw error;
  }
  const declared = (name: string) =>
    operation.parameters?.find((param) => param.in === 'query' && param.name === name);
  const resource = context.cases.resources.find((candidate) => candidate.create === operation.id);
  const update = context.cases.resources.find((candidate) => candidate.update?.operationId === operation.id);
  const idsWereMade = context.target.stateful && operation.pathParams.some((param) => param.producer);
  // GETs share one set of path IDs; anything that changes state gets fresh ones each run.
  let shared: RequestSpec | undefined;
  const base = async () =>
    operation.method === 'get' ? (shared ??= await context.request(operation)) : context.request(operation);
  const requests = new WeakMap<object, RequestSpec>();
  const found = new WeakMap<object, Problem[]>();
  let invalid = 0;
  /** Inputs refused only because the body matched more than one member of a oneOf. */
  let overmatched = 0;
  /** Smaller inputs tried since the first failure. */
  let shrinkTries = 0;
  let failed = false;

  const property = fc.asyncProperty(
    new ShrinkBudget(input, () => shrinkTries >= SHRINK_TRIES),
    async (value) => {
      if (failed) shrinkTries += 1;
      const bodyProblems =
        bodySchema && value.body !== undefined
          ? context.validator.violations(bodySchema, value.body, 'request')
          : [];
      // Judged as the server reads it: "12345" for a string, nothing for an empty value.
      const queryProblems = queryParams.flatMap((param) => {
        if (!Object.hasOwn(value.query, param.name)) return [];
        const spec = declared(param.name);
        const shape = spec ? merge(root, spec.schema) : undefined;
        const read = spec
          ? asRead(
              { ...spec, schema: shape },
              value.query[param.name],
              shape?.items ? merge(root, shape.items) : undefined,
            )
          : value.query[param.name];
        if (read === undefined) return param.required ? ['required parameter is empty on the wire'] : [];
        return context.validator.violations(param.schema, read, 'request');
      });
      if (bodyProblems.length || queryProblems.length) {
        invalid += 1; // the generator read a schema too loosely: skip, never blame the target
        if (!queryProblems.length && context.validator.overmatchesOneOf(bodySchema, value.body))
          overmatched += 1;
        fc.pre(false);
      }
      const request: RequestSpec = { ...(await base()) };
      if (bodySchema) request.body = options.tag(operation, value.body);
      request.query = { ...request.query, ...value.query };
      requests.set(value, request);
      const sent = await send(context.target, request);
      const problems = context.problems(
        operation,
        sent,
        { kind: 'success', lenient: true, idsWereMade },
        'positive_data_acceptance',
        request,
      );
      const paging = operation.pagination;
      const limit = paging?.limitParam ? request.query?.[paging.limitParam] : undefined;
      const items =
        sent.status === 200 && paging
          ? (sent.body as Record<string, unknown> | undefined)?.[paging.dataField]
          : undefined;
      if (typeof limit === 'number' && Array.isArray(items) && items.length > limit)
        problems.push(
          against(
            context.target,
            'paging',
            `${operation.id}: ${paging!.limitParam}=${limit} answered ${items.length} items`,
            {
              operation: operation.id,
              pointer: operation.pointer,
              fix: `${operation.id} must answer at most ${paging!.limitParam} items.`,
            },
          ),
        );
      if (sent.status < 300 && context.target.stateful) {
        problems.push(
          ...roundTripProblems(
            context,
            `${operation.id} response`,
            request.body,
            operation,
            sent.body,
            operation,
            request,
          ),
        );
        const link = resource ?? update;
        if (link) {
          const source: LinkSource = {
            requestPath: pathParamsOf(operation.path, request.path),
            requestQuery: request.query,
            responseBody: sent.body,
          };
          if (link.read) {
            const readOperation = context.operation(link.read.operationId);
            const readRequest = linkedRequest(context, link.read, source);
            const read = await send(context.target, readRequest);
            if (read.status >= 300)
              problems.push(
                ...context.problems(
                  readOperation,
                  read,
                  { kind: 'success' },
                  'ensure_resource_availability',
                  readRequest,
                  `${readOperation.id} after ${operation.id}`,
                ),
              );
            else {
              problems.push(
                ...roundTripProblems(
                  context,
                  `${readOperation.id} after ${operation.id}`,
                  request.body,
                  readOperation,
                  read.body,
                  operation,
                  request,
                ),
              );
              problems.push(
                ...staleProblems(
                  context,
                  readOperation,
                  `${readOperation.id} after ${operation.id}`,
                  sent.body,
                  read.body,
                ),
              );
            }
          }
          if (resource?.list) {
            const item = await findInList(
              context,
              resource.list,
              source,
              (sent.body as Record<string, unknown>).id,
            );
            const lister = context.operation(resource.list.operationId);
            if (!item)
              problems.push(
                against(
                  context.target,
                  'ensure_resource_availability',
                  `${lister.id} does not list what ${operation.id} created`,
                  {
                    operation: lister.id,
                    pointer: lister.pointer,
                    fix: `${lister.id} must list what ${operation.id} created.`,
                  },
                ),
              );
            else
              problems.push(
                ...roundTripProblems(
                  context,
                  `${lister.id} item after ${operation.id}`,
                  request.body,
                  operation,
                  item,
                  operation,
                  request,
                ),
              );
          }
        }
      }
      if (problems.length) {
        found.set(value, problems);
        failed = true;
        throw new ProblemsError(problems);
      }
    },
  );

  const details = await fc.check(property, {
    numRuns: options.runs,
    seed: operationSeed(options.seed, operation.id),
    endOnFailure: false,
    markInterruptAsFailure: false,
  });
  // fast-check fails a run with too many skipped inputs, with no error of its own (errorInstance null).
  if (details.numSkips > 0 && details.numRuns === 0) {
    const unsatisfiable = unsatisfiableBodyProblem(operation, root, bodySchema, overmatched > 0);
    if (unsatisfiable) throw new ProblemsError([unsatisfiable]);
    // A required query parameter no value satisfies (visagecloud's `purposes`: an array whose own
    // enum holds strings) is the spec's, as such a body is.
    const query = unsatisfiableQueryProblem(operation, root, queryParams);
    if (query) throw new ProblemsError([query]);
    throw new ProblemsError([
      {
        class: 'suite',
        check: 'positive_data_acceptance',
        message: `${operation.id}: none of ${details.numSkips} generated inputs was valid against its schema (${invalid} invalid); the generator cannot read this schema`,
        operation: operation.id,
        pointer: operation.bodyPointer ?? operation.pointer,
        fix: 'A limit of the generated contract suites (arbitraries.ts): report it with the spec that shows it.',
      },
    ]);
  }
  if (details.failed) {
    const counterexample = details.counterexample?.[0];
    const request = counterexample ? requests.get(counterexample) : undefined;
    const error = details.errorInstance;
    // Our own code failing inside the property is a suite problem: let it through as it is.
    if (!(error instanceof ProblemsError))
      throw error instanceof Error
        ? error
        : new Error(
            `${operation.id}: fast-check failed the run with ${error === null || error === undefined ? 'no error' : `a thrown ${typeof error}: ${String(error)}`} (${details.numRuns} runs, ${details.numSkips} skipped${details.interrupted ? ', interrupted' : ''})`,
          );
    const problems = (counterexample && found.get(counterexample)) || error.problems;
    const footer = [
      `(${operation.id}: a generated request breaks the contract, run ${details.numRuns} of ${options.runs}, shrunk ${details.numShrinks} times${shrinkTries >= SHRINK_TRIES ? `, stopped after ${SHRINK_TRIES} tries` : ''})`,
      `minimal input: ${JSON.stringify(counterexample)}`,
      `replay: CONTRACT_SEED=${options.seed} CONTRACT_RUNS=${options.runs} (fast-check seed ${details.seed}, path ${details.counterexamplePath})`,
    ].join('\n');
    throw new ProblemsError(
      problems.map((problem) => ({
        ...problem,
        message: `${problem.message}\n${footer}`,
        ...(request ? { curl: curlLine(context.target, request) } : {}),
      })),
    );
  }
}
