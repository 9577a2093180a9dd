/**
 * The stateful checks: a resource's life from its links (create, read, update, read again,
 * delete, read -> 404, gone from its list), round trips (what was sent comes back as sent),
 * the state machine of `x-state-machine`, and paging completeness over lists the suite filled.
 */
import { writeOnlyProperties } from './arbitraries.js';
import type { Cases, LinkCase, OperationCase, ResourceCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, ProblemsError, type Problem } from './findings.js';
import {
  acceptOf,
  pathParamsOf,
  pathParamValue,
  send,
  walk,
  type RequestSpec,
  type Sent,
  type SpecValidator,
  type Target,
} from './harness.js';
import type { Expectation } from './judge.js';
import { fillPath } from './serialize.js';

type Json = Record<string, unknown>;

/** What the stateful checks need from the suite. */
export interface SuiteContext {
  cases: Cases;
  target: Target;
  validator: SpecValidator;
  operation(id: string): OperationCase;
  /** The operation's positive request, with fresh path IDs (made with `key`, default the target's) and tagged bodies. */
  request(operation: OperationCase, key?: string | null): Promise<RequestSpec>;
  /** A request checked against its schemas (an invalid example replaced by a generated value). */
  valid(operation: OperationCase, request: RequestSpec): RequestSpec;
  /** Adds this run's tag to a create's body. */
  tag(operation: OperationCase, body: unknown): unknown;
  readonly runId: string;
  /** Judges an answer against the spec and what the check expected (judge.ts). */
  problems(
    operation: OperationCase,
    sent: Sent,
    expectation: Expectation,
    check: string,
    request?: RequestSpec,
    label?: string,
    fix?: string,
  ): Problem[];
}

/** Where a link's parameter values come from. */
export interface LinkSource {
  requestPath: Record<string, string>;
  requestQuery?: Record<string, unknown>;
  responseBody: unknown;
}

function pointer(value: unknown, path: string): unknown {
  return path
    .split('/')
    .slice(1)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined),
      value,
    );
}

/** A runtime expression (`$response.body#/id`, `$request.path.x`, `$request.query.x`) or a constant. */
export function evaluateExpression(expression: string, source: LinkSource): unknown {
  if (expression.startsWith('$response.body'))
    return pointer(source.responseBody, expression.slice('$response.body'.length).replace(/^#/, ''));
  if (expression.startsWith('$request.path.'))
    return source.requestPath[expression.slice('$request.path.'.length)];
  if (expression.startsWith('$request.query.'))
    return source.requestQuery?.[expression.slice('$request.query.'.length)];
  return expression;
}

/** The request a link leads to: its operation's path filled from the link's parameters. */
export function linkedRequest(
  context: SuiteContext,
  link: LinkCase,
  source: LinkSource,
  body?: unknown,
): RequestSpec {
  const operation = context.operation(link.operationId);
  const values: Record<string, unknown> = {};
  for (const [, name] of operation.path.matchAll(/\{([^}]+)\}/g)) {
    const value =
      link.parameters[name] !== undefined
        ? evaluateExpression(link.parameters[name], source)
        : source.requestPath[name];
    if (value === undefined || value === null) {
      throw new ProblemsError([
        {
          class: 'spec',
          check: 'links',
          message: `link to ${operation.id}: no value for path parameter ${name} (${link.parameters[name] ?? 'not in the link'})`,
          operation: operation.id,
          pointer: operation.pointer,
          fix: `Give the link to ${operation.id} a value for ${name} (a runtime expression such as $response.body#/id).`,
          key: `spec|link|${operation.id}|${name}`,
        },
      ]);
    }
    values[name] = pathParamValue(operation, name, String(value));
  }
  const query = { ...operation.query };
  for (const param of Object.keys(link.parameters))
    if (!operation.path.includes(`{${param}}`))
      query[param] = evaluateExpression(link.parameters[param], source);
  return {
    method: operation.method,
    path: fillPath(operation.path, operation.parameters ?? [], values),
    query,
    headers: operation.headers,
    params: operation.parameters,
    auth: operation.auth,
    ...(acceptOf(operation) ? { accept: acceptOf(operation) } : {}),
    ...(body !== undefined
      ? { body, contentType: operation.bodyContentType }
      : operation.body !== undefined && operation.method !== 'get' && operation.method !== 'delete'
        ? { body: operation.body, contentType: operation.bodyContentType }
        : {}),
  };
}

const isDateTime = (value: unknown) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) &&
  !Number.isNaN(Date.parse(value));

/** Where `got` differs from what was `sent` ("" when it contains it): arrays by inclusion, objects by their sent keys. */
export function echoDifference(sent: unknown, got: unknown, at = ''): string | undefined {
  if (sent === got) return undefined;
  if (isDateTime(sent) && isDateTime(got) && Date.parse(sent as string) === Date.parse(got as string))
    return undefined;
  if (Array.isArray(sent)) {
    if (!Array.isArray(got)) return `${at || '/'}: sent an array, got ${JSON.stringify(got)}`;
    for (const [index, item] of sent.entries())
      if (!got.some((candidate) => echoDifference(item, candidate) === undefined))
        return `${at}/${index}: sent ${JSON.stringify(item)}, not among ${JSON.stringify(got).slice(0, 300)}`;
    return undefined;
  }
  if (sent && typeof sent === 'object') {
    if (!got || typeof got !== 'object' || Array.isArray(got))
      return `${at || '/'}: sent ${JSON.stringify(sent).slice(0, 200)}, got ${JSON.stringify(got)}`;
    for (const [key, value] of Object.entries(sent)) {
      const difference = echoDifference(value, (got as Json)[key], `${at}/${key}`);
      if (difference) return difference;
    }
    return undefined;
  }
  return `${at || '/'}: sent ${JSON.stringify(sent)}, got ${JSON.stringify(got)}`;
}

/** Properties of the response schema of an operation's success (top level, allOf merged). */
function responseProperties(context: SuiteContext, operation: OperationCase): Set<string> | undefined {
  const success = Object.keys(operation.responses).find((status) => status.startsWith('2'));
  const schema = success ? operation.responses[success].schema : undefined;
  if (!schema) return undefined;
  const names = new Set<string>();
  const visit = (node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 8) return;
    const value = node as Json;
    if (typeof value.$ref === 'string') visit(resolveRef(context.cases, value.$ref), depth + 1);
    for (const name of Object.keys((value.properties as Json | undefined) ?? {})) names.add(name);
    for (const part of [...((value.allOf as unknown[]) ?? [])]) visit(part, depth + 1);
  };
  visit(schema, 0);
  return names.size ? names : undefined;
}

function resolveRef(cases: Cases, ref: string): unknown {
  const [, path = ''] = ref.split('#');
  return pointer(cases.sharedSchema, path);
}

/**
 * Round trip: every property of the body sent that the response schema also names comes back as
 * sent. One problem per property that did not, naming the operation and the property.
 */
export function roundTripProblems(
  context: SuiteContext,
  label: string,
  sentBody: unknown,
  operationAnswering: OperationCase,
  got: unknown,
  sentBy: OperationCase,
  request?: RequestSpec,
): Problem[] {
  if (!sentBody || typeof sentBody !== 'object' || Array.isArray(sentBody)) return [];
  const shared = responseProperties(context, operationAnswering);
  // writeOnly properties (a password, a card number) are sent and rightly never answered.
  const writeOnly = sentBy.generation.body
    ? writeOnlyProperties(context.cases.sharedSchema, sentBy.generation.body)
    : new Set<string>();
  const problems: Problem[] = [];
  for (const [name, value] of Object.entries(sentBody as Json)) {
    if ((shared && !shared.has(name)) || writeOnly.has(name)) continue;
    const difference = echoDifference(value, (got as Json | undefined)?.[name], `/${name}`);
    if (difference) {
      problems.push(
        against(
          context.target,
          'round_trip',
          `${label}: property ${name} did not come back as sent: ${difference}`,
          {
            operation: operationAnswering.id,
            pointer: operationAnswering.pointer,
            fix: `What ${sentBy.id} stores must come back as sent: ${name} is lost or changed.`,
            key: `${context.target.mock ? 'mock' : 'target'}|round_trip|${label}|${name}`,
            ...(request ? { curl: curlLine(context.target, request) } : {}),
          },
        ),
      );
    }
  }
  return problems;
}

/** Properties on which a later read differs from an earlier answer about the same resource. */
export function staleProblems(
  context: SuiteContext,
  operation: OperationCase,
  label: string,
  before: unknown,
  after: unknown,
): Problem[] {
  if (!before || typeof before !== 'object' || !after || typeof after !== 'object') return [];
  return Object.keys(before as Json)
    .filter(
      (name) =>
        name in (after as Json) &&
        JSON.stringify((before as Json)[name]) !== JSON.stringify((after as Json)[name]),
    )
    .map((name) =>
      against(
        context.target,
        'stale_read',
        `${label}: property ${name} reads back as ${JSON.stringify((after as Json)[name]).slice(0, 200)}, but was ${JSON.stringify((before as Json)[name]).slice(0, 200)}`,
        {
          operation: operation.id,
          pointer: operation.pointer,
          fix: `${operation.id} must read back what the last write answered (no stale reads).`,
          key: `${context.target.mock ? 'mock' : 'target'}|stale_read|${label}|${name}`,
        },
      ),
    );
}

const problemOf = (
  context: SuiteContext,
  operation: OperationCase,
  check: string,
  message: string,
  fix: string,
  request?: RequestSpec,
): Problem =>
  against(context.target, check, message, {
    operation: operation.id,
    pointer: operation.pointer,
    fix,
    ...(request ? { curl: curlLine(context.target, request) } : {}),
  });

/** Looks for an item by ID in a list, from its first page (the largest allowed) until found or the list ends. */
export async function findInList(
  context: SuiteContext,
  link: LinkCase,
  source: LinkSource,
  id: unknown,
  key?: string | null,
): Promise<Json | undefined> {
  const list = context.operation(link.operationId);
  const paging = list.pagination!;
  const itemsOf = (page: Record<string, unknown>) =>
    Array.isArray(page[paging.dataField]) ? (page[paging.dataField] as Json[]) : [];
  const pages = await walk(
    context.target,
    list,
    { ...linkedRequest(context, link, source), ...(key !== undefined ? { key } : {}) },
    'forward',
    {
      limit: paging.limit?.maximum,
      enough: (sofar) => itemsOf(sofar.at(-1)!).some((item) => item.id === id),
    },
  );
  return pages.flatMap(itemsOf).find((item) => item.id === id);
}

export function resourceOf(cases: Cases, createId: string): ResourceCase {
  const resource = cases.resources.find((candidate) => candidate.create === createId);
  if (!resource) throw new Error(`no resource is created by ${createId}`);
  return resource;
}

/** create, read, update, read again, delete, read -> 404, gone from the list. */
export async function lifecycle(context: SuiteContext, createId: string): Promise<Problem[]> {
  const resource = resourceOf(context.cases, createId);
  const create = context.operation(createId);
  const request = await context.request(create);
  const created = await send(context.target, request);
  const problems = context.problems(
    create,
    created,
    { kind: 'success' },
    'ensure_resource_availability',
    request,
    'create',
  );
  if (created.status >= 300) return problems;
  problems.push(
    ...roundTripProblems(
      context,
      `${create.id} response`,
      request.body,
      create,
      created.body,
      create,
      request,
    ),
  );
  const source: LinkSource = {
    requestPath: pathParamsOf(create.path, request.path),
    requestQuery: request.query,
    responseBody: created.body,
  };
  const id = (created.body as Json).id;
  let current: unknown = created.body;
  const read = async (step: string): Promise<Sent | undefined> => {
    if (!resource.read) return undefined;
    const operation = context.operation(resource.read.operationId);
    const readRequest = linkedRequest(context, resource.read, source);
    const sent = await send(context.target, readRequest);
    problems.push(
      ...context.problems(
        operation,
        sent,
        { kind: 'success' },
        'ensure_resource_availability',
        readRequest,
        step,
      ),
    );
    return sent;
  };
  const afterCreate = await read('read after create');
  const reader = resource.read ? context.operation(resource.read.operationId) : undefined;
  if (afterCreate && afterCreate.status < 300) {
    problems.push(
      ...roundTripProblems(
        context,
        `${reader!.id} after ${create.id}`,
        request.body,
        reader!,
        afterCreate.body,
        create,
        request,
      ),
    );
    problems.push(
      ...staleProblems(context, reader!, `${reader!.id} after ${create.id}`, current, afterCreate.body),
    );
  }
  if (resource.list) {
    const lister = context.operation(resource.list.operationId);
    const item = await findInList(context, resource.list, source, id);
    if (!item)
      problems.push(
        problemOf(
          context,
          lister,
          'ensure_resource_availability',
          `${lister.id} does not list the ${String(id)} that ${create.id} created`,
          `${lister.id} must list what ${create.id} created.`,
        ),
      );
    else {
      problems.push(
        ...roundTripProblems(
          context,
          `${lister.id} item after ${create.id}`,
          request.body,
          create,
          item,
          create,
          request,
        ),
      );
      problems.push(...staleProblems(context, lister, `${lister.id} item after ${create.id}`, current, item));
    }
  }
  if (resource.update) {
    const operation = context.operation(resource.update.operationId);
    const update = linkedRequest(context, resource.update, source);
    const updated = await send(context.target, update);
    problems.push(
      ...context.problems(
        operation,
        updated,
        { kind: 'success' },
        'ensure_resource_availability',
        update,
        'update',
      ),
    );
    if (updated.status < 300) {
      problems.push(
        ...roundTripProblems(
          context,
          `${operation.id} response`,
          update.body,
          operation,
          updated.body,
          operation,
          update,
        ),
      );
      current = updated.body;
      const afterUpdate = await read(`read after ${operation.id}`);
      if (afterUpdate && afterUpdate.status < 300) {
        problems.push(
          ...roundTripProblems(
            context,
            `${reader!.id} after ${operation.id}`,
            update.body,
            reader!,
            afterUpdate.body,
            operation,
            update,
          ),
        );
        problems.push(
          ...staleProblems(
            context,
            reader!,
            `${reader!.id} after ${operation.id}`,
            current,
            afterUpdate.body,
          ),
        );
      }
      if (resource.list) {
        const lister = context.operation(resource.list.operationId);
        const item = await findInList(context, resource.list, source, id);
        if (!item)
          problems.push(
            problemOf(
              context,
              lister,
              'ensure_resource_availability',
              `${lister.id} no longer lists ${String(id)} after ${operation.id}`,
              `${lister.id} must still list what ${operation.id} changed.`,
            ),
          );
        else
          problems.push(
            ...staleProblems(context, lister, `${lister.id} item after ${operation.id}`, current, item),
          );
      }
    }
  }
  if (resource.delete) {
    const operation = context.operation(resource.delete.operationId);
    const deleteRequest = linkedRequest(context, resource.delete, source);
    const deleted = await send(context.target, deleteRequest);
    problems.push(
      ...context.problems(
        operation,
        deleted,
        { kind: 'success' },
        'ensure_resource_availability',
        deleteRequest,
        'delete',
      ),
    );
    if (resource.read) {
      const readRequest = linkedRequest(context, resource.read, source);
      const after = await send(context.target, readRequest);
      if (after.status !== 404)
        problems.push(
          problemOf(
            context,
            reader!,
            'use_after_free',
            `${reader!.id} after ${operation.id}: expected 404, got ${after.status}: ${after.text.slice(0, 200)}`,
            `After ${operation.id}, ${reader!.id} must answer 404.`,
            readRequest,
          ),
        );
      else
        problems.push(
          ...context.problems(
            reader!,
            after,
            { kind: 'refusal', status: 404 },
            'use_after_free',
            readRequest,
            `after ${operation.id}`,
          ),
        );
    }
    if (resource.list && (await findInList(context, resource.list, source, id))) {
      const lister = context.operation(resource.list.operationId);
      problems.push(
        problemOf(
          context,
          lister,
          'use_after_free',
          `${lister.id} still lists ${String(id)} after ${operation.id}`,
          `${lister.id} must not list what ${operation.id} deleted.`,
        ),
      );
    }
  }
  return problems;
}

/**
 * The state machine: a new resource is in its initial state; each transition moves it and a read
 * agrees; from a final state every transition operation gets 409 (or a documented 4xx) and
 * changes nothing.
 */
export async function stateMachine(context: SuiteContext, schema: string): Promise<Problem[]> {
  const machine = context.cases.stateMachines.find((candidate) => candidate.schema === schema)!;
  const resource = context.cases.resources.find((candidate) => candidate.create === machine.create);
  const create = context.operation(machine.create);
  const request = await context.request(create);
  const created = await send(context.target, request);
  const problems = context.problems(create, created, { kind: 'success' }, 'state_machine', request, 'create');
  if (created.status >= 300) return problems;
  const source: LinkSource = {
    requestPath: pathParamsOf(create.path, request.path),
    requestQuery: request.query,
    responseBody: created.body,
  };
  const stateOf = (body: unknown) => (body as Json | undefined)?.[machine.property];
  const reader = resource?.read ? context.operation(resource.read.operationId) : undefined;
  if (stateOf(created.body) !== machine.initial)
    problems.push(
      problemOf(
        context,
        create,
        'state_machine',
        `${create.id}: a new ${schema} has ${machine.property} ${JSON.stringify(stateOf(created.body))}, expected ${machine.initial}`,
        `A new ${schema} must start in ${machine.initial} (x-state-machine).`,
        request,
      ),
    );
  const linkTo = (operationId: string): LinkCase =>
    [resource?.update, resource?.read, resource?.delete].find(
      (link) => link?.operationId === operationId,
    ) ?? { operationId, parameters: inferredParameters(context.operation(operationId), create) };
  const readBack = async (): Promise<Sent | undefined> =>
    resource?.read ? send(context.target, linkedRequest(context, resource.read, source)) : undefined;
  let state = machine.initial;
  const visited = new Set<string>();
  while (!machine.final.includes(state) && !visited.has(state)) {
    visited.add(state);
    const transition = machine.transitions.find(
      (candidate) => candidate.from === state && candidate.to !== state,
    );
    if (!transition) break;
    const operation = context.operation(transition.operationId);
    const move = linkedRequest(context, linkTo(operation.id), source, transition.body);
    const moved = await send(context.target, move);
    problems.push(
      ...context.problems(
        operation,
        moved,
        { kind: 'success' },
        'state_machine',
        move,
        `${state} -> ${transition.to}`,
      ),
    );
    if (moved.status >= 300) return problems;
    if (stateOf(moved.body) !== transition.to)
      problems.push(
        problemOf(
          context,
          operation,
          'state_machine',
          `${operation.id} (${state} -> ${transition.to}): the answer has ${machine.property} ${JSON.stringify(stateOf(moved.body))}`,
          `${operation.id} must move a ${schema} from ${state} to ${transition.to}.`,
          move,
        ),
      );
    const read = await readBack();
    if (read && stateOf(read.body) !== transition.to)
      problems.push(
        problemOf(
          context,
          reader!,
          'stale_read',
          `${reader!.id} after ${operation.id} (${state} -> ${transition.to}): ${machine.property} reads back as ${JSON.stringify(stateOf(read.body))}, expected ${transition.to}`,
          `${reader!.id} must read back the state ${operation.id} answered.`,
        ),
      );
    if (read)
      problems.push(
        ...staleProblems(context, reader!, `${reader!.id} after ${operation.id}`, moved.body, read.body),
      );
    state = transition.to;
  }
  if (!machine.final.includes(state)) return problems;
  const before = await readBack();
  for (const operationId of [...new Set(machine.transitions.map((transition) => transition.operationId))]) {
    const operation = context.operation(operationId);
    const transition = machine.transitions.find((candidate) => candidate.operationId === operationId)!;
    const attempt = linkedRequest(context, linkTo(operationId), source, transition.body);
    const refused = await send(context.target, attempt);
    const wanted = operation.responses['409'] ? 409 : undefined;
    problems.push(
      ...context.problems(
        operation,
        refused,
        { kind: 'refusal', ...(wanted ? { status: wanted } : {}) },
        'state_machine',
        attempt,
        `${operation.id} on a ${state} ${schema} (a final state)`,
      ),
    );
    const after = await readBack();
    if (before && after)
      problems.push(
        ...staleProblems(
          context,
          reader!,
          `${reader!.id} after a refused ${operation.id}`,
          before.body,
          after.body,
        ),
      );
  }
  return problems;
}

function inferredParameters(target: OperationCase, create: OperationCase): Record<string, string> {
  const names = target.pathParams.map((param) => param.name);
  const own = new Set(create.pathParams.map((param) => param.name));
  return Object.fromEntries(
    names.map((name, index) => [
      name,
      index === names.length - 1 && !own.has(name) ? '$response.body#/id' : `$request.path.${name}`,
    ]),
  );
}
