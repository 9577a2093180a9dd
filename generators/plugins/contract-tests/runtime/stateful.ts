/**
 * The stateful checks: a resource's life from its links (create, read, update, read again,
 * delete, read -> 404, gone from its list), with round trips and stale reads checked at each step
 * (round-trip.ts), and the state machine of `x-state-machine`.
 */
import type { LinkCase, OperationCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, type Problem } from './findings.js';
import { send } from './harness.js';
import { findInList, linkedRequest, resourceOf, type LinkSource } from './links.js';
import { pathParamsOf, type RequestSpec, type Sent } from './request.js';
import { roundTripProblems, staleProblems } from './round-trip.js';
import type { SuiteContext } from './suite-context.js';

type Json = Record<string, unknown>;

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
