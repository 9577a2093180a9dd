/**
 * The property-based stage: requests generated from an operation's schemas (fast-check) must get
 * a documented success, or a documented 4xx the input can rightly get (a state conflict, an
 * unknown ID that was not made by the suite), with a conforming body and the required headers;
 * what a create or update sent must come back as sent, in the answer, a later read and the list.
 * A failure shrinks to a minimal request and prints the seed that replays it and a curl line.
 */
import fc from 'fast-check';
import { arbitraryFrom } from './arbitraries.js';
import type { OperationCase } from './cases.js';
import { pathParamsOf, responseProblems, send, type RequestSpec } from './harness.js';
import { findInList, linkedRequest, roundTripProblems, staleProblems, type LinkSource, type SuiteContext } from './stateful.js';

/** CONTRACT_RUNS: generated requests per operation (default 20, small enough for `npm test`). */
export function runsFromEnv(env: Record<string, string | undefined> = process.env): number {
  const runs = Number(env.CONTRACT_RUNS ?? 20);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`CONTRACT_RUNS must be a positive integer, not ${env.CONTRACT_RUNS}`);
  return runs;
}

/** CONTRACT_SEED: the run's seed (fixed by default, so `npm test` is repeatable). */
export function seedFromEnv(env: Record<string, string | undefined> = process.env): number {
  const seed = Number(env.CONTRACT_SEED ?? 20261122);
  if (!Number.isInteger(seed)) throw new Error(`CONTRACT_SEED must be an integer, not ${env.CONTRACT_SEED}`);
  return seed;
}

/** Each operation draws from its own seed, so adding an operation does not change another's inputs. */
function operationSeed(seed: number, id: string): number {
  let hash = seed | 0;
  for (const char of id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** A curl line for a request; the key is left as $CONTRACT_API_KEY, never printed. */
export function curlLine(baseUrl: string, request: RequestSpec, withKey: boolean): string {
  const url = new URL(`${baseUrl}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined && value !== null) for (const item of [value].flat()) url.searchParams.append(name, String(item));
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const parts = ['curl', '-i', '-X', request.method.toUpperCase(), quote(url.toString())];
  if (withKey) parts.push('-H', '"Authorization: Bearer $CONTRACT_API_KEY"');
  for (const [name, value] of Object.entries(request.headers ?? {})) parts.push('-H', quote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('-H', quote(`Content-Type: ${request.contentType ?? 'application/json'}`), '--data-raw', quote(JSON.stringify(request.body)));
  return parts.join(' ');
}

/** Statuses no valid request may get: it was valid, authorised and small; IDs the suite made exist. */
function refusedWrongly(status: number, idsWereMade: boolean): boolean {
  return status >= 500 || [400, 401, 403, 405, 413, 415, 429].includes(status) || (idsWereMade && status === 404);
}

export interface PropertyOptions {
  runs: number;
  seed: number;
  tag: (operation: OperationCase, body: unknown) => unknown;
}

export async function propertyCheck(context: SuiteContext, id: string, options: PropertyOptions): Promise<void> {
  const operation = context.operation(id);
  const root = context.cases.sharedSchema;
  const { body: bodySchema, query: queryParams } = operation.generation;
  const input = fc.record({
    body: bodySchema ? arbitraryFrom(root, bodySchema) : fc.constant(undefined),
    query: fc.record(Object.fromEntries(queryParams.map((param) => [param.name, arbitraryFrom(root, param.schema)])), { requiredKeys: queryParams.filter((param) => param.required).map((param) => param.name) }),
  });
  const resource = context.cases.resources.find((candidate) => candidate.create === operation.id);
  const update = context.cases.resources.find((candidate) => candidate.update?.operationId === operation.id);
  const idsWereMade = context.target.stateful && operation.pathParams.some((param) => param.producer);
  // GETs share one set of path IDs; anything that changes state gets fresh ones each run.
  let shared: RequestSpec | undefined;
  const base = async () => (operation.method === 'get' ? (shared ??= await context.request(operation)) : context.request(operation));
  const requests = new WeakMap<object, RequestSpec>();
  let invalid = 0;

  const property = fc.asyncProperty(input, async (value) => {
    const bodyProblems = bodySchema && value.body !== undefined ? context.validator.violations(bodySchema, value.body, 'request') : [];
    const queryProblems = queryParams.flatMap((param) => (param.name in value.query ? context.validator.violations(param.schema, value.query[param.name], 'request') : []));
    if (bodyProblems.length || queryProblems.length) {
      invalid += 1; // the generator read a schema too loosely: skip, never blame the target
      fc.pre(false);
    }
    const request: RequestSpec = { ...(await base()) };
    if (bodySchema) request.body = options.tag(operation, value.body);
    request.query = { ...request.query, ...value.query };
    requests.set(value, request);
    const sent = await send(context.target, request);
    const problems = responseProblems(context.validator, operation, sent);
    if (refusedWrongly(sent.status, idsWereMade)) problems.unshift(`${operation.id}: a valid request got ${sent.status}: ${sent.text.slice(0, 300)}`);
    const paging = operation.pagination;
    const limit = paging?.limitParam ? request.query?.[paging.limitParam] : undefined;
    const items = sent.status === 200 && paging ? (sent.body as Record<string, unknown> | undefined)?.[paging.dataField] : undefined;
    if (typeof limit === 'number' && Array.isArray(items) && items.length > limit) problems.push(`${operation.id}: ${paging!.limitParam}=${limit} answered ${items.length} items`);
    if (sent.status < 300 && context.target.stateful) {
      problems.push(...roundTripProblems(context, `${operation.id} response`, request.body, operation, sent.body, operation));
      const link = resource ?? update;
      if (link) {
        const source: LinkSource = { requestPath: pathParamsOf(operation.path, request.path), requestQuery: request.query, responseBody: sent.body };
        if (link.read) {
          const readOperation = context.operation(link.read.operationId);
          const read = await send(context.target, linkedRequest(context, link.read, source));
          if (read.status >= 300) problems.push(`${readOperation.id} after ${operation.id}: got ${read.status}: ${read.text.slice(0, 200)}`);
          else {
            problems.push(...roundTripProblems(context, `${readOperation.id} after ${operation.id}`, request.body, readOperation, read.body, operation));
            problems.push(...staleProblems(`${readOperation.id} after ${operation.id}`, sent.body, read.body));
          }
        }
        if (resource?.list) {
          const item = await findInList(context, resource.list, source, (sent.body as Record<string, unknown>).id);
          if (!item) problems.push(`${resource.list.operationId} does not list what ${operation.id} created`);
          else problems.push(...roundTripProblems(context, `${resource.list.operationId} item after ${operation.id}`, request.body, operation, item, operation));
        }
      }
    }
    if (problems.length) throw new Error(problems.join('\n'));
  });

  const details = await fc.check(property, { numRuns: options.runs, seed: operationSeed(options.seed, operation.id), endOnFailure: false, markInterruptAsFailure: false });
  if (details.failed) {
    const counterexample = details.counterexample?.[0];
    const request = counterexample ? requests.get(counterexample) : undefined;
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      [
        `${operation.id}: a generated request breaks the contract (run ${details.numRuns} of ${options.runs}, shrunk ${details.numShrinks} times)`,
        error,
        `minimal input: ${JSON.stringify(counterexample)}`,
        `replay: CONTRACT_SEED=${options.seed} CONTRACT_RUNS=${options.runs} (fast-check seed ${details.seed}, path ${details.counterexamplePath})`,
        ...(request ? [`curl: ${curlLine(context.target.baseUrl, request, !operation.isPublic)}`] : []),
      ].join('\n'),
    );
  }
  if (details.numSkips > 0 && details.numRuns === 0) throw new Error(`${operation.id}: none of ${details.numSkips} generated inputs was valid against its schema (${invalid} invalid); the generator cannot read this schema`);
}
