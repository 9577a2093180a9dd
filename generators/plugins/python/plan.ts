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

/** Keyword arguments every method takes after the API's own (runtime request options, Stainless's names); `extra_body` only where there is a body. */
export const OPTION_ARGS = [
  'extra_headers',
  'extra_query',
  'extra_body',
  'timeout',
  'max_retries',
  'max_retry_wait',
];

/** Names a generated method's own code uses; no API argument may take them. */
const METHOD_RESERVED = [
  'self',
  'NOT_GIVEN',
  'NotGiven',
  'RequestOptions',
  'Any',
  'Mapping',
  'Optional',
  'Union',
  'List',
  'Dict',
  'Literal',
  'Sequence',
  'overload',
  'date',
  'datetime',
  '_types',
  '_ops',
  'Stream',
  'ServerSentEvent',
  'FileTypes',
  'BinaryContent',
  'PartWithHeaders',
  'AsyncStream',
  'AsyncPaginator',
  'AsyncCursorPage',
  'AsyncAPIResponse',
  'deprecated',
  'SyncPage',
  'AsyncPage',
  'AsyncPagePaginator',
];

/** The clients' public members: a top-level resource must not take one of these names. */
export const CLIENT_MEMBERS = [
  'api_key',
  'base_url',
  'max_retries',
  'timeout',
  'stream_idle_timeout',
  'max_retry_wait',
  'environment',
  'webhook_secret',
  'request',
  'request_raw',
  'request_page',
  'request_page_raw',
  'close',
  'with_options',
  'with_raw_response',
  'with_streaming_response',
  'webhooks',
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
}

/** One request media type as the method takes it. */
export interface RequestVariant {
  media: IrMedia;
  /** Each property a keyword argument (`fields`), or one `body` argument. */
  mode: 'fields' | 'body';
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

/** Names every generated module may import; no class may take them. */
const CLASS_RESERVED = [
  'BaseClient',
  'AsyncBaseClient',
  'ClientCore',
  'RequestOptions',
  'SyncCursorPage',
  'AsyncCursorPage',
  'AsyncPaginator',
  'APIResponse',
  'AsyncAPIResponse',
  'NotGiven',
  'NOT_GIVEN',
  'Any',
  'Mapping',
  'Optional',
  'Union',
  'List',
  'Dict',
  'Literal',
  'Sequence',
  'overload',
  'date',
  'datetime',
  'logging',
  'Stream',
  'AsyncStream',
  'ServerSentEvent',
  'FileTypes',
  'BinaryContent',
  'PartWithHeaders',
  'StreamedCall',
  'to_streamed_response_wrapper',
  'to_async_streamed_response_wrapper',
  'deprecated',
  'Transport',
  'AsyncTransport',
  'UnknownWebhookEvent',
  'Webhooks',
  'SyncPage',
  'AsyncPage',
  'AsyncPagePaginator',
];

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
  /** Import name of the package, e.g. "assessment_service". */
  packageName: string;
  /** Distribution name for pyproject, e.g. "assessment-service". */
  distributionName: string;
  clientClass: string;
  /** The asyncio client: the sync client's name with `Async` in front. */
  asyncClientClass: string;
  root: ResourcePlan;
  methods: MethodPlan[];
}

function bodyProperties(
  ir: Ir,
  schema: JsonSchema,
): Array<{ key: string; schema: JsonSchema; required: boolean }> | undefined {
  const flat = ir.model.flatten(schema);
  if (!flat || typeof flat !== 'object' || !flat.properties || flat.oneOf || flat.anyOf) return undefined;
  const required = new Set<string>(Array.isArray(flat.required) ? flat.required : []);
  const types = Array.isArray(flat.type) ? flat.type : [flat.type ?? 'object'];
  if (!types.includes('object')) return undefined;
  // readOnly properties are the server's to set: no argument sends them.
  return Object.entries<JsonSchema>(flat.properties)
    .filter(([, inner]) => !hiddenOn('request', ir.model.node(inner)))
    .map(([key, inner]) => ({ key, schema: inner, required: required.has(key) }));
}

/**
 * A body's properties (or form parts) as keyword arguments. A property the schema requires is a
 * required argument even when the body itself is optional: a body that is sent must have it (the
 * server refuses one without), and keyword arguments cannot say "all of these or none". So, as in
 * the TypeScript client, such a body is always sent; one whose properties are all optional can
 * still be left out by giving none of them.
 */
function fieldArguments(
  ir: Ir,
  operation: IrOperation,
  media: IrMedia,
  claim: (wire: string) => string,
): Argument[] | undefined {
  if (media.kind === 'multipart' || media.kind === 'form') {
    if (!media.parts || media.parts.length === 0) return undefined;
    return media.parts
      .filter((part) => !hiddenOn('request', ir.model.node(part.schema)))
      .map((part) => ({
        name: claim(part.name),
        wire: part.name,
        location: 'field' as const,
        required: part.required,
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
    required: property.required,
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
    if (fields) return { media, mode: 'fields' as const, args: fields };
    bodyName ??= scope.claim('body');
    const schema: JsonSchema = media.kind === 'json' ? media.schema : true;
    return {
      media,
      mode: 'body' as const,
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

export function planPython(ir: Ir): PythonPlan {
  const shape = sdkShape(ir);
  const baseName = shape.names.base;
  const packageName = pythonName(baseName, 'module');
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
  return { packageName, distributionName: baseName, clientClass, asyncClientClass, root, methods };
}
