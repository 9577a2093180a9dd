/**
 * The client's shape, decided once from the IR: type names per operation, the resource tree,
 * how each operation takes its parameters. Builders and files only print this plan.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ir, IrMedia, IrOperation } from '../../core/ir.js';
import { pascalCase, variableName } from '../../core/naming.js';
import {
  NameScope,
  sdkShape,
  type OperationShape,
  type ResourceNode as ShapeNode,
} from '../../sdk-shape/index.js';
import { oncePer } from '../../core/once-per.js';

/** One request media type as the client takes it. */
export interface BodyVariant {
  media: IrMedia;
  /** Taken from the params object: its remaining keys (`merged`) or its `body` key (`property`). */
  mode: 'merged' | 'property';
}

/** One success media type as the client returns it. */
export interface ResponseVariant {
  media: IrMedia;
}

/** Request headers fetch (undici) writes by itself when a request has none. */
const FETCH_WRITES = new Set(['accept-language', 'accept-encoding']);

export interface OperationPlan {
  operation: IrOperation;
  /** Its place in the SDK (resource chain, method name) and wire plan, from the SDK shape. */
  shape: OperationShape;
  /** Method name on its resource class, e.g. "create". */
  methodName: string;
  /** Name of its descriptor in operations.ts, e.g. "createSubject". */
  descriptorName: string;
  /** Exported type names (undefined when the operation has none of that kind). */
  paramsType?: string;
  /** The result with the default (preferred) response media type. */
  responseType: string;
  /** The result per response media type (`{ 'application/json': …, 'text/csv': string }`), when there are several. */
  responsesType?: string;
  itemType?: string;
  /** TypeScript parameter names for the path parameters, in path order. */
  pathArgs: Array<{ name: string; param: string }>;
  /** The path parameters' types (`paths[…]['parameters']['path']`), when one is an array or object. */
  pathParamsType?: string;
  /** Request media types, the default first (empty: no body). */
  bodies: BodyVariant[];
  /** The params key that picks a request media type (when there are several), e.g. "contentType". */
  mediaTypeKey?: string;
  /** Success media types, the preferred first (empty: no body). */
  responses: ResponseVariant[];
  /** Whether the params argument must be given. */
  paramsRequired: boolean;
  /** Header parameters the caller passes in params (the idempotency header is the runtime's). */
  headerParams: string[];
  /** Cookie parameters the caller passes in params. */
  cookieParams: string[];
  /** Header parameters fetch writes by itself when absent, with the default the client sends in its place (runtime ParamSpec `whenAbsent`). */
  headerDefaults: Map<string, string>;
}

export interface ResourceNode {
  /** Property name on the parent, e.g. "subjects". */
  property: string;
  className: string;
  chain: string[];
  children: ResourceNode[];
  operations: OperationPlan[];
}

export interface ClientPlan {
  /** Client class name, e.g. "AssessmentServiceClient". */
  clientName: string;
  schemaTypes: Array<{ name: string; schemaName: string }>;
  operations: OperationPlan[];
  root: ResourceNode;
}

/** The environment variables a client reads when its options do not say: its API key and its base URL. */
export function clientEnvironment(envPrefix: string): { apiKey: string; baseUrl: string } {
  return { apiKey: `${envPrefix}_API_KEY`, baseUrl: `${envPrefix}_BASE_URL` };
}

/**
 * Names the package index already exports from the runtime (read from its index, so one list):
 * `export { A, type B, C as D }` and `export type { E }` alike (cloudsearch's schema RequestOptions
 * met the runtime's type of that name, which an `export type` list had hidden from this).
 */
const RUNTIME_EXPORTS = [
  ...readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime', 'index.ts'),
    'utf8',
  ).matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g),
]
  .flatMap((match) => match[1].split(','))
  .map((name) =>
    name
      .replace(/^\s*type\s+/, '')
      .trim()
      .split(/\s+as\s+/)
      .at(-1)!,
  )
  .filter(Boolean);

const RESERVED_TYPE_NAMES = new Set([
  ...RUNTIME_EXPORTS,
  'Promise',
  'Record',
  'Array',
  'Date',
  'Error',
  'Object',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'Map',
  'Set',
  'NonNullable',
  'Omit',
  'components',
  'paths',
  'operations',
  'webhooks',
  '$defs',
  'Models',
]);

/** TypeScript names: the second "Foo" becomes "Foo2". */
const NameRegistry = NameScope;

function isObjectBody(ir: Ir, schema: unknown, depth = 0): boolean {
  const resolved = ir.model.deref(schema);
  if (!resolved || typeof resolved !== 'object' || depth > 8) return false;
  // A declared type decides: an array with stray `properties` (vtex) is still an array.
  const types: unknown[] = [resolved.type].flat().filter((type) => type !== undefined && type !== 'null');
  if (types.length > 0) return types.includes('object');
  if (resolved.properties) return true;
  if (Array.isArray(resolved.allOf))
    return resolved.allOf.some((part: unknown) => isObjectBody(ir, part, depth + 1));
  return false;
}

/** How one request media type is taken: its fields merged into params when it is an object whose names clash with nothing, else as `body`. */
function bodyVariant(ir: Ir, media: IrMedia, taken: Set<string>): BodyVariant {
  const objectLike =
    media.kind === 'multipart' ||
    media.kind === 'form' ||
    (media.kind === 'json' && isObjectBody(ir, media.schema));
  const properties = media.parts
    ? media.parts.map((part) => part.name)
    : Object.keys(ir.model.deref(media.schema)?.properties ?? {});
  return {
    media,
    mode:
      objectLike && !properties.some((name) => taken.has(name) || name === 'body') ? 'merged' : 'property',
  };
}

/** The client's plan, made once per IR: the client emitter and the contract tests' client calls read the same one (read only). */
export const planClient: (ir: Ir) => ClientPlan = oncePer(makePlan);

function makePlan(ir: Ir): ClientPlan {
  const shape = sdkShape(ir);
  const clientName = shape.names.clientName;
  const types = new NameRegistry([...RESERVED_TYPE_NAMES, clientName]);
  const schemaTypes = ir.schemas.map((schema) => ({
    name: types.claim(pascalCase(schema.name)),
    schemaName: schema.name,
  }));
  const descriptors = new NameRegistry();

  const plans = new Map<OperationShape, OperationPlan>();
  const operations = shape.operations.map((operationShape): OperationPlan => {
    const { operation } = operationShape;
    const base = pascalCase(operation.id);
    const headerParams = operation.parameters.header
      .filter((param) => param.name !== operation.idempotencyHeader)
      .map((param) => param.name);
    const cookieParams = operation.parameters.cookie.map((param) => param.name);
    const headerDefaults = new Map<string, string>();
    for (const param of operation.parameters.header) {
      const given = ir.model.deref(param.schema)?.default;
      if (FETCH_WRITES.has(param.name.toLowerCase()) && typeof given === 'string')
        headerDefaults.set(param.name, given);
    }
    const paramNames = new Set([
      ...operation.parameters.query.map((param) => param.name),
      ...headerParams,
      ...cookieParams,
    ]);
    const content = operation.body?.content ?? [];
    // The key that picks a request media type must clash with no parameter or body property.
    const bodyNames = new Set(
      content.flatMap((media) =>
        media.parts
          ? media.parts.map((part) => part.name)
          : Object.keys(ir.model.deref(media.schema)?.properties ?? {}),
      ),
    );
    const mediaTypeKey =
      content.length > 1
        ? ['contentType', 'requestContentType', '_contentType'].find(
            (name) => !paramNames.has(name) && !bodyNames.has(name),
          )
        : undefined;
    const taken = new Set([...paramNames, ...(mediaTypeKey ? [mediaTypeKey] : [])]);
    const bodies = content.map((media) => bodyVariant(ir, media, taken));
    const success = operation.responses.find((response) => response.status === operation.successStatus);
    const responses = (success?.content ?? []).map((media) => ({ media }));
    const hasParams = paramNames.size > 0 || bodies.length > 0;
    const paramsRequired =
      operation.parameters.query.some((param) => param.required) ||
      operation.parameters.header.some(
        (param) => param.required && param.name !== operation.idempotencyHeader,
      ) ||
      operation.parameters.cookie.some((param) => param.required) ||
      Boolean(operation.body?.required);
    const pathVariables = new NameRegistry(['params', 'options']);
    const plan: OperationPlan = {
      operation,
      shape: operationShape,
      methodName: operationShape.methodName,
      descriptorName: descriptors.claim(variableName(operation.id)),
      paramsType: hasParams ? types.claim(`${base}Params`) : undefined,
      responseType: types.claim(`${base}Response`),
      responsesType: responses.length > 1 ? types.claim(`${base}Responses`) : undefined,
      itemType: operation.pagination ? types.claim(`${base}Item`) : undefined,
      pathArgs: pathOrder(operation).map((param) => ({
        name: pathVariables.claim(variableName(param)),
        param,
      })),
      pathParamsType: operation.parameters.path.some(
        (param) => param.shape === 'array' || param.shape === 'object',
      )
        ? types.claim(`${base}PathParams`)
        : undefined,
      bodies,
      ...(mediaTypeKey ? { mediaTypeKey } : {}),
      responses,
      paramsRequired,
      headerParams,
      cookieParams,
      headerDefaults,
    };
    plans.set(operationShape, plan);
    return plan;
  });

  return { clientName, schemaTypes, operations, root: buildTree(shape.root, plans) };
}

/** For each resource chain, the property names from the client to its object (as the resource tree names them). */
export function propertyPaths(root: ResourceNode): (resource: string[]) => string[] {
  const paths = new Map<string, string[]>([['', []]]);
  const walk = (node: ResourceNode, trail: string[]) => {
    for (const child of node.children) {
      const own = [...trail, child.property];
      paths.set(child.chain.join('.'), own);
      walk(child, own);
    }
  };
  walk(root, []);
  return (resource) => {
    const found = paths.get(resource.join('.'));
    if (!found) throw new Error(`no resource ${resource.join('.')} in the client`);
    return found;
  };
}

/** Path parameters in the order they appear in the path template. */
function pathOrder(operation: IrOperation): string[] {
  return operation.template.params;
}

/** BaseClient's public members: a top-level resource must not take one of these names. */
const CLIENT_MEMBERS = [
  'apiKey',
  'baseURL',
  'maxRetries',
  'timeout',
  'environment',
  'request',
  'requestPage',
  '_setRandom',
  'constructor',
];

/** The SDK shape's resource tree with TypeScript names: class names unique in the package, properties clear of BaseClient's members. */
function buildTree(
  shapeRoot: ShapeNode<OperationShape>,
  plans: Map<OperationShape, OperationPlan>,
): ResourceNode {
  const classes = new NameRegistry(RESERVED_TYPE_NAMES);
  const convert = (node: ShapeNode<OperationShape>, isRoot: boolean): ResourceNode => {
    const segment = node.chain.at(-1) ?? '';
    const property =
      node.chain.length === 1 && CLIENT_MEMBERS.includes(segment) ? `${segment}Resource` : segment;
    return {
      property: isRoot ? '' : property,
      className: '',
      chain: node.chain,
      children: node.children.map((child) => convert(child, false)),
      operations: node.operations.map((operation) => plans.get(operation)!),
    };
  };
  const root = convert(shapeRoot, true);
  // Class names are claimed in the order operations first reach each resource, as the spec lists them.
  const byChain = new Map<string, ResourceNode>();
  const index = (node: ResourceNode) => {
    byChain.set(node.chain.join('.'), node);
    node.children.forEach(index);
  };
  index(root);
  for (const plan of plans.values()) {
    for (let depth = 1; depth <= plan.shape.resource.length; depth += 1) {
      const node = byChain.get(plan.shape.resource.slice(0, depth).join('.'))!;
      if (!node.className) node.className = classes.claim(pascalCase(node.chain.join(' ')));
    }
  }
  return root;
}
