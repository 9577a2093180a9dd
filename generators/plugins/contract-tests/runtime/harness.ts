/**
 * Runs the generated contract cases against a target: sends requests, validates responses with
 * a JSON Schema 2020-12 validator against the spec, and explains failures by operation, status
 * and JSON pointer. The target comes from the environment, so the same suites run against the
 * mock, the reference service or a deployed sandbox.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { AuthCase, Cases, OperationCase, ParameterCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, ConfigurationError, ProblemsError } from './findings.js';
import { cookieHeader, encodeBody, fillPath, headerValue, queryString } from './serialize.js';
import type { PacedTransport } from './transport.js';

export interface TargetKey {
  key: string;
  scopes: string[];
}

export interface Target {
  name: string;
  baseUrl: string;
  /** A key with every scope the operations need. */
  apiKey?: string;
  /** More keys with known scopes, for the insufficient-scope checks. */
  keys: TargetKey[];
  revokedKey?: string;
  /** Keeps state between requests (false for the mock). */
  stateful: boolean;
  /** Enforces rules beyond the schemas (x-mutually-exclusive-with, idempotency): false for the mock. */
  semantic: boolean;
  /** A mock (Prism) stands in for the API: what it accepts or answers wrongly is a mock finding, not a target one. */
  mock: boolean;
  /** A key of another account (CONTRACT_OTHER_ACCOUNT_KEY), for the cross-tenant checks. */
  otherAccountKey?: string;
  /** The paced fetch every request goes through (set by ContractChecks). */
  transport?: PacedTransport;
}

/**
 * CONTRACT_BASE_URL, CONTRACT_API_KEY, CONTRACT_KEYS (JSON [{key,scopes}]), CONTRACT_REVOKED_KEY,
 * CONTRACT_OTHER_ACCOUNT_KEY, CONTRACT_STATEFUL, CONTRACT_SEMANTIC, CONTRACT_MOCK (default: true
 * when CONTRACT_STATEFUL=false).
 */
export function targetFromEnv(env: Record<string, string | undefined> = process.env): Target {
  const baseUrl = env.CONTRACT_BASE_URL;
  if (!baseUrl)
    throw new ConfigurationError(
      'CONTRACT_BASE_URL is not set: run these suites with `npm run test:contract`, or set it to the target to check.',
    );
  const stateful = env.CONTRACT_STATEFUL !== 'false';
  return {
    name: env.CONTRACT_TARGET_NAME ?? baseUrl,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: env.CONTRACT_API_KEY || undefined,
    keys: env.CONTRACT_KEYS ? (JSON.parse(env.CONTRACT_KEYS) as TargetKey[]) : [],
    revokedKey: env.CONTRACT_REVOKED_KEY || undefined,
    stateful,
    semantic: env.CONTRACT_SEMANTIC ? env.CONTRACT_SEMANTIC !== 'false' : stateful,
    mock: env.CONTRACT_MOCK ? env.CONTRACT_MOCK === 'true' : !stateful,
    otherAccountKey: env.CONTRACT_OTHER_ACCOUNT_KEY || undefined,
  };
}

export interface Sent {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface RequestSpec {
  method: string;
  /** The path, parameters already in it and encoded in their styles. */
  path: string;
  /** Query parameter values, serialised in the styles of `params`. */
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  cookies?: Record<string, unknown>;
  body?: unknown;
  contentType?: string;
  /** undefined: the target's key; null: no credentials; a string: that key. */
  key?: string | null;
  /** The operation's parameters (their styles) and where its credentials go. */
  params?: ParameterCase[];
  auth?: AuthCase;
  /** The Accept header: the media types the operation answers with (JSON when unset). */
  accept?: string;
  /** The path parameters' values, typed (what `path` was filled with), for the generated client. */
  pathValues?: Record<string, unknown>;
}

/** An Accept header for an operation: JSON where it answers JSON, else its success media types (errors may still come as JSON). */
export function acceptOf(operation: OperationCase): string | undefined {
  const success = Object.entries(operation.responses)
    .filter(([status]) => /^2/.test(status))
    .flatMap(([, response]) => response.mediaTypes ?? []);
  if (success.length === 0 || success.some((type) => /json/i.test(type))) return undefined;
  return [...new Set(success), 'application/json;q=0.5', '*/*;q=0.1'].join(', ');
}

/** Where a key goes for an operation's security scheme (bearer when the spec says nothing else). */
export function placeKey(
  auth: AuthCase | undefined,
  key: string,
  into: { headers: Record<string, string>; query: Record<string, unknown>; cookies: Record<string, unknown> },
): void {
  switch (auth?.kind) {
    case 'basic':
      into.headers.authorization = `Basic ${Buffer.from(key.includes(':') ? key : `${key}:`).toString('base64')}`;
      return;
    case 'header':
      into.headers[auth.name!.toLowerCase()] = key;
      return;
    case 'query':
      into.query[auth.name!] = key;
      return;
    case 'cookie':
      into.cookies[auth.name!] = key;
      return;
    default:
      into.headers.authorization = `Bearer ${key}`;
  }
}

/** The URL a request goes to (path and query string in the parameters' styles). */
export function urlOf(
  target: Target,
  request: RequestSpec,
  query: Record<string, unknown> = request.query ?? {},
): URL {
  const search = queryString(request.params ?? [], query);
  return new URL(
    `${target.baseUrl}${request.path}${search ? `${request.path.includes('?') ? '&' : '?'}${search}` : ''}`,
  );
}

export async function send(target: Target, request: RequestSpec): Promise<Sent> {
  const headers: Record<string, string> = { accept: request.accept ?? 'application/json' };
  for (const [name, value] of Object.entries(request.headers ?? {}))
    headers[name.toLowerCase()] = headerValue(
      request.params?.find(
        (param) => param.in === 'header' && param.name.toLowerCase() === name.toLowerCase(),
      ),
      value,
    );
  const query = { ...(request.query ?? {}) };
  const cookies = { ...(request.cookies ?? {}) };
  const key = request.key === undefined ? target.apiKey : request.key;
  if (key) placeKey(request.auth, key, { headers, query, cookies });
  if (Object.keys(cookies).length)
    headers.cookie = cookieHeader(request.params?.filter((param) => param.in === 'cookie') ?? [], cookies);
  const url = urlOf(target, request, query);
  let body: string | FormData | undefined;
  if (request.body !== undefined) {
    const encoded = encodeBody(request.body, request.contentType ?? 'application/json');
    body = encoded.body;
    if (encoded.contentType) headers['content-type'] = encoded.contentType;
  }
  let response: Response;
  try {
    // A redirect is an answer to check (a documented 302), not a place to go.
    response = await (target.transport?.fetch ?? fetch)(url, {
      method: request.method.toUpperCase(),
      headers,
      body,
      redirect: 'manual',
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // fetch refusing what we built (a header it cannot send) is our bug, not a target that did not answer.
    if (!cause) throw error;
    throw new ProblemsError([
      {
        class: target.mock ? 'mock' : 'target',
        check: 'not_a_server_error',
        message: `${request.method.toUpperCase()} ${url.pathname}${url.search}: no answer (${cause?.code ?? cause?.message ?? (error as Error).message})`,
        fix: 'The target must answer every request; check that it is running and does not drop the connection.',
        key: `${target.mock ? 'mock' : 'target'}|no-answer|${cause?.code ?? 'error'}`,
        curl: curlLine(target, request),
      },
    ]);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: validation reports it */
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ??
  formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** A schema that cannot be compiled: the spec's fault when it is not valid JSON Schema or has a pattern JavaScript cannot read. */
export class SchemaError extends Error {
  override name = 'SchemaError';
  constructor(
    message: string,
    readonly bySpec: boolean,
  ) {
    super(message);
  }
}

/** Every `pattern` in a schema and the shared schemas it refers to. */
function patternsOf(node: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 64 || !node || typeof node !== 'object') return out;
  if (Array.isArray(node)) node.forEach((item) => patternsOf(item, out, depth + 1));
  else
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') out.push(value);
      else if (key === 'patternProperties' && value && typeof value === 'object')
        out.push(...Object.keys(value));
      else patternsOf(value, out, depth + 1);
    }
  return out;
}

/** Validates bodies against the spec's schemas; errors name the JSON pointer of each violation. */
export class SpecValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new WeakMap<object, ValidateFunction>();
  private readonly shared: object;

  constructor(cases: Cases) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
    addFormats(this.ajv);
    this.ajv.addKeyword({ keyword: 'example' });
    this.ajv.addKeyword({ keyword: 'discriminator' });
    this.shared = cases.sharedSchema;
    this.ajv.addSchema(cases.sharedSchema);
  }

  private isReadOnly(schema: unknown, property: string): boolean {
    return readOnlyIn(this.ajv, schema, property);
  }

  private compile(schema: object): ValidateFunction {
    const found = this.compiled.get(schema);
    if (found) return found;
    let validate: ValidateFunction;
    try {
      validate = this.ajv.compile(schema);
    } catch (error) {
      const unreadable = [...patternsOf(schema), ...patternsOf(this.shared)].filter((pattern) => {
        try {
          new RegExp(pattern, 'u');
          return false;
        } catch {
          return true;
        }
      });
      if (unreadable.length)
        throw new SchemaError(
          `pattern ${JSON.stringify(unreadable[0])} is not an ECMA-262 regular expression (JSON Schema's dialect)`,
          true,
        );
      if (!this.ajv.validateSchema(schema))
        throw new SchemaError(
          `the schema is not valid JSON Schema: ${this.ajv.errorsText(this.ajv.errors)}`,
          true,
        );
      throw new SchemaError(`Ajv cannot compile the schema: ${(error as Error).message}`, false);
    }
    this.compiled.set(schema, validate);
    return validate;
  }

  /**
   * Violations as "<pointer> <message>", empty when the value conforms. For a request
   * (`direction: 'request'`), a missing required property that is readOnly is no violation: the
   * server sets it (OpenAPI 3.x). A boolean schema (`true` for "anything") needs no compiling.
   */
  violations(
    schema: object | boolean | undefined,
    value: unknown,
    direction: 'request' | 'response' = 'response',
  ): string[] {
    if (schema === undefined || schema === true) return [];
    if (schema === false) return ['/ no value is allowed (schema false)'];
    const validate = this.compile(schema);
    if (validate(value)) return [];
    const errors = (validate.errors ?? []).filter(
      (error) =>
        !(
          direction === 'request' &&
          error.keyword === 'required' &&
          this.isReadOnly(error.parentSchema, String(error.params.missingProperty))
        ),
    );
    // Each branch of an anyOf/oneOf reports its own errors; without them the summary error stands alone
    // (unless a oneOf failed because more than one branch matched: that is a violation of its own).
    const summaryOnly = (error: ErrorObject) =>
      error.keyword === 'anyOf' ||
      error.keyword === 'if' ||
      (error.keyword === 'oneOf' &&
        !Array.isArray((error.params as { passingSchemas?: unknown }).passingSchemas));
    if (direction === 'request' && errors.every(summaryOnly)) return [];
    return errors.map(
      (error: ErrorObject) =>
        `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${error.params && 'allowedValues' in error.params ? ` (${(error.params.allowedValues as unknown[]).join(', ')})` : ''}`,
    );
  }
}

/** Whether `property` of an object schema (or its $ref) is readOnly. */
function readOnlyIn(ajv: Ajv2020, schema: unknown, property: string): boolean {
  let node = schema as Record<string, unknown> | undefined;
  for (let hops = 0; hops < 8 && node && typeof node.$ref === 'string'; hops += 1)
    node = ajv.getSchema(node.$ref)?.schema as Record<string, unknown> | undefined;
  let target = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[property];
  for (let hops = 0; hops < 8 && target && typeof target.$ref === 'string'; hops += 1)
    target = ajv.getSchema(target.$ref as string)?.schema as Record<string, unknown> | undefined;
  return target?.readOnly === true;
}

/** Adjusts a request body before it is sent (the suite tags what it creates). */
export type PrepareBody = (operation: OperationCase, body: unknown) => unknown;

/**
 * The request of an operation's positive case. On a stateful target, each path ID is made fresh
 * by the operation that produces it (recursively); on a stateless one the examples serve.
 */
export async function positiveRequest(
  target: Target,
  cases: Cases,
  operation: OperationCase,
  options: { seen?: string[]; prepare?: PrepareBody; key?: string | null } = {},
): Promise<RequestSpec> {
  const seen = options.seen ?? [];
  const values: Record<string, unknown> = {};
  for (const param of operation.pathParams) {
    let value = param.example;
    if (target.stateful && param.producer && !seen.includes(param.producer.operationId)) {
      const producer = cases.operations.find((candidate) => candidate.id === param.producer!.operationId);
      if (producer) {
        const request = await positiveRequest(target, cases, producer, {
          ...options,
          seen: [...seen, operation.id],
        });
        const created = await send(target, {
          ...request,
          ...(options.key !== undefined ? { key: options.key } : {}),
        });
        const id = (created.body as Record<string, unknown> | undefined)?.[param.producer.field];
        if (created.status >= 300 || typeof id !== 'string') {
          throw new ProblemsError([
            against(
              target,
              'ensure_resource_availability',
              `could not create the ${param.name} for ${operation.id} with ${producer.id}: ${created.status} ${created.text.slice(0, 200)}`,
              {
                operation: producer.id,
                pointer: producer.pointer,
                fix: `${producer.id} must accept its own valid request and answer with the ${param.producer.field} that ${operation.id} needs.`,
              },
            ),
          ]);
        }
        value = id;
      }
    }
    values[param.name] = pathParamValue(operation, param.name, value);
  }
  const body =
    options.prepare && operation.body !== undefined
      ? options.prepare(operation, operation.body)
      : operation.body;
  return {
    method: operation.method,
    path: fillPath(operation.path, operation.parameters ?? [], values),
    pathValues: values,
    query: operation.query,
    headers: operation.headers,
    body,
    contentType: operation.bodyContentType,
    params: operation.parameters,
    auth: operation.auth,
    ...(acceptOf(operation) ? { accept: acceptOf(operation) } : {}),
    ...(options.key !== undefined ? { key: options.key } : {}),
  };
}

/**
 * A path parameter's value as its schema types it: cases.json keeps examples as strings, and an
 * array or object in the label or matrix style must go out as one.
 */
export function pathParamValue(operation: OperationCase, name: string, value: string): unknown {
  const param = operation.parameters?.find((candidate) => candidate.in === 'path' && candidate.name === name);
  const type = (param?.schema as { type?: unknown } | undefined)?.type;
  if ((type === 'array' || type === 'object') && /^[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** The path parameters of a concrete path, read against its template. */
export function pathParamsOf(template: string, path: string): Record<string, string> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const pattern = new RegExp(
    `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+?)')}$`,
  );
  const match = pattern.exec(path);
  return match
    ? Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1])]))
    : {};
}

/**
 * Follows a list from `start` (or its first page) until `has_more` is false, or until `enough`
 * says the pages so far suffice. There is no page cap: a cursor that comes back, or a page that
 * adds no item while `has_more` stays true, ends the walk with an error instead.
 */
export async function walk(
  target: Target,
  operation: OperationCase,
  request: RequestSpec,
  direction: 'forward' | 'backward',
  options: {
    start?: string;
    limit?: number;
    enough?: (pages: Array<Record<string, unknown>>) => boolean;
  } = {},
): Promise<Array<Record<string, unknown>>> {
  const paging = operation.pagination!;
  const pages: Array<Record<string, unknown>> = [];
  const cursors = new Set<string>();
  let cursor = options.start;
  for (let index = 0; ; index += 1) {
    const param = direction === 'forward' ? paging.forwardParam : paging.backwardParam!;
    const query = {
      ...request.query,
      ...(paging.limitParam && options.limit ? { [paging.limitParam]: options.limit } : {}),
      ...(cursor ? { [param]: cursor } : {}),
    };
    const sent = await send(target, { ...request, query });
    const stop = (message: string) =>
      new ProblemsError([
        against(target, 'paging', message, {
          operation: operation.id,
          pointer: operation.pointer,
          fix: `Every page of ${operation.id} must answer 200 and move on, until ${paging.hasMoreField} is false.`,
        }),
      ]);
    if (sent.status !== 200)
      throw stop(
        `${operation.id}: page ${index + 1} (${direction}) answered ${sent.status}: ${sent.text.slice(0, 200)}`,
      );
    const page = sent.body as Record<string, unknown>;
    pages.push(page);
    if (page[paging.hasMoreField] !== true || options.enough?.(pages)) return pages;
    const items = page[paging.dataField];
    if (!Array.isArray(items) || items.length === 0)
      throw stop(
        `${operation.id}: page ${index + 1} (${direction}) is empty but ${paging.hasMoreField} is true`,
      );
    cursor = String(
      direction === 'forward' ? page[paging.nextCursorField] : page[paging.previousCursorField!],
    );
    if (cursors.has(cursor))
      throw stop(
        `${operation.id}: page ${index + 1} (${direction}) hands back a cursor already followed (${cursor}); the walk would never end`,
      );
    cursors.add(cursor);
  }
}
