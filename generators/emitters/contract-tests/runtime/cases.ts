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
  pagination?: { limitParam?: string; forwardParam: string; backwardParam?: string; dataField: string; hasMoreField: string; nextCursorField: string; previousCursorField?: string };
  idempotencyHeader?: string;
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
}
