/** The shape of cases.json: what the generator derived from the spec for each operation. */

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
  /** The whole body, or query parameters to set (null removes a parameter). */
  body?: unknown;
  query?: Record<string, unknown>;
  /** Needs a target that validates beyond JSON Schema (the mock does not know x- rules). */
  semantic?: boolean;
}

export interface ResponseCase {
  schema?: object;
  requiredHeaders: string[];
  /** Schemas of the documented headers, to check their values too. */
  headerSchemas?: Record<string, object>;
}

export interface OperationCase {
  id: string;
  method: string;
  path: string;
  isPublic: boolean;
  scopes: string[];
  keyTypes?: string[];
  pathParams: Array<{ name: string; example: string; producer?: ProducerRef }>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body?: unknown;
  bodyContentType?: string;
  responses: Record<string, ResponseCase>;
  negative: NegativeCase[];
  pagination?: { limitParam?: string; limit?: { minimum?: number; maximum?: number; default?: number }; forwardParam: string; backwardParam?: string; dataField: string; hasMoreField: string; nextCursorField: string; previousCursorField?: string };
  idempotencyHeader?: string;
  /** What the property-based stage generates inputs from (JSON Schema 2020-12, refs into sharedSchema). */
  generation: GenerationCase;
  /** A body property taking a `{name: string}` map, where the suite tags what it creates (e.g. metadata). */
  tag?: { field: string; maxProperties?: number };
}

/** The request schemas of one operation, for fast-check arbitraries. */
export interface GenerationCase {
  body?: object;
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
  read?: LinkCase;
  update?: LinkCase;
  delete?: LinkCase;
  /** The list the created item belongs to (a paged GET on the create's path). */
  list?: LinkCase;
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
  schema: object;
  value: unknown;
}

export interface Cases {
  specDigest: string;
  /** Response header in which a target reports the digest of its spec, when the spec names one. */
  specDigestHeader?: string;
  sharedSchema: { $id: string } & object;
  operations: OperationCase[];
  examples: ExampleCase[];
  resources: ResourceCase[];
  stateMachines: StateMachineCase[];
  /** Key prefixes and the environment each selects (x-key-format), for the configuration check. */
  keyPrefixes: Array<{ prefix: string; environment: string }>;
  rateLimitHeaders: { limit?: string; remaining?: string; retryAfter?: string };
}
