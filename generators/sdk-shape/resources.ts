/**
 * Where each operation lives in an SDK: its resource chain (from the path's literal segments,
 * after an optional version prefix) and its method name (the conventional verb when it is unique
 * on that resource, else a name from the operationId, else a numeric suffix). Names are canonical
 * camelCase words; each language's emitter spells them its own way (TypeScript as they are,
 * Python in snake_case) and keeps them unique in its own scopes.
 */
import type { IrOperation } from '../core/ir.js';
import { camelCase } from '../core/naming.js';

/** One operation's place: `client.nature.subjects.create(...)` is resource ["nature", "subjects"], method "create". */
export interface OperationPlace {
  operation: IrOperation;
  resource: string[];
  methodName: string;
}

/** A node of the resource tree: its chain from the client, child resources and operations in spec order. */
export interface ResourceNode<Place extends OperationPlace = OperationPlace> {
  chain: string[];
  children: Array<ResourceNode<Place>>;
  operations: Place[];
}

/**
 * Member names a method cannot take in any SDK: `then` would make every resource a thenable (an
 * `await client.things` would call it), the others belong to every object or resource class.
 */
export const RESERVED_MEMBERS = new Set(['constructor', '_client', 'prototype', 'then']);

/**
 * Literal path segments after an optional version prefix: the client's resource chain. A segment
 * that starts with text and then a parameter names its resource by the text (`/user{ext}` -> user).
 */
function literalSegments(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const start = segments.length > 0 && /^v\d+(\.\d+)*$/i.test(segments[0]) ? 1 : 0;
  return segments
    .slice(start)
    .map((segment) => segment.replace(/\{.*$/s, ''))
    .filter((segment) => /[A-Za-z0-9]/.test(segment))
    .map(camelCase);
}

function conventionalVerb(
  operation: IrOperation,
  pathMethods: Set<string>,
  hasItemPath: boolean,
): { resource: string[]; verb?: string } {
  const segments = operation.path.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const lastIsParam = last.includes('{');
  const resource = literalSegments(operation.path);
  // POST-only on a literal after a parameter is an action on the item: /payments/{id}/confirm -> payments.confirm(id)
  const previousIsParam = (segments.at(-2) ?? '').includes('{');
  if (
    operation.method === 'post' &&
    !lastIsParam &&
    previousIsParam &&
    pathMethods.size === 1 &&
    resource.length > 1
  ) {
    return { resource: resource.slice(0, -1), verb: resource.at(-1) };
  }
  switch (operation.method) {
    case 'get': {
      // An item path pages as a list only by our cursor envelope: one that pages otherwise (GitHub's
      // /users/{username}/events/orgs/{org}) keeps the name it had before those styles were detected.
      if (lastIsParam)
        return { resource, verb: operation.pagination?.style === 'cursor' ? 'list' : 'retrieve' };
      return {
        resource,
        verb: operation.pagination || isArrayResponse(operation) || hasItemPath ? 'list' : 'retrieve',
      };
    }
    case 'post':
      return { resource, verb: lastIsParam ? undefined : 'create' };
    case 'put':
    case 'patch':
      return { resource, verb: 'update' };
    case 'delete':
      return { resource, verb: 'delete' };
    default:
      return { resource };
  }
}

function isArrayResponse(operation: IrOperation): boolean {
  const success = operation.responses.find((response) => response.status === operation.successStatus);
  return typeof success?.schema === 'object' && success.schema.type === 'array';
}

/** A method name from the operationId: "repos/list-for-org" -> "listForOrg". */
function nameFromOperationId(operation: IrOperation): string {
  const tail = operation.id.split(/[/.]/).filter(Boolean).at(-1) ?? operation.id;
  return camelCase(tail);
}

/**
 * Places every operation on a resource (from its path) under a method name: the conventional
 * verb (list/create/retrieve/update/delete) when it is unique on that resource, otherwise a name
 * from the operationId; finally anything still clashing gets a numeric suffix. A method never
 * takes the name of a child resource of its resource, nor a RESERVED_MEMBERS name.
 */
export function placeOperations(operations: IrOperation[]): OperationPlace[] {
  const methodsByPath = new Map<string, Set<string>>();
  for (const operation of operations) {
    const set = methodsByPath.get(operation.path) ?? new Set<string>();
    set.add(operation.method);
    methodsByPath.set(operation.path, set);
  }
  // Paths with an item path: one more segment that is a parameter ("/things" of "/things/{id}").
  const withItemPath = new Set<string>();
  for (const other of methodsByPath.keys()) {
    const last = other.lastIndexOf('/');
    if (other[last + 1] === '{') withItemPath.add(other.slice(0, last));
  }
  const places: OperationPlace[] = operations.map((operation) => {
    const hasItemPath = withItemPath.has(operation.path);
    const { resource, verb } = conventionalVerb(operation, methodsByPath.get(operation.path)!, hasItemPath);
    return { operation, resource, methodName: verb ?? nameFromOperationId(operation) };
  });
  const key = (place: OperationPlace) => `${place.resource.join('.')}#${place.methodName}`;
  const counts = new Map<string, number>();
  for (const place of places) counts.set(key(place), (counts.get(key(place)) ?? 0) + 1);
  // Child resource names on each resource: a method must not shadow one.
  const children = new Map<string, Set<string>>();
  for (const place of places) {
    for (let depth = 0; depth < place.resource.length; depth += 1) {
      const parent = place.resource.slice(0, depth).join('.');
      const set = children.get(parent) ?? new Set<string>();
      set.add(place.resource[depth]);
      children.set(parent, set);
    }
  }
  for (const place of places) {
    const clashes =
      (counts.get(key(place)) ?? 0) > 1 ||
      children.get(place.resource.join('.'))?.has(place.methodName) ||
      RESERVED_MEMBERS.has(place.methodName);
    if (clashes) place.methodName = nameFromOperationId(place.operation);
  }
  const taken = new Set<string>();
  for (const place of places) {
    const childNames = children.get(place.resource.join('.'));
    let name = place.methodName;
    for (
      let suffix = 2;
      taken.has(`${place.resource.join('.')}#${name}`) || childNames?.has(name) || RESERVED_MEMBERS.has(name);
      suffix += 1
    ) {
      name = `${place.methodName}${suffix}`;
    }
    place.methodName = name;
    taken.add(`${place.resource.join('.')}#${name}`);
  }
  return places;
}

/** The resource tree: children and operations in the order operations appear in the spec. */
export function resourceTree<Place extends OperationPlace>(places: Place[]): ResourceNode<Place> {
  const root: ResourceNode<Place> = { chain: [], children: [], operations: [] };
  for (const place of places) {
    let node = root;
    for (const segment of place.resource) {
      let child = node.children.find((candidate) => candidate.chain.at(-1) === segment);
      if (!child) {
        child = { chain: [...node.chain, segment], children: [], operations: [] };
        node.children.push(child);
      }
      node = child;
    }
    node.operations.push(place);
  }
  return root;
}
