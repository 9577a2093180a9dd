/**
 * The Python SDK's shape, decided once from the IR: the package name, one constant per
 * operation, the resource tree with snake_case attributes, and each method's arguments (path
 * parameters positional; query, header and body properties as keyword arguments), every name
 * made safe and unique by `pythonName` and `PythonScope`.
 */
import type { Ir, IrOperation, JsonSchema } from '../../core/ir.js';
import { deref, flattenSchema } from '../../core/refs.js';
import { sdkShape } from '../../sdk-shape/index.js';
import { pythonName, PythonScope } from './naming.js';

/** Keyword arguments every method takes after the API's own (runtime request options). */
export const OPTION_ARGS = ['extra_headers', 'timeout', 'max_retries'];

/** Names a generated method's own code uses; no API argument may take them. */
const METHOD_RESERVED = ['self', 'NOT_GIVEN', 'NotGiven', 'RequestOptions', 'Any', 'Mapping', 'Optional', 'Union', 'List', 'Dict', 'datetime', '_types', '_ops'];

/** BaseClient's public members: a top-level resource must not take one of these names. */
export const CLIENT_MEMBERS = [
  'api_key', 'base_url', 'max_retries', 'timeout', 'environment', 'webhook_secret', 'request', 'request_raw', 'request_page', 'request_page_raw', 'close', 'with_raw_response', 'webhooks',
];

export interface Argument {
  /** Python name of the argument. */
  name: string;
  /** Name on the wire (query key, header name, body property). */
  wire: string;
  location: 'path' | 'query' | 'header' | 'body-property' | 'body';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface MethodPlan {
  operation: IrOperation;
  /** Python name of the method on its resource. */
  name: string;
  /** Name of its Operation constant in _operations.py. */
  constant: string;
  args: Argument[];
  /** Extra option arguments this method takes (idempotency_key when the operation has one). */
  options: string[];
  /** How the body is sent: each property a keyword argument, one `body` argument, or none. */
  bodyMode: 'properties' | 'whole' | 'none';
}

export interface ResourcePlan {
  /** Attribute name on the parent. */
  attribute: string;
  className: string;
  /** Its twin whose methods return APIResponse (`.with_raw_response`). */
  rawClassName: string;
  chain: string[];
  children: ResourcePlan[];
  methods: MethodPlan[];
}

export interface PythonPlan {
  /** Import name of the package, e.g. "assessment_service". */
  packageName: string;
  /** Distribution name for pyproject, e.g. "assessment-service". */
  distributionName: string;
  clientClass: string;
  root: ResourcePlan;
  methods: MethodPlan[];
}

function bodyProperties(ir: Ir, schema: JsonSchema): Array<{ key: string; schema: JsonSchema; required: boolean }> | undefined {
  const flat = flattenSchema(ir.document, schema);
  if (!flat || typeof flat !== 'object' || !flat.properties || flat.oneOf || flat.anyOf) return undefined;
  const required = new Set<string>(Array.isArray(flat.required) ? flat.required : []);
  const types = Array.isArray(flat.type) ? flat.type : [flat.type ?? 'object'];
  if (!types.includes('object')) return undefined;
  return Object.entries<JsonSchema>(flat.properties).map(([key, inner]) => ({ key, schema: inner, required: required.has(key) }));
}

function planMethod(ir: Ir, operation: IrOperation, name: string, constant: string): MethodPlan {
  const options = operation.idempotencyHeader ? ['idempotency_key', ...OPTION_ARGS] : [...OPTION_ARGS];
  const scope = new PythonScope([...METHOD_RESERVED, ...options]);
  const args: Argument[] = [];
  const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  for (const wire of pathNames) {
    const param = operation.parameters.path.find((candidate) => candidate.name === wire);
    args.push({ name: scope.claim(pythonName(wire, 'variable')), wire, location: 'path', required: true, schema: param?.schema ?? { type: 'string' }, description: param?.description });
  }
  for (const param of operation.parameters.query) {
    args.push({ name: scope.claim(pythonName(param.name, 'variable')), wire: param.name, location: 'query', required: param.required, schema: param.schema, description: param.description });
  }
  for (const param of operation.parameters.header) {
    if (param.name === operation.idempotencyHeader) continue;
    args.push({ name: scope.claim(pythonName(param.name, 'variable')), wire: param.name, location: 'header', required: param.required, schema: param.schema, description: param.description });
  }
  let bodyMode: MethodPlan['bodyMode'] = 'none';
  const body = operation.body;
  if (body) {
    const properties = body.isJson ? bodyProperties(ir, body.schema) : undefined;
    if (properties) {
      bodyMode = 'properties';
      for (const property of properties) {
        const description = (deref(ir.document, property.schema) as { description?: string } | undefined)?.description;
        args.push({ name: scope.claim(pythonName(property.key, 'variable')), wire: property.key, location: 'body-property', required: body.required && property.required, schema: property.schema, description });
      }
    } else {
      bodyMode = 'whole';
      args.push({ name: scope.claim('body'), wire: 'body', location: 'body', required: body.required, schema: body.isJson ? body.schema : { type: 'string' } });
    }
  }
  return { operation, name, constant, args, options, bodyMode };
}

export function planPython(ir: Ir): PythonPlan {
  const shape = sdkShape(ir);
  const baseName = shape.names.base;
  const packageName = pythonName(baseName, 'module');
  const clientClass = pythonName(baseName, 'class');
  const constants = new PythonScope(['SHAPES', 'Operation', 'PaginationSpec', 'Dict', 'Shape']);
  const classes = new PythonScope(['BaseClient', 'RequestOptions', 'SyncCursorPage', 'APIResponse', 'NotGiven', 'NOT_GIVEN', 'Any', 'Mapping', 'Optional', 'Union', 'List', 'Dict', 'Literal', 'datetime', clientClass]);
  const root: ResourcePlan = { attribute: '', className: clientClass, rawClassName: classes.claim(`${clientClass}WithRawResponse`), chain: [], children: [], methods: [] };
  const methods: MethodPlan[] = [];
  // Each class is one namespace: its child resources and its methods share it.
  const scopes = new Map<ResourcePlan, PythonScope>([[root, new PythonScope(CLIENT_MEMBERS)]]);
  const scopeOf = (node: ResourcePlan) => scopes.get(node) ?? scopes.set(node, new PythonScope(['with_raw_response'])).get(node)!;
  for (const { operation, resource, methodName } of shape.operations) {
    let node = root;
    for (const segment of resource) {
      let child = node.children.find((candidate) => candidate.chain.at(-1) === segment);
      if (!child) {
        const chain = [...node.chain, segment];
        const className = classes.claim(pythonName(chain.join(' '), 'class'));
        child = { attribute: scopeOf(node).claim(pythonName(segment, 'variable')), className, rawClassName: '', chain, children: [], methods: [] };
        node.children.push(child);
      }
      node = child;
    }
    const plan = planMethod(ir, operation, scopeOf(node).claim(pythonName(methodName, 'variable')), constants.claim(pythonName(operation.id, 'constant')));
    node.methods.push(plan);
    methods.push(plan);
  }
  // Raw-response twins take the same names with a suffix; claim them so nothing else can.
  const claimRaw = (node: ResourcePlan) => {
    if (node !== root) node.rawClassName = classes.claim(`${node.className}WithRawResponse`);
    node.children.forEach(claimRaw);
  };
  claimRaw(root);
  return { packageName, distributionName: baseName, clientClass, root, methods };
}
