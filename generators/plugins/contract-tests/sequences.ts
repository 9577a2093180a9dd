/**
 * Deriving stateful sequences: for each create operation, what reads, updates, deletes and lists
 * the resource it makes, from the OpenAPI links of its response (inferred from paths and schemas
 * when the spec declares none), and the state machines declared with `x-state-machine`.
 */
import type { Ir, IrOperation } from '../../core/ir.js';
import { schemaRefName } from '../../core/refs.js';
import type { LinkCase, ResourceCase, StateMachineCase } from './runtime/cases.js';
import { cursorPaging, requestValue } from './derive.js';

const successOf = (operation: IrOperation) =>
  operation.responses.find((response) => response.status === operation.successStatus);
const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

/** The ID field of a create's response, when its schema has one (`id`). */
function idField(ir: Ir, operation: IrOperation): string | undefined {
  const properties = ir.model.flatten(successOf(operation)?.schema).properties ?? {};
  return 'id' in properties ? 'id' : undefined;
}

function isCreate(ir: Ir, operation: IrOperation): boolean {
  return (
    operation.method === 'post' &&
    /^2/.test(operation.successStatus ?? '') &&
    Boolean(successOf(operation)?.isJson) &&
    idField(ir, operation) !== undefined
  );
}

/** A link to `target` where the last path parameter is the created ID and the others come from the create's own path. */
function inferredLink(create: IrOperation, target: IrOperation): LinkCase {
  const params = pathParams(target.path);
  const own = new Set(pathParams(create.path));
  return {
    operationId: target.id,
    parameters: Object.fromEntries(
      params.map((name, index) => [
        name,
        index === params.length - 1 && !own.has(name) ? '$response.body#/id' : `$request.path.${name}`,
      ]),
    ),
  };
}

function classify(resource: ResourceCase, create: IrOperation, target: IrOperation, link: LinkCase): void {
  if (target.method === 'get' && cursorPaging(target) && target.path === create.path) resource.list ??= link;
  else if (
    target.method === 'get' &&
    !cursorPaging(target) &&
    Object.values(link.parameters).some((value) => value.startsWith('$response.body'))
  )
    resource.read ??= link;
  else if (
    (target.method === 'patch' || target.method === 'put') &&
    Object.values(link.parameters).some((value) => value.startsWith('$response.body'))
  )
    resource.update ??= link;
  else if (target.method === 'delete') resource.delete ??= link;
}

export function resourceCases(ir: Ir): ResourceCase[] {
  const byId = new Map(ir.operations.map((operation) => [operation.id, operation]));
  // Looked up for every create against every operation: made once each.
  const paramCounts = new Map(
    ir.operations.map((operation) => [operation, pathParams(operation.path).length]),
  );
  const successRefs = new Map(
    ir.operations.map((operation) => [operation, schemaRefName(successOf(operation)?.schema)]),
  );
  const resources: ResourceCase[] = [];
  for (const create of ir.operations.filter((operation) => isCreate(ir, operation))) {
    const itemParams = paramCounts.get(create)! + 1;
    const links =
      successOf(create)?.links.filter((link) => link.operationId && byId.has(link.operationId)) ?? [];
    const resource: ResourceCase = { create: create.id, source: links.length ? 'links' : 'inferred' };
    if (links.length) {
      for (const link of links)
        classify(resource, create, byId.get(link.operationId!)!, {
          operationId: link.operationId!,
          parameters: link.parameters,
        });
    } else {
      // The item path: a GET with one more path parameter answering the create's schema (or, without a named schema, create path + /{id}).
      const ref = successRefs.get(create);
      const readOp = ir.operations.find(
        (candidate) =>
          candidate.method === 'get' &&
          !cursorPaging(candidate) &&
          candidate.path !== create.path &&
          paramCounts.get(candidate) === itemParams &&
          candidate.path.endsWith('}') &&
          (ref ? successRefs.get(candidate) === ref : candidate.path.startsWith(`${create.path}/`)),
      );
      const itemPath =
        readOp?.path ??
        ir.operations.find(
          (candidate) =>
            candidate.method === 'delete' &&
            candidate.path.startsWith(`${create.path}/{`) &&
            paramCounts.get(candidate) === itemParams,
        )?.path;
      for (const target of ir.operations.filter(
        (candidate) =>
          candidate !== create &&
          (candidate.path === itemPath || (candidate.path === create.path && candidate.method === 'get')),
      )) {
        classify(resource, create, target, inferredLink(create, target));
      }
    }
    if (resource.read || resource.update || resource.delete || resource.list) resources.push(resource);
  }
  return resources;
}

/**
 * `x-state-machine` on a resource schema (spec/DECISIONS.md):
 * `{property, initial, transitions: [{from, to, operation}]}`. The request of a transition is the
 * operation's example whose body sets `property` to `to`, else a sample with that value.
 */
export function stateMachineCases(ir: Ir): StateMachineCase[] {
  const machines: StateMachineCase[] = [];
  for (const { name, schema } of ir.schemas) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const machine = typeof schema === 'object' ? (schema as any)['x-state-machine'] : undefined;
    if (!machine || typeof machine.property !== 'string' || !Array.isArray(machine.transitions)) continue;
    const create = ir.operations.find(
      (operation) => isCreate(ir, operation) && schemaRefName(successOf(operation)?.schema) === name,
    );
    if (!create) continue;
    const transitions = machine.transitions.flatMap(
      (transition: { from: string; to: string; operation: string }) => {
        const operation = ir.operations.find((candidate) => candidate.id === transition.operation);
        if (!operation) return [];
        const example = operation.body?.examples.find(
          (value) => (value as Record<string, unknown> | undefined)?.[machine.property] === transition.to,
        );
        const body =
          example ??
          (operation.body?.isJson
            ? { ...(requestValue(ir, operation.body.schema) as object), [machine.property]: transition.to }
            : undefined);
        return [
          {
            from: String(transition.from),
            to: String(transition.to),
            operationId: operation.id,
            ...(body !== undefined ? { body } : {}),
          },
        ];
      },
    );
    const states = new Set<string>([
      String(machine.initial),
      ...transitions.flatMap((transition: { from: string; to: string }) => [transition.from, transition.to]),
    ]);
    const final = [...states].filter(
      (state) =>
        !transitions.some(
          (transition: { from: string; to: string }) => transition.from === state && transition.to !== state,
        ),
    );
    machines.push({
      schema: name,
      create: create.id,
      property: machine.property,
      initial: String(machine.initial),
      transitions,
      final,
    });
  }
  return machines;
}
