/** What the generator tells the plugin about each operation. */

export interface RouteSecurity {
  /** True when the operation needs no credentials. */
  isPublic: boolean;
  /** Scopes the operation requires (any alternative's). */
  scopes: string[];
  /** Key types allowed (x-key-types), when the spec says. */
  keyTypes?: string[];
}

export interface RouteSchema {
  params?: object;
  querystring?: object;
  headers?: object;
  body?: object;
  response?: Record<string, object>;
}

export interface RouteSpec {
  operationId: string;
  method: string;
  /** The OpenAPI path, e.g. "/v1/nature/subjects/{subject_id}". */
  path: string;
  /** The Fastify URL, e.g. "/v1/nature/subjects/:subject_id". */
  url: string;
  /** A query parameter or header the request must carry (from a "?" or "#" in the path template). */
  match?: { in: 'query' | 'header'; name: string; value: string };
  /** Fastify-safe path parameter name -> the spec's name (they differ when the spec's has "-" or "."). */
  paramNames: Record<string, string>;
  security: RouteSecurity;
  successStatus?: number;
  /** The request body's media type, when the operation takes one. */
  bodyContentType?: string;
  /** The body is optional: validated only when one is sent. */
  bodyOptional?: boolean;
  idempotencyHeader?: string;
  /** Parameter name -> the error code a failure of its bounds (minimum, maxLength, ...) gets (x-error-code). */
  errorCodes: Record<string, string>;
  /** Pairs of parameters that cannot be sent together, with the error code (x-mutually-exclusive-with). */
  exclusive: Array<{ params: [string, string]; code: string }>;
  schema: RouteSchema;
}
