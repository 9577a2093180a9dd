/**
 * The intermediate representation every emitter reads. Built once from a loaded document by
 * build-ir.ts. Schemas stay JSON Schema (with local `#/components/...` refs) because two
 * consumers need exactly that: Fastify validation and contract-test validation; TypeScript types
 * come from openapi-typescript. `document` is kept only for document-to-document emitters (the
 * mock's copy).
 */
import type { OpenApiDocument } from './load.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
export const HTTP_METHODS: HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A JSON Schema as written in the document (2020-12 for 3.1, the OAS dialect for 3.0). */
export type JsonSchema = Record<string, unknown> | boolean;

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface IrParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: JsonSchema;
  description?: string;
  deprecated: boolean;
  /** Example value, from `example` or the first of `examples`, when the spec gives one. */
  example?: unknown;
  /** Error code a validation failure of this parameter gets (x-error-code). */
  errorCode?: string;
  /** Parameters this one cannot be sent with (x-mutually-exclusive-with). */
  exclusiveWith?: string[];
}

export interface IrBody {
  required: boolean;
  /** The media type used, e.g. "application/json". */
  contentType: string;
  /** True for application/json and +json media types. */
  isJson: boolean;
  schema: JsonSchema;
  /** Example values, in document order. */
  examples: unknown[];
}

export interface IrHeader {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface IrResponse {
  /** "200", "4XX", "default". */
  status: string;
  description: string;
  contentType?: string;
  isJson: boolean;
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
}

/** Cursor paging, detected from the list envelope shape and the cursor parameters. */
export interface IrPagination {
  dataField: string;
  hasMoreField: string;
  nextCursorField: string;
  previousCursorField?: string;
  forwardParam: string;
  backwardParam?: string;
  limitParam?: string;
  limit?: { minimum?: number; maximum?: number; default?: number };
  itemSchema: JsonSchema;
}

export interface IrOperation {
  /** operationId, or a stable name derived from method and path. */
  id: string;
  idIsDerived: boolean;
  method: HttpMethod;
  path: string;
  /** Where the client puts it: resource chain and method, e.g. ["nature","subjects"] + "create". */
  resource: string[];
  methodName: string;
  tags: string[];
  summary?: string;
  description?: string;
  deprecated: boolean;
  parameters: Record<ParameterLocation, IrParameter[]>;
  body?: IrBody;
  responses: IrResponse[];
  /** The documented success status the client returns (first 2xx), if any. */
  successStatus?: string;
  security: IrSecurity;
  pagination?: IrPagination;
  /** The idempotency header this operation accepts (e.g. "Idempotency-Key"), if any. */
  idempotencyHeader?: string;
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

export interface RetryPolicy {
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  backoffMultiplier: number;
  jitter: 'none' | 'full' | 'equal';
  respectRetryAfter: boolean;
  retryOnConnectionError: boolean;
  retryableStatuses: number[];
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
  /** Environment variable prefix for clients, e.g. "ASSESSMENT_SERVICE". */
  envPrefix: string;
  /** Client class name, e.g. "AssessmentServiceClient". */
  clientName: string;
  /** npm package name for the generated client, e.g. "assessment-service-client". */
  packageName: string;
}

/** One event a webhook endpoint receives (an OAS 3.1 `webhooks` entry). */
export interface IrWebhookEvent {
  /** The key under `webhooks`, e.g. "assessment.completed". */
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

/** How deliveries are signed (root `x-webhooks`; Standard Webhooks when the spec says nothing). */
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
  /** sha256 of the bundled document: the spec digest every artifact records. */
  digest: string;
  openapiVersion: string;
  info: { title: string; version: string; description?: string };
  servers: Array<{ url: string; description?: string }>;
  operations: IrOperation[];
  schemas: IrSchema[];
  securitySchemes: IrSecurityScheme[];
  conventions: IrConventions;
  /** Present when the spec declares webhooks (OAS `webhooks` or root `x-webhooks`). */
  webhooks?: IrWebhooks;
  warnings: IrWarning[];
  /** The bundled document, for document-to-document emitters. */
  document: OpenApiDocument;
}
