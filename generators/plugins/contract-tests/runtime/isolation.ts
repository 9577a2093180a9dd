/**
 * Tenancy and the lifetime of objects, from the resources the links describe:
 * - cross-tenant (OWASP API1, RESTler's namespace rule): with another account's key
 *   (CONTRACT_OTHER_ACCOUNT_KEY) every operation on an object the suite created, and on its
 *   sub-resources, answers 404 as if it did not exist, changes nothing, and the object is in none of
 *   that account's lists; what the other account creates is just as invisible to the suite's key;
 * - use after free and hierarchy: after a delete, every operation on the object and on its
 *   sub-resources answers 404 (a second delete too), and its children are gone.
 * What refused creates leave behind is leakage.ts's; parallel creates with one key, idempotency.ts's.
 */
import { randomUUID } from 'node:crypto';
import type { OperationCase, ResourceCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, type Problem } from './findings.js';
import { send } from './harness.js';
import { findInList, linkedRequest, resourceOf, type LinkSource } from './links.js';
import { acceptOf, pathParamsOf, pathParamValue, type RequestSpec, type Sent } from './request.js';
import { staleProblems } from './round-trip.js';
import { fillPath } from './serialize.js';
import type { SuiteContext } from './suite-context.js';

type Json = Record<string, unknown>;
const paramsOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

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
  path?: string | undefined;
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
  return { made: madeBy(context, resource, create, request, sent), problems };
}

/** What a create that succeeded made: where its links start and the path values that reach it. */
function madeBy(
  context: SuiteContext,
  resource: ResourceCase,
  create: OperationCase,
  request: RequestSpec,
  sent: Sent,
): Made {
  const source: LinkSource = {
    requestPath: pathParamsOf(create.path, request.path),
    requestQuery: request.query,
    responseBody: sent.body,
  };
  const path = itemPath(context, resource);
  const values: Record<string, string> = { ...source.requestPath };
  const own = path ? paramsOf(path).find((name) => !Object.hasOwn(values, name)) : undefined;
  if (own) values[own] = String((sent.body as Json).id);
  return { resource, create, request, sent, source, values, ...(path ? { path } : {}) };
}

/** One object of each resource created under `made` (its children); a create that fails is left out (its own checks say why). */
async function makeChildren(context: SuiteContext, made: Made): Promise<Made[]> {
  const children: Made[] = [];
  for (const child of made.path ? childrenOf(context, made.path) : []) {
    const create = context.operation(child.create);
    const request = requestOn(context, create, made.values);
    const sent = await send(context.target, request);
    if (sent.status < 300) children.push(madeBy(context, child, create, request, sent));
  }
  return children;
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
  const children = await makeChildren(context, made);
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
  const children = await makeChildren(context, made);
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
