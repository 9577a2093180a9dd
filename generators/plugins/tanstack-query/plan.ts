/**
 * The hooks package's shape, decided once from the client's plan: per operation its names, whether
 * it is a query, a paged list (an infinite query too) or a mutation, its query key's resource chain,
 * and the client call it makes. Emitters only print this plan.
 */
import { pascalCase } from '../../core/naming.js';
import type { Ir, IrOperation } from '../../core/ir.js';
import { fileNameScope, NameScope, pageClasses } from '../../sdk-shape/index.js';
import type { ClientExports } from '../client/index.js';

type ClientPlan = ClientExports['plan'];
type OperationPlan = ClientPlan['operations'][number];
type ResourceNode = ClientPlan['root'];

/** One argument of the client method, as the builders and hooks take it too. */
export interface CallArgument {
  name: string;
  type: string;
  optional: boolean;
  /** A path parameter's name in the spec (its key in the query key's `path`). */
  param?: string;
}

export interface QueryOperation {
  client: OperationPlan;
  operation: IrOperation;
  /** `query` for GET and HEAD, else `mutation`. */
  kind: 'query' | 'mutation';
  /** It returns a list of its resource (paged, or a JSON array): a mutation of the resource makes it stale. */
  list: boolean;
  /** Paged in the IR's paging model: it also gets an infinite query. The client's page class. */
  pageClass?: 'CursorPage' | 'Page';
  /** Its resource chain in the client, e.g. ["nature", "subjects"]: its query key's segments. */
  resource: string[];
  /** The client method, e.g. `client.nature.subjects.list`. */
  method: string;
  args: CallArgument[];
  /** What the client method resolves to (a page for a paged list). */
  dataType: string;
  names: {
    queryKey: string;
    queryOptions: string;
    infiniteQueryKey: string;
    infiniteQueryOptions: string;
    mutationOptions: string;
    variables: string;
    hook: string;
    infiniteHook: string;
    mutationHook: string;
  };
}

/** One file of builders and hooks: the operations under one top-level resource (or on the client itself). */
export interface QueryFile {
  /** The file's name without extension, e.g. "nature". */
  name: string;
  operations: QueryOperation[];
}

export interface QueryPlan {
  packageName: string;
  clientPackage: string;
  clientName: string;
  /** The first element of every query key: the API's name. */
  keyRoot: string;
  /** Every resource that has operations or sub-resources, as `nature.subjects`, and its chain. */
  resources: Array<{ path: string; chain: string[] }>;
  files: QueryFile[];
  operations: QueryOperation[];
}

/** Names the package exports beside the per-operation ones (keys.ts, the adapters' context). */
const PACKAGE_NAMES = [
  'QUERY_KEY_ROOT',
  'RESOURCES',
  'ResourcePath',
  'resourceQueryKey',
  'resourceListsQueryKey',
  'invalidateResource',
  'ClientProvider',
  'useClient',
  'clientPlugin',
  'provideClient',
  'QueryOptionsFor',
  'InfiniteQueryOptionsFor',
  'MutationOptionsFor',
  'MutationInvalidation',
];

const QUERY_METHODS = new Set(['get', 'head']);

export function planQueries(ir: Ir, client: ClientExports, names: { base: string }): QueryPlan {
  const plan = client.plan;
  const scope = new NameScope(PACKAGE_NAMES);
  const operations = plan.operations.map((entry): QueryOperation => {
    const { operation } = entry;
    const base = entry.descriptorName;
    const Base = pascalCase(base);
    const pagination = operation.pagination;
    const pageClass = pagination ? pageClasses(pagination).typescript : undefined;
    const args: CallArgument[] = entry.pathArgs.map((arg) => ({
      name: arg.name,
      type: pathArgType(entry, arg.param),
      optional: false,
      param: arg.param,
    }));
    if (entry.paramsType)
      args.push({ name: 'params', type: `Api.${entry.paramsType}`, optional: !entry.paramsRequired });
    const kind = QUERY_METHODS.has(operation.method) ? 'query' : 'mutation';
    const paged = pageClass !== undefined && entry.itemType !== undefined;
    return {
      client: entry,
      operation,
      kind,
      list: kind === 'query' && (Boolean(pagination) || returnsArray(ir, operation)),
      ...(paged && kind === 'query' ? { pageClass } : {}),
      resource: entry.shape.resource,
      method: ['client', ...client.propertyPath(entry.shape.resource), entry.methodName].join('.'),
      args,
      dataType: paged ? `Api.${pageClass}<Api.${entry.itemType}>` : `Api.${entry.responseType}`,
      names: {
        queryKey: scope.claim(`${base}QueryKey`),
        queryOptions: scope.claim(`${base}QueryOptions`),
        infiniteQueryKey: scope.claim(`${base}InfiniteQueryKey`),
        infiniteQueryOptions: scope.claim(`${base}InfiniteQueryOptions`),
        mutationOptions: scope.claim(`${base}MutationOptions`),
        variables: scope.claim(`${Base}Variables`),
        hook: scope.claim(`use${Base}`),
        infiniteHook: scope.claim(`use${Base}Infinite`),
        mutationHook: scope.claim(`use${Base}Mutation`),
      },
    };
  });
  const files = fileNameScope(['index', 'context', 'keys']);
  const byTop = new Map<string, QueryOperation[]>();
  for (const operation of operations) {
    const top = operation.resource[0] ?? '';
    byTop.set(top, [...(byTop.get(top) ?? []), operation]);
  }
  return {
    packageName: `${names.base}-query`,
    clientPackage: client.packageName,
    clientName: plan.clientName,
    keyRoot: names.base,
    resources: resourcePaths(plan.root),
    // Operations on the client itself first, in a file of their own.
    files: [...byTop.entries()]
      .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : 0))
      .map(([top, list]) => ({ name: files.claim(top === '' ? 'client' : top), operations: list })),
    operations,
  };
}

/** A path argument's type, as the client method declares it. */
function pathArgType(entry: OperationPlan, param: string): string {
  const shape = entry.shape.wire.params.find((each) => each.in === 'path' && each.name === param)?.shape;
  return entry.pathParamsType && (shape === 'array' || shape === 'object')
    ? `Api.${entry.pathParamsType}[${JSON.stringify(param)}]`
    : 'string | number';
}

/** Whether the success response is a JSON array (a list that does not page). */
function returnsArray(ir: Ir, operation: IrOperation): boolean {
  const success = operation.responses.find((response) => response.status === operation.successStatus);
  if (!success?.isJson || success.schema === undefined) return false;
  const schema = ir.model.flatten(success.schema);
  return schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
}

/** Every resource of the tree (not the client itself), in tree order. */
function resourcePaths(root: ResourceNode): Array<{ path: string; chain: string[] }> {
  const out: Array<{ path: string; chain: string[] }> = [];
  const walk = (node: ResourceNode) => {
    for (const child of node.children) {
      out.push({ path: child.chain.join('.'), chain: child.chain });
      walk(child);
    }
  };
  walk(root);
  return out;
}
