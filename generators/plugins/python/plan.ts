/**
 * The Python SDK's shape, decided once from the IR: the package name, one constant per
 * operation, the resource tree with snake_case attributes, and each method's arguments (path
 * parameters positional; query, header and cookie parameters and body properties as keyword
 * arguments; a body that is not an object with properties as one `body` argument), per request
 * media type, and its response media types, every name made safe and unique by `pythonName`
 * and `PythonScope`.
 */
import type { Ir, IrMedia, IrOperation, IrPart, JsonSchema } from '../../core/ir.js';
import { hiddenOn } from '../../core/values/sides.js';
import { sdkShape } from '../../sdk-shape/index.js';
import { pythonName, PythonScope } from './naming.js';
import { CLASS_RESERVED, CLIENT_MEMBERS, METHOD_RESERVED } from './reserved.js';
import { nameInlineSchemas, nameSchemas, type InlineSite, type TypeNames } from './type-names.js';
import type { PythonPluginOptions } from './options.js';
import { oncePer } from '../../core/once-per.js';

/** Keyword arguments every method takes after the API's own (runtime request options, Stainless's names); `extra_body` only where there is a body. */
export const OPTION_ARGS = [
  'extra_headers',
  'extra_query',
  'extra_body',
  'timeout',
  'max_retries',
  'max_retry_wait',
];

export type ArgumentLocation = 'path' | 'query' | 'header' | 'cookie' | 'field' | 'body';

export interface Argument {
  /** Python name of the argument. */
  name: string;
  /** Name on the wire (query key, header name, cookie name, body property); `body` for a whole body. */
  wire: string;
  location: ArgumentLocation;
  required: boolean;
  schema: JsonSchema;
  description?: string;
  /** Body arguments: the media type they belong to. */
  media?: IrMedia;
  /** Multipart fields: the part (files, declared headers). */
  part?: IrPart;
  /** The spec marks the parameter (or the body property's schema) deprecated. */
  deprecated?: boolean;
  /** A field the schema requires in an optional body: optional, but needed once any field is given. */
  requiredInBody?: boolean;
}

/** One request media type as the method takes it. */
export interface RequestVariant {
  media: IrMedia;
  /** Each property a keyword argument of the method's own (`merged`), or the whole body one `body` argument (`property`): the TypeScript client plan's names. */
  mode: 'merged' | 'property';
  /** The body's arguments: its fields, or the one `body`. */
  args: Argument[];
}

export interface MethodPlan {
  operation: IrOperation;
  /** Python name of the method on its resource. */
  name: string;
  /** Name of its Operation constant in _operations.py. */
  constant: string;
  /** Path (positional, in template order), query, header and cookie parameters. */
  params: Argument[];
  /** Request media types, the default first; empty when the operation takes no body. */
  requests: RequestVariant[];
  /** Success media types, the preferred first; empty when the success response has no body. */
  responses: IrMedia[];
  /** The keyword that picks a request media type, when there are several. */
  contentTypeArg?: string;
  /** The keyword that picks a response media type (`Accept`), when there are several. */
  acceptArg?: string;
  /** Extra option arguments this method takes (idempotency_key when the operation has one). */
  options: string[];
}

export interface ResourcePlan {
  /** Attribute name on the parent. */
  attribute: string;
  className: string;
  /** Its twin whose methods return APIResponse (`.with_raw_response`). */
  rawClassName: string;
  /** Its twin whose methods return an unread APIResponse in a `with` block (`.with_streaming_response`). */
  streamingClassName: string;
  /** The same three on the async client. */
  asyncClassName: string;
  asyncRawClassName: string;
  asyncStreamingClassName: string;
  /** The spec's resource segments (`findByTags`), as the TypeScript client names them: the tree's keys. */
  chain: string[];
  /** The Python attributes that reach it from the client (`find_by_tags`): what docstrings and warnings name. */
  attributes: string[];
  children: ResourcePlan[];
  methods: MethodPlan[];
}

export interface PythonPlan {
  /** Import name of the package, e.g. "assessment_service" (the plugin's `packageName` option, else the SDK name in snake case). */
  packageName: string;
  /** Distribution name for pyproject, e.g. "assessment-service". */
  distributionName: string;
  clientClass: string;
  /** The asyncio client: the sync client's name with `Async` in front. */
  asyncClientClass: string;
  root: ResourcePlan;
  methods: MethodPlan[];
  /** types.py's names: every component's and inline object's TypedDict or alias, per side of a message. */
  types: TypeNames;
  /** The union of the webhook events' types, when the spec declares webhooks. */
  eventType?: string;
}

function bodyProperties(
  ir: Ir,
  schema: JsonSchema,
): Array<{ key: string; schema: JsonSchema; required: boolean }> | undefined {
  const flat = ir.model.flatten(schema);
  if (!flat || typeof flat !== 'object' || !flat.properties || flat.oneOf || flat.anyOf) return undefined;
  // A oneOf or anyOf inside an allOf (wiremock's settings: one of two delays, and fixedDelay beside
  // them): keyword arguments of the merged properties alone could send no valid body. The body is
  // then one argument, as for a top-level oneOf.
  const node = ir.model.merged(ir.model.node(schema));
  if (node.kind === 'union' || ('variants' in node && node.variants.length > 0)) return undefined;
  const required = new Set<string>(Array.isArray(flat.required) ? flat.required : []);
  const types = Array.isArray(flat.type) ? flat.type : [flat.type ?? 'object'];
  if (!types.includes('object')) return undefined;
  // readOnly properties are the server's to set: no argument sends them.
  const declared = Object.entries<JsonSchema>(flat.properties)
    .filter(([, inner]) => !hiddenOn('request', ir.model.node(inner)))
    .map(([key, inner]) => ({ key, schema: inner, required: required.has(key) }));
  // A name `required` lists but `properties` does not declare (postmark's TemplateId) must still be
  // sent: an argument of what additionalProperties allows (anything when it says nothing).
  const extra: JsonSchema =
    flat.additionalProperties && typeof flat.additionalProperties === 'object'
      ? flat.additionalProperties
      : {};
  const undeclared = [...required]
    .filter((key) => !Object.hasOwn(flat.properties, key))
    .map((key) => ({ key, schema: extra, required: true }));
  return [...declared, ...undeclared];
}

/**
 * A body's properties (or form parts) as keyword arguments. A property the schema requires is a
 * required argument when the body is required. When the body is optional (the spec lets a call
 * send none), keyword arguments cannot say "all of these or none": such a property is an optional
 * argument marked `requiredInBody`, and the runtime refuses a call that gives some fields but not
 * it (as the TypeScript client's type does); giving none sends no body.
 */
function fieldArguments(
  ir: Ir,
  operation: IrOperation,
  media: IrMedia,
  claim: (wire: string) => string,
): Argument[] | undefined {
  const bodyRequired = operation.body?.required === true;
  const requirement = (required: boolean) =>
    required && !bodyRequired ? { required: false, requiredInBody: true } : { required };
  if (media.kind === 'multipart' || media.kind === 'form') {
    if (!media.parts || media.parts.length === 0) return undefined;
    return media.parts
      .filter((part) => !hiddenOn('request', ir.model.node(part.schema)))
      .map((part) => ({
        name: claim(part.name),
        wire: part.name,
        location: 'field' as const,
        ...requirement(part.required),
        schema: part.schema,
        description: (ir.model.deref(part.schema) as { description?: string } | undefined)?.description,
        media,
        part,
        deprecated: isDeprecated(ir, part.schema),
      }));
  }
  if (media.kind !== 'json') return undefined;
  const properties = bodyProperties(ir, media.schema);
  if (!properties) return undefined;
  return properties.map((property) => ({
    name: claim(property.key),
    wire: property.key,
    location: 'field' as const,
    ...requirement(property.required),
    schema: property.schema,
    description: (ir.model.deref(property.schema) as { description?: string } | undefined)?.description,
    media,
    deprecated: isDeprecated(ir, property.schema),
  }));
}

/** A schema marked `deprecated: true` (JSON Schema's annotation, on a body property). */
function isDeprecated(ir: Ir, schema: JsonSchema): boolean {
  return (ir.model.deref(schema) as { deprecated?: unknown } | undefined)?.deprecated === true;
}

function planMethod(ir: Ir, operation: IrOperation, name: string, constant: string): MethodPlan {
  const optionArgs = OPTION_ARGS.filter((option) => option !== 'extra_body' || operation.body !== undefined);
  // An operation with servers of its own takes `base_url` per call: the client's does not apply to it.
  const ownServer = sdkShape(ir).of(operation).baseUrl !== undefined ? ['base_url'] : [];
  const options = [...(operation.idempotencyHeader ? ['idempotency_key'] : []), ...optionArgs, ...ownServer];
  const scope = new PythonScope([...METHOD_RESERVED, ...options]);
  const params: Argument[] = [];
  for (const wire of operation.template.params) {
    const param = operation.parameters.path.find((candidate) => candidate.name === wire);
    params.push({
      name: scope.claim(pythonName(wire, 'variable')),
      wire,
      location: 'path',
      required: true,
      schema: param?.schema ?? { type: 'string' },
      description: param?.description,
      deprecated: param?.deprecated,
    });
  }
  const located = [
    ...operation.parameters.query,
    ...operation.parameters.header.filter((param) => param.name !== operation.idempotencyHeader),
    ...operation.parameters.cookie,
  ];
  for (const param of located) {
    params.push({
      name: scope.claim(pythonName(param.name, 'variable')),
      wire: param.name,
      location: param.in as ArgumentLocation,
      required: param.required,
      schema: param.schema,
      description: param.description,
      deprecated: param.deprecated,
    });
  }
  // A body property keeps one Python name across media types (the JSON and the form `title`).
  const fieldNames = new Map<string, string>();
  const claimField = (wire: string) =>
    fieldNames.get(wire) ?? fieldNames.set(wire, scope.claim(pythonName(wire, 'variable'))).get(wire)!;
  let bodyName: string | undefined;
  const requests: RequestVariant[] = (operation.body?.content ?? []).map((media) => {
    const fields = fieldArguments(ir, operation, media, claimField);
    if (fields) return { media, mode: 'merged' as const, args: fields };
    bodyName ??= scope.claim('body');
    const schema: JsonSchema = media.kind === 'json' ? media.schema : true;
    return {
      media,
      mode: 'property' as const,
      args: [
        {
          name: bodyName,
          wire: 'body',
          location: 'body' as const,
          required: operation.body?.required === true,
          schema,
          media,
        },
      ],
    };
  });
  const success = operation.responses.find((response) => response.status === operation.successStatus);
  const responses = operation.pagination ? [] : (success?.content ?? []);
  return {
    operation,
    name,
    constant,
    params,
    requests,
    responses,
    ...(requests.length > 1 ? { contentTypeArg: scope.claim('content_type') } : {}),
    ...(responses.length > 1 ? { acceptArg: scope.claim('accept') } : {}),
    options,
  };
}

/** Every argument a method's implementation takes, each name once (path ones first, in template order). */
export function allArguments(method: MethodPlan): Argument[] {
  const seen = new Set<string>();
  return [...method.params, ...method.requests.flatMap((variant) => variant.args)].filter(
    (arg) => !seen.has(arg.name) && seen.add(arg.name),
  );
}

/**
 * The Python SDK's plan, made once per IR and options: the plugin's emitter and the round trip
 * (through the plugin's exports) read the same one (read only).
 */
export function planPython(ir: Ir, options: PythonPluginOptions = {}): PythonPlan {
  const plans = plansOf(ir);
  const key = options.packageName ?? '';
  let plan = plans.get(key);
  if (!plan) {
    plan = makePlan(ir, options);
    plans.set(key, plan);
  }
  return plan;
}

const plansOf = oncePer((_ir: Ir) => new Map<string, PythonPlan>());

function makePlan(ir: Ir, options: PythonPluginOptions): PythonPlan {
  const shape = sdkShape(ir);
  const baseName = shape.names.base;
  const packageName = options.packageName ?? pythonName(baseName, 'module');
  const clientClass = pythonName(baseName, 'class');
  const constants = new PythonScope(['SHAPES', 'Operation', 'PaginationSpec', 'PageSpec', 'Dict', 'Shape']);
  const classes = new PythonScope([...CLASS_RESERVED, clientClass]);
  const asyncClientClass = classes.claim(`Async${clientClass}`);
  const root: ResourcePlan = {
    attribute: '',
    className: clientClass,
    rawClassName: classes.claim(`${clientClass}WithRawResponse`),
    streamingClassName: classes.claim(`${clientClass}WithStreamingResponse`),
    asyncClassName: asyncClientClass,
    asyncRawClassName: classes.claim(`${asyncClientClass}WithRawResponse`),
    asyncStreamingClassName: classes.claim(`${asyncClientClass}WithStreamingResponse`),
    chain: [],
    attributes: [],
    children: [],
    methods: [],
  };
  const methods: MethodPlan[] = [];
  // Each class is one namespace: its child resources and its methods share it.
  const scopes = new Map<ResourcePlan, PythonScope>([[root, new PythonScope(CLIENT_MEMBERS)]]);
  const scopeOf = (node: ResourcePlan) =>
    scopes.get(node) ??
    scopes.set(node, new PythonScope(['with_raw_response', 'with_streaming_response'])).get(node)!;
  for (const { operation, resource, methodName } of shape.operations) {
    let node = root;
    for (const segment of resource) {
      let child = node.children.find((candidate) => candidate.chain.at(-1) === segment);
      if (!child) {
        const chain = [...node.chain, segment];
        const className = classes.claim(pythonName(chain.join(' '), 'class'));
        const attribute = scopeOf(node).claim(pythonName(segment, 'variable'));
        child = {
          attribute,
          className,
          rawClassName: '',
          streamingClassName: '',
          asyncClassName: '',
          asyncRawClassName: '',
          asyncStreamingClassName: '',
          chain,
          attributes: [...node.attributes, attribute],
          children: [],
          methods: [],
        };
        node.children.push(child);
      }
      node = child;
    }
    const plan = planMethod(
      ir,
      operation,
      scopeOf(node).claim(pythonName(methodName, 'variable')),
      constants.claim(pythonName(operation.id, 'constant')),
    );
    node.methods.push(plan);
    methods.push(plan);
  }
  // Raw- and streaming-response twins take the same names with a suffix; claim them so nothing else can.
  const claimRaw = (node: ResourcePlan) => {
    if (node !== root) node.rawClassName = classes.claim(`${node.className}WithRawResponse`);
    node.children.forEach(claimRaw);
  };
  const claimStreaming = (node: ResourcePlan) => {
    if (node !== root) node.streamingClassName = classes.claim(`${node.className}WithStreamingResponse`);
    node.children.forEach(claimStreaming);
  };
  // The async twins of every resource, claimed last so the sync names stay what they were.
  const claimAsync = (node: ResourcePlan) => {
    if (node !== root) {
      node.asyncClassName = classes.claim(`Async${node.className}`);
      node.asyncRawClassName = classes.claim(`Async${node.className}WithRawResponse`);
      node.asyncStreamingClassName = classes.claim(`Async${node.className}WithStreamingResponse`);
    }
    node.children.forEach(claimAsync);
  };
  claimRaw(root);
  claimStreaming(root);
  claimAsync(root);
  // types.py's names, after the classes' (its scope is its own module's).
  const types = nameSchemas(ir);
  const eventType = ir.webhooks ? types.scope.claim('WebhookEvent') : undefined;
  nameInlineSchemas(ir, types, inlineSites(ir, methods));
  return {
    packageName,
    distributionName: baseName,
    clientClass,
    asyncClientClass,
    root,
    methods,
    types,
    ...(eventType !== undefined ? { eventType } : {}),
  };
}

/**
 * Where inline schemas sit, in the order their TypedDicts are named: per operation its
 * parameters, request bodies (each property, or the whole `body`), results and paged items,
 * then the webhook events. Example: create-booking's response -> `CreateBookingResponse`.
 */
function inlineSites(ir: Ir, methods: MethodPlan[]): InlineSite[] {
  const sites: InlineSite[] = [];
  for (const method of methods) {
    const id = method.operation.id;
    for (const arg of method.params)
      sites.push({ schema: arg.schema, side: 'request', words: [id, arg.wire] });
    for (const request of method.requests)
      for (const arg of request.args)
        sites.push({ schema: arg.schema, side: 'request', words: [id, arg.wire] });
    for (const media of method.responses)
      sites.push({
        schema: media.kind === 'json' ? media.schema : media.stream?.dataSchema,
        side: 'response',
        words: [id, media.kind === 'json' ? 'response' : 'event'],
      });
    if (method.operation.pagination)
      sites.push({ schema: method.operation.pagination.itemSchema, side: 'response', words: [id, 'item'] });
  }
  for (const event of ir.webhooks?.events ?? [])
    sites.push({ schema: event.schema, side: 'response', words: [event.name, 'event'] });
  return sites;
}

/** The resource that holds `method`: its `attributes` reach it from the client. */
function resourceOf(plan: PythonPlan, method: MethodPlan): ResourcePlan | undefined {
  const find = (node: ResourcePlan): ResourcePlan | undefined =>
    node.methods.includes(method) ? node : node.children.map(find).find(Boolean);
  return find(plan.root);
}

/** The attributes from the client to a method, the method's name last: `["nature", "subjects", "create"]`. */
export function methodChain(plan: PythonPlan, method: MethodPlan): string[] {
  return [...(resourceOf(plan, method)?.attributes ?? []), method.name];
}

/** How a README reaches a method's resource on `client`: `client.nature.subjects`. */
export function clientResource(plan: PythonPlan, method: MethodPlan): string {
  return ['client', ...(resourceOf(plan, method)?.attributes ?? [])].join('.');
}

/** How a README calls a method on `client`: `client.nature.subjects.create`. */
export function clientCall(plan: PythonPlan, method: MethodPlan): string {
  return `${clientResource(plan, method)}.${method.name}`;
}
