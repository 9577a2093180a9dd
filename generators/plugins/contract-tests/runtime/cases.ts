/** The shape of cases.json: what the generator derived from the spec for each operation. */
import type { WrittenRecord } from './records.js';

export interface ProducerRef {
  /** The operation that creates the resource whose ID fills this path parameter. */
  operationId: string;
  /** Field of its response body holding the ID. */
  field: string;
}

export interface NegativeCase {
  name: string;
  /** Where the mutation applies. */
  in: 'body' | 'query';
  /** JSON pointer of the rule it breaks (the schema or parameter), when known. */
  pointer?: string | undefined;
  /** The whole body, or query parameters to set (null removes a parameter). */
  body?: unknown | undefined;
  query?: Record<string, unknown> | undefined;
  /** Needs a target that validates beyond JSON Schema (the mock does not know x- rules). */
  semantic?: boolean | undefined;
}

export interface ResponseCase {
  /** The JSON body's schema (`true` when a JSON media type declares none). */
  schema?: object | boolean | undefined;
  requiredHeaders: string[];
  /** Schemas of the documented headers, to check their values too. */
  headerSchemas?: Record<string, object> | undefined;
  /** The media types the spec declares for this status (empty: no body). */
  mediaTypes: string[];
  /** JSON pointer of the response in the spec. */
  pointer: string;
}

/** A parameter as the spec declares it, with how it goes on the wire (OpenAPI style and explode). */
export interface ParameterCase {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** JSON Schema 2020-12, refs into sharedSchema. */
  schema: object;
  style: string;
  explode: boolean;
  allowReserved?: boolean | undefined;
  /** A query parameter that may be sent empty (`name=`); otherwise an empty value counts as absent. */
  allowEmptyValue?: boolean | undefined;
  /** An array whose items are objects or arrays: each item goes as JSON text, which servers parse back (the SDKs' and stubs' `jsonItems`). */
  jsonItems?: true | undefined;
  /** JSON pointer of its declaration (the component when it is a $ref). */
  pointer: string;
}

/** How the operation takes credentials: the first scheme of its first security alternative. */
export interface AuthCase {
  scheme: string;
  /** bearer (also OAuth 2 and OpenID Connect tokens), basic, or an API key in a header, query parameter or cookie. */
  kind: 'bearer' | 'basic' | 'header' | 'query' | 'cookie';
  /** The header, query parameter or cookie name for API keys. */
  name?: string | undefined;
  /** JSON pointer of the security requirement that applies. */
  pointer: string;
}

export interface OperationCase {
  id: string;
  method: string;
  path: string;
  /** JSON pointer of the operation in the spec, e.g. `/paths/~1v1~1health/get`. */
  pointer: string;
  isPublic: boolean;
  scopes: string[];
  keyTypes?: string[] | undefined;
  pathParams: Array<{ name: string; example: string; producer?: ProducerRef }>;
  /** The records a write names by its path values (runtime/records.ts); absent for reads. */
  records?: WrittenRecord[] | undefined;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** Every declared parameter, with its style: how the suite serialises it. */
  parameters: ParameterCase[];
  auth?: AuthCase | undefined;
  body?: unknown | undefined;
  bodyContentType?: string | undefined;
  /** The body's schema for any media type (JSON, forms, multipart), to check a body before it is sent. */
  bodySchema?: object | undefined;
  bodyRequired?: boolean | undefined;
  /** JSON pointer of the request body. */
  bodyPointer?: string | undefined;
  /** Why the suite cannot build a valid body for this operation (e.g. only XML is declared); undefined when it can. */
  bodyUnsupported?: string | undefined;
  /** Why no check over HTTP can reach this operation (it only switches protocols); every check of it is skipped with this reason. */
  unreachable?: string | undefined;
  responses: Record<string, ResponseCase>;
  /** The success the SDKs return (the IR's: the first 2xx with a body, else the first 2xx). */
  successStatus?: string | undefined;
  negative: NegativeCase[];
  pagination?: {
    limitParam?: string | undefined;
    limit?: { minimum?: number; maximum?: number; default?: number } | undefined;
    forwardParam: string;
    backwardParam?: string | undefined;
    dataField: string;
    hasMoreField: string;
    nextCursorField: string;
    previousCursorField?: string | undefined;
  };
  idempotencyHeader?: string | undefined;
  /** What the property-based stage generates inputs from (JSON Schema 2020-12, refs into sharedSchema). */
  generation: GenerationCase;
  /** A body property taking a `{name: string}` map, where the suite tags what it creates (e.g. metadata). */
  tag?: { field: string; maxProperties?: number } | undefined;
}

/** The request schemas of one operation, for fast-check arbitraries. */
export interface GenerationCase {
  body?: object | undefined;
  /** Query parameters the generator may set (opaque cursors and mutually exclusive ones left out). */
  query: Array<{ name: string; required: boolean; schema: object }>;
}

/**
 * An OpenAPI link, or one inferred where the spec declares none: which operation follows, and
 * where each of its parameters comes from (`$response.body#/id`, `$request.path.subject_id`).
 */
export interface LinkCase {
  operationId: string;
  parameters: Record<string, string>;
}

/** What the suite can do with a created resource, from the links of its create operation. */
export interface ResourceCase {
  /** The create operation (a POST answering 2xx with the resource). */
  create: string;
  read?: LinkCase | undefined;
  update?: LinkCase | undefined;
  delete?: LinkCase | undefined;
  /** The list the created item belongs to (a paged GET on the create's path). */
  list?: LinkCase | undefined;
  /** "links" when the spec declares them, "inferred" from paths and schemas otherwise. */
  source: 'links' | 'inferred';
}

/** A state machine declared with x-state-machine on a resource schema. */
export interface StateMachineCase {
  schema: string;
  /** The operation that creates the resource (its first state is `initial`). */
  create: string;
  property: string;
  initial: string;
  transitions: Array<{ from: string; to: string; operationId: string; body?: unknown }>;
  /** States with no transition out. */
  final: string[];
}

export interface ExampleCase {
  where: string;
  /** JSON pointer of the example value (in components/examples when it is a $ref). */
  pointer: string;
  schema: object;
  value: unknown;
  /** What the example is for: an operation's request body, a parameter, or a response status. */
  operation?: string | undefined;
  status?: string | undefined;
  parameter?: string | undefined;
  /** `schema`: an example written inside a component schema (mocks answer with them). */
  part: 'request' | 'response' | 'parameter' | 'schema';
}

/** A declared path and the methods the spec declares on it (for 405 and OPTIONS). */
export interface PathCase {
  path: string;
  pointer: string;
  methods: string[];
  /** An operation on the path, whose positive request gives a concrete URL. */
  operationId: string;
}

export interface Cases {
  specDigest: string;
  /** Response header in which a target reports the digest of its spec, when the spec names one. */
  specDigestHeader?: string | undefined;
  sharedSchema: { $id: string } & object;
  operations: OperationCase[];
  examples: ExampleCase[];
  resources: ResourceCase[];
  stateMachines: StateMachineCase[];
  /** Key prefixes and the environment each selects (x-key-format), for the configuration check. */
  keyPrefixes: Array<{ prefix: string; environment: string }>;
  /** The whole-key pattern (x-key-format), to forge a well-formed key no one was issued. */
  keyPattern?: string | undefined;
  rateLimitHeaders: { limit?: string; remaining?: string; retryAfter?: string };
  paths: PathCase[];
  /** Where findings point: the spec file and the lines of the pointers they name. */
  locations: { file: string; lines: Record<string, number> };
}
