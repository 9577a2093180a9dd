/**
 * The intermediate representation every emitter reads. Built once from a loaded document by
 * build-ir.ts. Schemas stay JSON Schema (with local `#/components/...` refs) because two
 * consumers need exactly that: Fastify validation and contract-test validation; TypeScript types
 * come from openapi-typescript. `document` is kept only for document-to-document emitters (the
 * mock's copy).
 */
import type { ExcludedOperation, JsonSchema, OpenApiDocument } from './document.js';
import type { SchemaModel } from './schema-model.js';
import type { ValueShape } from './value-shape.js';
// Shapes a runtime reads as the IR holds them, declared once in that runtime: the runtimes are
// copied into the generated packages and import nothing of the generators.
import type { PaginationSpec } from '../plugins/client/runtime/pagination.js';
import type { RetryPolicy } from '../plugins/client/runtime/retry.js';

// The IR's vocabulary: what its types are made of is importable from here.
export type { JsonSchema, RetryPolicy, ValueShape };

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
export type { ExcludedOperation };

export const HTTP_METHODS: HttpMethod[] = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
];

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** OAS 3.1 §4.8.12.4 styles; which are allowed depends on the location (build-ir refuses the rest). */
export type ParameterStyle =
  'simple' | 'label' | 'matrix' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/** One example the spec gives (a media type's or a parameter's), with where its value is written. */
export interface IrExample {
  /** Its key under `examples`; absent for a lone `example`. */
  name?: string;
  value: unknown;
  /** The JSON pointer of the value: `…/example`, or the Example Object's `…/value` (where a `$ref` leads). */
  pointer: string;
}

export interface IrParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  /** The value's schema (`schema`, or the schema of the one `content` entry). */
  schema: JsonSchema;
  /** How the value is spelled on the wire; defaults per location (path/header simple, query/cookie form). */
  style: ParameterStyle;
  /** Arrays and objects as separate name=value pairs (true) or one delimited value; default true for form. */
  explode: boolean;
  /** Query only: RFC 3986 reserved characters are sent unencoded. */
  allowReserved: boolean;
  /** Query only: the parameter may be sent with an empty value (`?flag=`). */
  allowEmptyValue: boolean;
  /** A parameter with `content` instead of `schema`: its value is this media type's text (JSON text for JSON). */
  contentType?: string;
  /** Primitive, array or object (from the schema), which decides the serialisation. */
  shape: ValueShape;
  /** Where the Parameter Object is written (JSON pointer; where a `$ref` to it leads). */
  pointer: string;
  description?: string;
  deprecated: boolean;
  /** Example value, from `example` or the first of `examples`, when the spec gives one. */
  example?: unknown;
  /** The examples the Parameter Object itself gives (`example`, else each of `examples`), with their pointers. */
  declaredExamples: IrExample[];
  /** Error code a validation failure of this parameter gets (x-error-code). */
  errorCode?: string;
  /** Parameters this one cannot be sent with (x-mutually-exclusive-with). */
  exclusiveWith?: string[];
}

/**
 * How a media type's content is read and written (generators/core/media-types.ts decides it):
 * `json` (application/json, any +json), `multipart` (multipart/form-data), `form`
 * (application/x-www-form-urlencoded), `text` (text/*, XML, other text), `binary` (anything
 * else, wildcards included), and the streams: `event-stream` (text/event-stream) and `ndjson`
 * (application/x-ndjson, application/jsonl and their aliases).
 */
export type MediaKind = 'json' | 'multipart' | 'form' | 'text' | 'binary' | 'event-stream' | 'ndjson';

/** One property of a multipart or form-urlencoded body: one part (or one name=value field). */
export interface IrPart {
  name: string;
  required: boolean;
  schema: JsonSchema;
  /** `file` for binary content (3.0 `format: binary`, 3.1 `contentMediaType`); `array` of files is `files`. */
  shape: ValueShape | 'files';
  /**
   * The part's Content-Type: `encoding.contentType` (may list several, comma-separated), else the
   * OAS default: a file's contentMediaType or application/octet-stream, text/plain for primitives
   * (and arrays of them, one part per item), application/json for objects.
   */
  contentType: string;
  /** True when `encoding.contentType` said so (a default is not sent for text parts). */
  contentTypeDeclared: boolean;
  /** Multipart: headers of the part (`encoding.headers`), Content-Type left out as OAS requires. */
  headers: IrHeader[];
  /** Style-based serialisation (see `styled`): style, explode, allowReserved as query parameters have them (defaults form, true, false). */
  style: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
  explode: boolean;
  allowReserved: boolean;
  /**
   * `encoding` gives style, explode or allowReserved, so (OAS 3.1 Encoding Object) the value is
   * spelled by style and contentType is ignored: in a form body as query parameters are, in
   * multipart as form fields, each name=value pair its own text part. Otherwise content-based:
   * an object is JSON text, an array one field (or part) per item.
   */
  styled: boolean;
  /**
   * The value travels as one JSON text: content-based (not `styled`), not a file, and of a JSON
   * content type or an object or array (item by item for an array) whatever the content type says.
   * The stubs parse such a part, and the SDKs send a value of no known shape as JSON text.
   */
  json: boolean;
  /** Largest file in bytes (a file schema's maxLength), when given. */
  maxBytes?: number;
  /** Most files (an array of files' maxItems), when given. */
  maxFiles?: number;
}

/** A stream's items: SSE events or NDJSON records. */
export interface IrStream {
  /** The item schema as written: OAS 3.2 `itemSchema`, else `x-item-schema` (same meaning), else for NDJSON a non-string `schema`. */
  itemSchema?: JsonSchema;
  /**
   * The schema of one item's payload after decoding: an NDJSON record; an SSE event's `data`
   * (the `data` property's contentSchema when the item schema describes whole events, else the
   * item schema itself). Absent: untyped (`unknown` for NDJSON, `string` data for SSE).
   */
  dataSchema?: JsonSchema;
  /** SSE: whether `data` is JSON (parsed) or text (kept as a string). NDJSON records are always JSON. */
  dataIsJson: boolean;
}

/** One media type of a request body or a response. */
export interface IrMedia {
  /** As the spec writes it, e.g. "application/vnd.x+json", "image/*". */
  mediaType: string;
  kind: MediaKind;
  /** The content's schema (`true` when none is given). */
  schema: JsonSchema;
  /** Example values, in document order. */
  examples: unknown[];
  /** The same examples with their names and pointers (`example`, else each of `examples` that has a value). */
  declaredExamples: IrExample[];
  /** Where the Media Type Object is written (JSON pointer: its body's or response's, where a `$ref` leads, then `/content/<type>`). */
  pointer: string;
  /** multipart and form: one entry per top-level property of the (object) schema. */
  parts?: IrPart[];
  /** event-stream and ndjson: what one item is. */
  stream?: IrStream;
}

export interface IrBody {
  required: boolean;
  /** Where the spec declares it (JSON pointer of the requestBody), for messages. */
  pointer: string;
  /** Every media type the operation takes, the default first: JSON if declared, then document order. */
  content: IrMedia[];
  /** The default media type (content[0]), e.g. "application/json". */
  contentType: string;
  /** True for application/json and +json media types (of the default). */
  isJson: boolean;
  /** The default media type's schema when it is JSON; `true` otherwise (read `content` for the others). */
  schema: JsonSchema;
  /** Example values of the default media type, in document order. */
  examples: unknown[];
}

export interface IrHeader {
  name: string;
  required: boolean;
  schema: JsonSchema;
  /** The header's `example` (else its first `examples` value), when the spec gives one. */
  example?: unknown;
}

export interface IrResponse {
  /** "200", "4XX", "default". */
  status: string;
  /** Where the Response Object is written (JSON pointer; where a `$ref` to it leads). */
  pointer: string;
  description: string;
  /** Every media type it declares, in document order (`content` is in preferred order). */
  declaredMediaTypes: string[];
  /** Every media type, the preferred first (JSON if declared, then document order); empty for no body. */
  content: IrMedia[];
  /** The preferred media type (content[0]). */
  contentType?: string;
  isJson: boolean;
  /** The preferred media type's schema. */
  schema?: JsonSchema;
  headers: IrHeader[];
  examples: unknown[];
  /** OpenAPI links: operations that can follow this response, with where their parameters come from. */
  links: IrLink[];
}

/** An OpenAPI Link Object (operationId, or a local operationRef resolved to one). */
export interface IrLink {
  name: string;
  operationId?: string;
  /** Parameter name -> runtime expression, e.g. `$response.body#/id`. */
  parameters: Record<string, string>;
}

export interface IrSecurity {
  /** True when the operation can be called without credentials. */
  isPublic: boolean;
  /** Alternatives (any one suffices), each a set of scheme requirements (all needed). */
  alternatives: Array<Array<{ scheme: string; scopes: string[] }>>;
  /** Every scope named by any alternative, sorted. */
  scopes: string[];
  /** Key types allowed (from x-key-types), when the spec says. */
  keyTypes?: string[];
  /** Where the requirements in force are written: the operation's `security`, or the root's (`/security`); absent when neither says. */
  pointer?: string;
}

/**
 * How a list operation pages: a discriminated union on `style`, detected from the parameters and
 * the success response (ir-pagination.ts) or declared with `x-pagination`. Every style names where
 * a page's items are and their schema; the rest says how the next page is asked for.
 */
export type IrPagination =
  IrCursorPagination | IrOffsetPagination | IrPageNumberPagination | IrNextLinkPagination;

/** Property names from the body to a value, e.g. ["meta", "total"]; empty: the body itself. */
export type IrBodyPath = string[];

/**
 * Our list envelope: `data`, `has_more`, `next_cursor` in the body; the cursor sent as
 * `starting_after`. Its fields are the ones the runtimes page by (PaginationSpec).
 */
export interface IrCursorPagination extends PaginationSpec {
  style: 'cursor';
  limitParam?: string;
  limit?: { minimum?: number; maximum?: number; default?: number };
  itemSchema: JsonSchema;
}

/** `offset` + `limit` query parameters: the next page starts at offset + the items received. */
export interface IrOffsetPagination {
  style: 'offset';
  /** Where the item array is (empty: the body is the array). */
  items: IrBodyPath;
  offsetParam: string;
  limitParam: string;
  /** The limit parameter's schema default: a page shorter than it is the last. */
  defaultLimit?: number;
  /** An integer in the body counting every item of the list (e.g. ["meta", "total"]). */
  totalField?: IrBodyPath;
  itemSchema: JsonSchema;
}

/** A page number query parameter (`page`, with `per_page` or the like). */
export interface IrPageNumberPagination {
  style: 'page';
  items: IrBodyPath;
  pageParam: string;
  /** The number of the first page (the page parameter's default, else its minimum, else 1). */
  firstPage: number;
  sizeParam?: string;
  defaultSize?: number;
  /** The success response declares this RFC 8288 header (`Link`): its rel="next" URL is the next page, its absence the end. */
  linkHeader?: string;
  itemSchema: JsonSchema;
}

/** The response carries the next page's URL: in the body or in an RFC 8288 `Link` header. */
export interface IrNextLinkPagination {
  style: 'link';
  items: IrBodyPath;
  next: { in: 'body'; field: IrBodyPath } | { in: 'header'; header: string };
  itemSchema: JsonSchema;
}

/** A piece of a path template: literal text, or a path parameter (which may share a segment with text: `/files/{name}.{ext}`). */
export type PathPart = { literal: string } | { param: string };

/** A path template taken apart. */
export interface IrPathTemplate {
  /** The routable path, without any query or fragment: "/files/{name}.{ext}". */
  path: string;
  /** The path in order, e.g. [{literal: "/files/"}, {param: "name"}, {literal: "."}, {param: "ext"}]. */
  parts: PathPart[];
  /** Path parameter names in template order. */
  params: string[];
  /**
   * What a template's query or fragment asks of a request, as its first `name=value` pair: a query
   * parameter after "?", a request header after "#" (AWS's JSON protocols put `X-Amz-Target` there).
   * Without a value (`#x-amz-sso_bearer_token&account_id`, AWS's REST protocols) the request carries
   * that parameter, whatever its value: clients send the parameter's own value, servers route on presence.
   */
  match?: { in: 'query' | 'header'; name: string; value?: string };
}

/** An OpenAPI Server Object, its variables at their defaults. */
export interface IrServer {
  /** The URL with each variable at its default, and (when relative and the root server is absolute) resolved against the root's first server, as OAS 3.x §4.8.5 says relative server URLs are. */
  url: string;
  /** The URL as the spec writes it, e.g. "https://{region}.api.example/{version}". */
  template: string;
  /** A relative URL as the spec writes it, its variables at their defaults (before `url` resolved it): SDKs resolve it against the client's base URL. */
  relativeUrl?: string;
  description?: string;
  variables: Record<string, { default: string; enum?: string[]; description?: string }>;
}

/** Where an operation's requests go: its servers, the nearest that declares any (operation > path item > root). */
export interface IrOperationServers {
  /** `operation` or `path` when the operation or its path item declares servers (a non-empty list); else `root`. */
  declaredAt: 'operation' | 'path' | 'root';
  /** The effective servers, the default first; the root's when declaredAt is `root`. */
  servers: IrServer[];
  /** Where the effective list is declared (JSON pointer), for messages. */
  pointer: string;
}

export interface IrOperation {
  /** operationId, or a stable name derived from method and path. */
  id: string;
  idIsDerived: boolean;
  method: HttpMethod;
  /** The path template as the spec writes it (the key under `paths`). */
  path: string;
  template: IrPathTemplate;
  tags: string[];
  summary?: string;
  description?: string;
  deprecated: boolean;
  parameters: Record<ParameterLocation, IrParameter[]>;
  /** The same parameters in document order: the path item's, then the operation's (one that overrides keeps its place). */
  allParameters: IrParameter[];
  body?: IrBody;
  responses: IrResponse[];
  /** The documented success status the SDKs return: the first 2xx (or 2XX) with a body, else the first 2xx (else 2XX), if any. */
  successStatus?: string;
  security: IrSecurity;
  pagination?: IrPagination;
  /** The idempotency header this operation accepts (e.g. "Idempotency-Key"), if any. */
  idempotencyHeader?: string;
  /** Its effective servers (operation > path item > root). */
  servers: IrOperationServers;
}

export interface IrSchema {
  name: string;
  schema: JsonSchema;
}

export interface IrSecurityScheme {
  name: string;
  type: string;
  /** For http schemes: "bearer", "basic". */
  scheme?: string;
  /** For apiKey schemes: where the key goes and its name. */
  in?: 'header' | 'query' | 'cookie';
  parameterName?: string;
  /** Declared scopes (OAuth flows or x-scopes), with whether they can be minted today. */
  scopes: Array<{ name: string; description?: string; mintable: boolean }>;
}

/** Key prefixes (x-key-format): which environment and key type a prefix means. */
export interface IrKeyPrefix {
  prefix: string;
  environment: string;
  type: string;
}

export interface RateLimitTier {
  tier: number;
  plan: string;
  perKey: number;
  perAccount: number;
}

/** What our API conventions add on top of plain OpenAPI; each part is optional for other specs. */
export interface IrConventions {
  /** From x-retry-policy, or the default that official clients follow. */
  retryPolicy: RetryPolicy;
  retryPolicyFromSpec: boolean;
  rateLimit: {
    limitHeader?: string;
    remainingHeader?: string;
    retryAfterHeader?: string;
    tiers: RateLimitTier[];
    headersDescribe?: string;
  };
  /** Name of the shared error schema (components.schemas), when every error response uses one. */
  errorSchema?: string;
  requestIdHeader?: string;
  /** Header carrying the spec digest between clients and services (x-spec-digest-header). */
  specDigestHeader?: string;
  keyPrefixes: IrKeyPrefix[];
  /** The whole-key pattern from x-key-format, when given. */
  keyPattern?: string;
}

/** One event a webhook endpoint receives (an OAS 3.1 `webhooks` entry, or in OpenAPI 3.0 a root `x-webhooks` one). */
export interface IrWebhookEvent {
  /** The key under `webhooks` (or 3.0's `x-webhooks`), e.g. "assessment.completed". */
  name: string;
  operationId?: string;
  summary?: string;
  /** The JSON body schema of the delivery (usually a `$ref` to the event schema). */
  schema: JsonSchema;
  /** The API calls that cause the event (`x-emitted-after`); empty when the spec does not say. */
  emittedAfter: IrEmittedAfter[];
}

/** One API call that causes an event (`x-emitted-after`), in OpenAPI runtime expressions as links use. */
export interface IrEmittedAfter {
  operationId: string;
  /** Request values that make the call cause the event: `$request.body#/status` -> `completed`. */
  when: Record<string, unknown>;
  /** What the event then holds: a JSON pointer into the payload -> a runtime expression or a constant. */
  payload: Record<string, unknown>;
}

/** How deliveries are signed (root `x-webhooks` settings; Standard Webhooks when the spec says nothing). */
export interface IrWebhooks {
  scheme: 'standard-webhooks';
  headers: { id: string; timestamp: string; signature: string };
  secretPrefix: string;
  toleranceSeconds: number;
  events: IrWebhookEvent[];
  /** How the sender delivers (root `x-webhooks`), for services; absent facts are null. */
  delivery: { timeoutSeconds: number | null; maxPayloadBytes: number | null; retryScheduleSeconds: number[] };
}

export interface IrWarning {
  pointer: string;
  message: string;
}

export interface Ir {
  /** The spec path as given, e.g. "spec/openapi.yaml". */
  source: string;
  /** sha256 of the bundled document: the spec digest every artifact records (computed when first read). */
  readonly digest: string;
  openapiVersion: string;
  /** `sdkName`: what the SDKs are named after (`--name`, else `info.x-sdk-name`), when not the title. */
  info: { title: string; version: string; description?: string; sdkName?: string };
  /** The root servers, as the spec lists them (none when it lists none). */
  servers: IrServer[];
  operations: IrOperation[];
  schemas: IrSchema[];
  /**
   * Schemas a `$ref` inside a schema reaches outside `#/components/schemas` (eos.local refs a
   * property of a path's response: `#/paths/~1net~1status/post/responses/200/…`), by JSON pointer,
   * so that the shared schema can carry them where the refs point.
   */
  schemasElsewhere?: Array<{ pointer: string; schema: JsonSchema }>;
  securitySchemes: IrSecurityScheme[];
  conventions: IrConventions;
  /** Present when the spec declares webhooks (OAS `webhooks`, 3.0's root `x-webhooks` path items) or signing settings (root `x-webhooks`). */
  webhooks?: IrWebhooks;
  warnings: IrWarning[];
  /** The bundled document, for document-to-document plugins only (the others read `model`). */
  document: OpenApiDocument;
  /** Every schema of the document, read through one object (core/schema-model.ts). */
  model: SchemaModel;
  /** How the API differs from its last released version, when one was named (the packages' CHANGELOG.md). */
  release?: IrRelease;
  /**
   * Operations the API has that the config's `exclude` left out of this description: the contract
   * suites neither send them nor call their methods unsupported.
   */
  excluded: ExcludedOperation[];
}

/** The breaking gate's classification between the last released description and this one. */
export interface IrRelease {
  /** Names the released version: "git:5e4d5b2a4851" or a file path. */
  label: string;
  /** Its info.version. */
  version: string;
  changes: IrChange[];
  /** The bump info.version needs, and the one the generated SDKs need (major also when only their signatures change). */
  advice: 'major' | 'minor' | 'patch' | 'none';
  sdkAdvice: 'major' | 'minor' | 'patch' | 'none';
  /** What could not be compared, and why (the CHANGELOG says it). */
  unchecked?: string;
}

export interface IrChange {
  /** The gate's rule id, e.g. "response-property-removed". */
  rule: string;
  where: string;
  detail: string;
  /** Who it breaks: clients, servers, sdks; empty when compatible. */
  breaks: string[];
  /** What an existing client sees. */
  consequence: string;
  docsOnly: boolean;
}
