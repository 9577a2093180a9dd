/**
 * Runtime validation against the spec's schemas, off unless the client's `validation` option turns
 * it on. The schemas are Standard Schema validators (`'~standard'.validate`: zod 4, valibot,
 * ArkType), so this package depends on none of them; the generated zod module's `operationSchemas`
 * is the map it takes, keyed by `METHOD /path` as the spec writes the path.
 *
 * Checked: a call's query parameters and its JSON body, before anything is sent; a JSON success
 * body, before the call returns it. Not checked: path parameters (the client takes a string or a
 * number for each and sends its text, which the server reads by its schema), headers and cookies
 * (the client adds some of its own), bodies that are not JSON (form, multipart, text, binary) and
 * streams (SSE, NDJSON), which the caller reads after the call returns. A check never changes a value: the call returns
 * the body as received, not the validator's output (no defaults filled in, no coercion).
 */
import type { BodySpec } from './body.js';
import {
  ClientError,
  RequestValidationError,
  ResponseValidationError,
  type ValidationIssue,
} from './errors.js';
import type { OperationSpec } from './operation.js';
import type { ResponseMediaSpec } from './response.js';
import { ownValue } from './serialize.js';

/** What a Standard Schema validator answers: the value, or the issues. */
export type StandardResult =
  { readonly value: unknown; readonly issues?: undefined } | { readonly issues: readonly ValidationIssue[] };

/** A Standard Schema validator (https://standardschema.dev), e.g. any zod 4 schema. */
export interface StandardSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult | Promise<StandardResult>;
  };
}

/** One operation's schemas, as the generated zod module's `operationSchemas` holds them. */
export interface OperationSchemas {
  /** Its parameters by location, each an object schema of that location's parameters. */
  readonly parameters?:
    Readonly<Partial<Record<'path' | 'query' | 'header' | 'cookie', StandardSchema>>> | undefined;
  /** Its request body per media type. */
  readonly body?: Readonly<Record<string, StandardSchema>> | undefined;
  /** Its responses per status (`200`, `2XX`, `default`), each per media type. */
  readonly responses?: Readonly<Record<string, Readonly<Record<string, StandardSchema>>>> | undefined;
}

export interface ValidationOptions {
  /** Each operation's schemas by `METHOD /path` (the generated zod module's `operationSchemas`). */
  schemas: Readonly<Record<string, OperationSchemas>>;
  /** Check every JSON success body before the call returns it; a ResponseValidationError otherwise. */
  responses?: boolean | undefined;
  /** Check every call's query parameters and JSON body; a RequestValidationError otherwise, and nothing is sent. */
  requests?: boolean | undefined;
}

/** The key an operation has in the schema map: `GET /v1/subjects/{subject_id}`. */
export function operationKey(operation: Pick<OperationSpec, 'method' | 'path'>): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

/** The client's `validation` option, checked once when the client is made. */
export class Validation {
  readonly responses: boolean;
  readonly requests: boolean;
  readonly #schemas: Readonly<Record<string, OperationSchemas>>;

  constructor(options: ValidationOptions) {
    if (!options || typeof options.schemas !== 'object' || options.schemas === null)
      throw new ClientError(
        'The validation option needs { schemas }: the operationSchemas of the zod module generated from the same spec.',
      );
    this.responses = options.responses === true;
    this.requests = options.requests === true;
    if (!this.responses && !this.requests)
      throw new ClientError(
        'The validation option checks nothing: set responses: true, requests: true, or both.',
      );
    this.#schemas = options.schemas;
  }

  /** The query parameters and the JSON body of a call; throws RequestValidationError on the first part refused. */
  async checkRequest(
    operation: OperationSpec,
    params: Record<string, unknown>,
    body: { spec: BodySpec; value: unknown } | undefined,
  ): Promise<void> {
    const key = operationKey(operation);
    const schemas = this.#schemasOf(key);
    // No prototype: a schema reads each declared name, and a query `constructor` left out is absent.
    const query: Record<string, unknown> = Object.assign(
      Object.create(null),
      Object.fromEntries(
        operation.params
          .filter((param) => param.in === 'query')
          .map((param) => [param.name, ownValue(params, param.name)] as const)
          .filter(([, value]) => value !== undefined && value !== null),
      ),
    );
    const querySchema = schemas.parameters?.query;
    const queryIssues = querySchema && (await issuesOf(querySchema, query));
    if (queryIssues) throw new RequestValidationError(key, 'query', query, queryIssues);
    // A body the spec gives no schema for (an `options.body` where the operation declares none) is not checked.
    const schema = body?.spec.kind === 'json' ? schemas.body?.[body.spec.mediaType] : undefined;
    const issues = schema && (await issuesOf(schema, body!.value));
    if (issues) throw new RequestValidationError(key, 'body', body!.value, issues);
  }

  /**
   * A success response read as `media` (JSON only; other kinds are not checked). A status the spec
   * does not declare for the operation, or a media type it does not declare for that status, is
   * refused too: there is no schema that would allow it.
   */
  async checkResponse(
    operation: OperationSpec,
    media: ResponseMediaSpec | undefined,
    response: { status: number; body: unknown; headers: Headers; requestId: string | null },
  ): Promise<void> {
    if (media?.kind !== 'json') return;
    const key = operationKey(operation);
    const responses = this.#schemasOf(key).responses ?? {};
    const status = String(response.status);
    const range = `${status[0]}XX`;
    const byMedia =
      responses[status] ?? responses[range] ?? responses[range.toLowerCase()] ?? responses.default;
    const refuse = (message: string) => new ResponseValidationError(key, response, [{ message }]);
    if (!byMedia) throw refuse(`the spec declares no ${status} response for this operation`);
    const schema = byMedia[media.mediaType];
    if (!schema) throw refuse(`the spec declares no ${media.mediaType} body for the ${status} response`);
    const issues = await issuesOf(schema, response.body);
    if (issues) throw new ResponseValidationError(key, response, issues);
  }

  #schemasOf(key: string): OperationSchemas {
    const found = Object.prototype.hasOwnProperty.call(this.#schemas, key) ? this.#schemas[key] : undefined;
    if (!found)
      throw new ClientError(
        `The validation schemas have no entry for ${key}: pass the operationSchemas of the zod module generated from the same spec as this client.`,
      );
    return found;
  }
}

/** The validator's issues, or undefined when it accepts the value. */
async function issuesOf(
  schema: StandardSchema,
  value: unknown,
): Promise<readonly ValidationIssue[] | undefined> {
  const result = await schema['~standard'].validate(value);
  // Standard Schema: issues present (even none listed) means the value is refused.
  return result.issues ?? undefined;
}
