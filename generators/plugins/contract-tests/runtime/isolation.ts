/**
 * Tenancy and the lifetime of objects, from the resources the links describe:
 * - cross-tenant (OWASP API1, RESTler's namespace rule): with another account's key
 *   (CONTRACT_OTHER_ACCOUNT_KEY) every operation on an object the suite created, and on its
 *   sub-resources, answers 404 as if it did not exist, changes nothing, and the object is in none of
 *   that account's lists; what the other account creates is just as invisible to the suite's key;
 * - use after free and hierarchy: after a delete, every operation on the object and on its
 *   sub-resources answers 404 (a second delete too), and its children are gone;
 * - leakage: a refused create leaves nothing behind in any list;
 * - concurrency: the same idempotency key sent in parallel creates one object.
 */
import { randomUUID } from 'node:crypto';
import type { OperationCase, ResourceCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, type Problem } from './findings.js';
import {
  acceptOf,
  pathParamsOf,
  pathParamValue,
  send,
  walk,
  type RequestSpec,
  type Sent,
} from './harness.js';
import { fillPath } from './serialize.js';
import {
  findInList,
  linkedRequest,
  resourceOf,
  staleProblems,
  type LinkSource,
  type SuiteContext,
} from './stateful.js';

type Json = Record<string, unknown>;
const paramsOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

/** The path of one object of a resource: the path its read, update or delete works on. */
export function itemPath(context: SuiteContext, resource: ResourceCase): string | undefined {
  const link = resource.read ?? resource.delete ?? resource.update;
  return link ? context.operation(link.operationId).path : undefined;
}

/** Operations on an object and on its sub-resources whose path parameters are all known. */
function operationsOn(context: SuiteContext, path: string, known: Set<string>): OperationCase[] {
  return context.cases.operations.filter(
    (operation) =>
      (operation.path === path || operation.path.startsWith(`${path}/`)) &&
      paramsOf(operation.path).every((name) => known.has(name)),
  );
}

/** Resources created under an object's path (its children). */
function childrenOf(context: SuiteContext, path: string): ResourceCase[] {
  return context.cases.resources.filter((resource) =>
    context.operation(resource.create).path.startsWith(`${path}/`),
  );
}

/** An operation's request on known path values (no new parents made), its body the positive one. */
function requestOn(
  context: SuiteContext,
  operation: OperationCase,
  values: Record<string, unknown>,
  key?: string | null,
): RequestSpec {
  const typed = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, pathParamValue(operation, name, String(value))]),
  );
  const request: RequestSpec = {
    method: operation.method,
    path: fillPath(operation.path, operation.parameters ?? [], typed),
    query: operation.query,
    headers: {
      ...operation.headers,
      ...(operation.idempotencyHeader ? { [operation.idempotencyHeader]: `contract-${randomUUID()}` } : {}),
    },
    params: operation.parameters,
    auth: operation.auth,
    ...(acceptOf(operation) ? { accept: acceptOf(operation) } : {}),
    ...(operation.body !== undefined
      ? { body: context.tag(operation, operation.body), contentType: operation.bodyContentType }
      : {}),
    ...(key !== undefined ? { key } : {}),
  };
  return context.valid(operation, request);
}

interface Made {
  resource: ResourceCase;
  create: OperationCase;
  request: RequestSpec;
  sent: Sent;
  source: LinkSource;
  /** Path parameter values that identify the object (its parents' and its own). */
  values: Record<string, string>;
  path?: string;
}

/** Creates an object of a resource with `key` (parents made with the same key). */
async function make(
  context: SuiteContext,
  createId: string,
  key?: string | null,
): Promise<{ made?: Made; problems: Problem[] }> {
  const resource = resourceOf(context.cases, createId);
  const create = context.operation(createId);
  const request = { ...(await context.request(create, key)), ...(key !== undefined ? { key } : {}) };
  const sent = await send(context.target, request);
  const problems = context.problems(
    create,
    sent,
    { kind: 'success' },
    'ensure_resource_availability',
    request,
    'create',
  );
  if (sent.status >= 300) return { problems };
  const source: LinkSource = {
    requestPath: pathParamsOf(create.path, request.path),
    requestQuery: request.query,
    responseBody: sent.body,
  };
  const path = itemPath(context, resource);
  const values: Record<string, string> = { ...source.requestPath };
  const own = path ? paramsOf(path).find((name) => !(name in values)) : undefined;
  if (own) values[own] = String((sent.body as Json).id);
  return { made: { resource, create, request, sent, source, values, ...(path ? { path } : {}) }, problems };
}

/** Every operation on the object and its sub-resources (and, with `children`, on those) answers 404 with `key`. */
async function allGone(
  context: SuiteContext,
  made: Made,
  key: string | undefined,
  why: string,
  check: string,
  fix: (operation: OperationCase) => string,
  children: Made[] = [],
): Promise<Problem[]> {
  const problems: Problem[] = [];
  const targets = [made, ...children];
  for (const object of targets) {
    if (!object.path) continue;
    const known = new Set(Object.keys(object.values));
    for (const operation of operationsOn(context, object.path, known)) {
      const request = requestOn(context, operation, object.values, key);
      const sent = await send(context.target, request);
      problems.push(
        ...context.problems(
          operation,
          sent,
          { kind: 'refusal', status: 404 },
          check,
          request,
          `${operation.id} ${why}`,
          fix(operation),
        ),
      );
    }
  }
  return problems;
}

/** With another account's key: 404 everywhere on the suite's object, nothing changed, absent from that account's list; and the reverse. */
export async function crossTenant(context: SuiteContext, createId: string): Promise<Problem[]> {
  const other = context.target.otherAccountKey!;
  const { made, problems } = await make(context, createId);
  if (!made) return problems;
  const children: Made[] = [];
  for (const child of made.path ? childrenOf(context, made.path) : []) {
    const childCreate = context.operation(child.create);
    const request = requestOn(context, childCreate, made.values);
    const sent = await send(context.target, request);
    if (sent.status >= 300) continue; // its own checks say why
    const source: LinkSource = {
      requestPath: pathParamsOf(childCreate.path, request.path),
      requestQuery: request.query,
      responseBody: sent.body,
    };
    const path = itemPath(context, child);
    const values: Record<string, string> = { ...source.requestPath };
    const own = path ? paramsOf(path).find((name) => !(name in values)) : undefined;
    if (own) values[own] = String((sent.body as Json).id);
    children.push({
      resource: child,
      create: childCreate,
      request,
      sent,
      source,
      values,
      ...(path ? { path } : {}),
    });
  }
  const isolated = (operation: OperationCase) =>
    `${operation.id} must answer 404 to another account, as if the object did not exist, and change nothing (scope every lookup by the caller's account).`;
  problems.push(
    ...(await allGone(
      context,
      made,
      other,
      'with another account’s key',
      'cross_tenant',
      isolated,
      children,
    )),
  );
  // Still there, unchanged, for its own account.
  if (made.resource.read) {
    const reader = context.operation(made.resource.read.operationId);
    const readRequest = linkedRequest(context, made.resource.read, made.source);
    const read = await send(context.target, readRequest);
    if (read.status >= 300)
      problems.push(
        against(
          context.target,
          'cross_tenant',
          `${reader.id}: after another account tried to change and delete ${String((made.sent.body as Json).id)}, its own account gets ${read.status}`,
          {
            operation: reader.id,
            pointer: reader.pointer,
            fix: 'Another account’s update or delete must not touch this account’s objects.',
            curl: curlLine(context.target, readRequest),
          },
        ),
      );
    else
      problems.push(
        ...staleProblems(
          context,
          reader,
          `${reader.id} after another account’s attempts`,
          made.sent.body,
          read.body,
        ).map((problem) => ({ ...problem, check: 'cross_tenant' })),
      );
  }
  const id = (made.sent.body as Json).id;
  if (made.resource.list && paramsOf(context.operation(made.resource.list.operationId).path).length === 0) {
    const lister = context.operation(made.resource.list.operationId);
    if (await findInList(context, made.resource.list, made.source, id, other))
      problems.push(
        against(
          context.target,
          'cross_tenant',
          `${lister.id} with another account’s key lists ${String(id)}, which this account created`,
          {
            operation: lister.id,
            pointer: lister.pointer,
            fix: `${lister.id} must list only the caller’s account’s objects.`,
          },
        ),
      );
  }
  // The reverse: what the other account creates is invisible to the suite's key.
  const theirs = await make(context, createId, other);
  if (!theirs.made) {
    problems.push(
      ...theirs.problems.map((problem) => ({
        ...problem,
        message: `with another account’s key: ${problem.message}`,
      })),
    );
    return problems;
  }
  problems.push(
    ...(await allGone(
      context,
      theirs.made,
      undefined,
      'on what another account created',
      'cross_tenant',
      isolated,
    )),
  );
  if (
    theirs.made.resource.list &&
    paramsOf(context.operation(theirs.made.resource.list.operationId).path).length === 0
  ) {
    const lister = context.operation(theirs.made.resource.list.operationId);
    const theirId = (theirs.made.sent.body as Json).id;
    if (await findInList(context, theirs.made.resource.list, theirs.made.source, theirId))
      problems.push(
        against(
          context.target,
          'cross_tenant',
          `${lister.id} lists ${String(theirId)}, which another account created`,
          {
            operation: lister.id,
            pointer: lister.pointer,
            fix: `${lister.id} must list only the caller’s account’s objects.`,
          },
        ),
      );
  }
  return problems;
}

/** After a delete: 404 on every operation on the object and its sub-resources (a second delete too); its children are gone. */
export async function afterDelete(context: SuiteContext, createId: string): Promise<Problem[]> {
  const { made, problems } = await make(context, createId);
  if (!made) return problems;
  const children: Made[] = [];
  for (const child of made.path ? childrenOf(context, made.path) : []) {
    const childCreate = context.operation(child.create);
    const request = requestOn(context, childCreate, made.values);
    const sent = await send(context.target, request);
    if (sent.status >= 300) continue;
    const source: LinkSource = {
      requestPath: pathParamsOf(childCreate.path, request.path),
      requestQuery: request.query,
      responseBody: sent.body,
    };
    const path = itemPath(context, child);
    const values: Record<string, string> = { ...source.requestPath };
    const own = path ? paramsOf(path).find((name) => !(name in values)) : undefined;
    if (own) values[own] = String((sent.body as Json).id);
    children.push({
      resource: child,
      create: childCreate,
      request,
      sent,
      source,
      values,
      ...(path ? { path } : {}),
    });
  }
  const remover = context.operation(made.resource.delete!.operationId);
  const deleteRequest = linkedRequest(context, made.resource.delete!, made.source);
  const deleted = await send(context.target, deleteRequest);
  problems.push(
    ...context.problems(remover, deleted, { kind: 'success' }, 'use_after_free', deleteRequest, 'delete'),
  );
  if (deleted.status >= 300) return problems;
  problems.push(
    ...(await allGone(
      context,
      made,
      undefined,
      `after ${remover.id}`,
      'use_after_free',
      (operation) =>
        `After ${remover.id}, ${operation.id} must answer 404: the object and what hangs under it are gone.`,
      children,
    )),
  );
  for (const child of children) {
    const lister = child.resource.list ? context.operation(child.resource.list.operationId) : undefined;
    if (
      lister &&
      paramsOf(lister.path).length === 0 &&
      (await findInList(context, child.resource.list!, child.source, (child.sent.body as Json).id))
    ) {
      problems.push(
        against(
          context.target,
          'use_after_free',
          `${lister.id} still lists ${String((child.sent.body as Json).id)}, a child of what ${remover.id} deleted`,
          {
            operation: lister.id,
            pointer: lister.pointer,
            fix: `Deleting with ${remover.id} must remove the object's children too.`,
          },
        ),
      );
    }
  }
  return problems;
}

/** Items of a list whose tag field carries `marker`, walking the whole list (no page cap). */
async function tagged(
  context: SuiteContext,
  list: OperationCase,
  request: RequestSpec,
  field: string,
  marker: string,
): Promise<Json[]> {
  return (await everything(context, list, request)).filter(
    (item) => (item[field] as Json | undefined)?.contract_run === marker,
  );
}

/** Every item of a list (walked to its end, no page cap). */
async function everything(context: SuiteContext, list: OperationCase, request: RequestSpec): Promise<Json[]> {
  const paging = list.pagination!;
  const pages = await walk(context.target, list, request, 'forward', { limit: paging.limit?.maximum });
  return pages.flatMap((page) =>
    Array.isArray(page[paging.dataField]) ? (page[paging.dataField] as Json[]) : [],
  );
}

/** How a create's objects can be found in its list: under a fresh parent (isolated), or by a unique tag. */
export function leakageMode(context: SuiteContext, create: OperationCase): 'isolated' | 'tagged' | undefined {
  if (create.pathParams.some((param) => param.producer)) return 'isolated';
  return create.tag ? 'tagged' : undefined;
}

/** A create refused (invalid bodies, no key) leaves nothing behind in its list. */
export async function leakage(context: SuiteContext, createId: string): Promise<Problem[]> {
  const resource = resourceOf(context.cases, createId);
  const create = context.operation(createId);
  const lister = context.operation(resource.list!.operationId);
  const mode = leakageMode(context, create);
  const base = await context.request(create);
  const source: LinkSource = {
    requestPath: pathParamsOf(create.path, base.path),
    requestQuery: base.query,
    responseBody: {},
  };
  const listRequest = linkedRequest(context, resource.list!, source);
  // Each attempt carries its own marker (tagged mode), so what an accepted attempt made is told apart from a leak.
  const withMarker = (body: unknown, marker: string): unknown => {
    if (mode !== 'tagged' || !body || typeof body !== 'object' || Array.isArray(body)) return body;
    const field = create.tag!.field;
    const current = (body as Json)[field];
    if (current !== undefined && (!current || typeof current !== 'object' || Array.isArray(current)))
      return body;
    return { ...(body as Json), [field]: { ...((current as Json | undefined) ?? {}), contract_run: marker } };
  };
  const attempts: Array<{ request: RequestSpec; marker: string }> = [];
  for (const negative of create.negative.filter((candidate) => candidate.in === 'body')) {
    const marker = `${context.runId}_refused_${randomUUID().slice(0, 8)}`;
    const body = withMarker(negative.body, marker);
    // Only requests that are still invalid with the marker in them (the marker must not mend them).
    if (create.bodySchema && context.validator.violations(create.bodySchema, body, 'request').length === 0)
      continue;
    attempts.push({
      marker,
      request: {
        ...base,
        body,
        headers: {
          ...base.headers,
          ...(create.idempotencyHeader ? { [create.idempotencyHeader]: `contract-${randomUUID()}` } : {}),
        },
      },
    });
  }
  if (!create.isPublic) {
    const marker = `${context.runId}_refused_${randomUUID().slice(0, 8)}`;
    attempts.push({ marker, request: { ...base, key: null, body: withMarker(base.body, marker) } });
  }
  const refused: typeof attempts = [];
  let accepted = 0;
  for (const attempt of attempts) {
    const sent = await send(context.target, attempt.request);
    // An accepted invalid create is for the negative and credentials checks to report; here, what refusals leave.
    if (sent.status >= 400 && sent.status < 500) refused.push(attempt);
    else if (sent.status < 300) accepted += 1;
  }
  if (refused.length === 0) return [];
  const problems: Problem[] = [];
  const items = await everything(context, lister, listRequest);
  const markers = new Set(refused.map((attempt) => attempt.marker));
  const left =
    mode === 'isolated'
      ? items.slice(0, Math.max(0, items.length - accepted))
      : items.filter((item) =>
          markers.has(String((item[create.tag!.field] as Json | undefined)?.contract_run)),
        );
  if (left.length) {
    problems.push(
      against(
        context.target,
        'leakage',
        `${lister.id} lists ${left.length} item(s) after ${refused.length} refused ${create.id} request(s) (${left
          .map((item) => String(item.id))
          .slice(0, 5)
          .join(', ')})`,
        {
          operation: create.id,
          pointer: create.pointer,
          fix: `A refused ${create.id} must store nothing: validate (and authenticate) before writing, or write in a transaction that the refusal rolls back.`,
          curl: curlLine(context.target, refused[0].request),
        },
      ),
    );
  }
  if (mode === 'isolated') {
    // The list does show what a valid create makes: the emptiness above means something.
    const made = await send(context.target, {
      ...base,
      headers: {
        ...base.headers,
        ...(create.idempotencyHeader ? { [create.idempotencyHeader]: `contract-${randomUUID()}` } : {}),
      },
    });
    if (made.status < 300) {
      const after = await everything(context, lister, listRequest);
      if (after.length !== items.length + 1)
        problems.push(
          against(
            context.target,
            'leakage',
            `${lister.id} holds ${after.length} item(s) after one more valid ${create.id} under a parent that held ${items.length}`,
            {
              operation: lister.id,
              pointer: lister.pointer,
              fix: `${lister.id} must list exactly what was created under the parent.`,
            },
          ),
        );
    }
  }
  return problems;
}

/** The same idempotency key sent in parallel creates one object: every success carries one ID, the rest are documented conflicts. */
export async function concurrency(
  context: SuiteContext,
  operation: OperationCase,
  parallel = 5,
): Promise<Problem[]> {
  const resource = context.cases.resources.find((candidate) => candidate.create === operation.id);
  const base = await context.request(operation);
  const marker = `${context.runId}_parallel_${randomUUID().slice(0, 8)}`;
  const body =
    operation.tag && base.body && typeof base.body === 'object'
      ? {
          ...(base.body as Json),
          [operation.tag.field]: {
            ...((base.body as Json)[operation.tag.field] as Json | undefined),
            contract_run: marker,
          },
        }
      : base.body;
  const request: RequestSpec = {
    ...base,
    body,
    headers: { ...base.headers, [operation.idempotencyHeader!]: `contract-${randomUUID()}` },
  };
  const answers = await Promise.all(Array.from({ length: parallel }, () => send(context.target, request)));
  const problems: Problem[] = [];
  const ids = new Set<string>();
  for (const answer of answers) {
    if (answer.status >= 200 && answer.status < 300) {
      problems.push(
        ...context.problems(operation, answer, { kind: 'success' }, 'idempotency_concurrency', request),
      );
      ids.add(JSON.stringify((answer.body as Json | undefined)?.id));
    } else
      problems.push(
        ...context.problems(
          operation,
          answer,
          { kind: 'refusal', status: 409 },
          'idempotency_concurrency',
          request,
          `one of ${parallel} parallel requests with one ${operation.idempotencyHeader}`,
        ),
      );
  }
  const fix = `${operation.id} must create one object for one ${operation.idempotencyHeader}, also when the requests arrive together (lock or insert the key before creating).`;
  if (ids.size > 1)
    problems.push(
      against(
        context.target,
        'idempotency_concurrency',
        `${operation.id}: ${parallel} parallel requests with one ${operation.idempotencyHeader} answered ${ids.size} different objects: ${[...ids].join(', ')}`,
        { operation: operation.id, pointer: operation.pointer, fix, curl: curlLine(context.target, request) },
      ),
    );
  if (resource?.list && ids.size > 0) {
    const lister = context.operation(resource.list.operationId);
    const source: LinkSource = {
      requestPath: pathParamsOf(operation.path, request.path),
      requestQuery: request.query,
      responseBody: {},
    };
    const listRequest = linkedRequest(context, resource.list, source);
    const mode = leakageMode(context, operation);
    const found =
      mode === 'isolated'
        ? await everything(context, lister, listRequest)
        : mode === 'tagged'
          ? await tagged(context, lister, listRequest, operation.tag!.field, marker)
          : undefined;
    if (found && found.length !== 1)
      problems.push(
        against(
          context.target,
          'idempotency_concurrency',
          `${lister.id} holds ${found.length} objects after ${parallel} parallel ${operation.id} requests with one ${operation.idempotencyHeader}`,
          {
            operation: operation.id,
            pointer: operation.pointer,
            fix,
            curl: curlLine(context.target, request),
          },
        ),
      );
  }
  return problems;
}
