/**
 * Runs the generated contract cases against a target: sends requests, validates responses with
 * a JSON Schema 2020-12 validator against the spec, and explains failures by operation, status
 * and JSON pointer. The target comes from the environment, so the same suites run against the
 * mock, the reference service or a deployed sandbox.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { Cases, OperationCase } from './cases.js';
import type { PacedTransport } from './transport.js';
import { ConfigurationError } from './preflight.js';

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
  /** The paced fetch every request goes through (set by ContractChecks). */
  transport?: PacedTransport;
}

/** CONTRACT_BASE_URL, CONTRACT_API_KEY, CONTRACT_KEYS (JSON [{key,scopes}]), CONTRACT_REVOKED_KEY, CONTRACT_STATEFUL. */
export function targetFromEnv(env: Record<string, string | undefined> = process.env): Target {
  const baseUrl = env.CONTRACT_BASE_URL;
  if (!baseUrl) throw new ConfigurationError('CONTRACT_BASE_URL is not set: run these suites with `npm run test:contract`, or set it to the target to check.');
  const stateful = env.CONTRACT_STATEFUL !== 'false';
  return {
    name: env.CONTRACT_TARGET_NAME ?? baseUrl,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: env.CONTRACT_API_KEY || undefined,
    keys: env.CONTRACT_KEYS ? (JSON.parse(env.CONTRACT_KEYS) as TargetKey[]) : [],
    revokedKey: env.CONTRACT_REVOKED_KEY || undefined,
    stateful,
    semantic: env.CONTRACT_SEMANTIC ? env.CONTRACT_SEMANTIC !== 'false' : stateful,
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
  path: string;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  body?: unknown;
  contentType?: string;
  /** undefined: the target's key; null: no Authorization header; a string: that key. */
  key?: string | null;
}

export async function send(target: Target, request: RequestSpec): Promise<Sent> {
  const url = new URL(`${target.baseUrl}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  const headers: Record<string, string> = { accept: 'application/json', ...(request.headers ?? {}) };
  const key = request.key === undefined ? target.apiKey : request.key;
  if (key) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['content-type'] = request.contentType ?? 'application/json';
    body = typeof request.body === 'string' && !/json/.test(headers['content-type']) ? request.body : JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await (target.transport?.fetch ?? fetch)(url, { method: request.method.toUpperCase(), headers, body });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`${request.method.toUpperCase()} ${url.pathname}${url.search}: no answer (${cause?.code ?? cause?.message ?? (error as Error).message})`);
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

const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** Validates bodies against the spec's schemas; errors name the JSON pointer of each violation. */
export class SpecValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(cases: Cases) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
    addFormats(this.ajv);
    this.ajv.addKeyword({ keyword: 'example' });
    this.ajv.addKeyword({ keyword: 'discriminator' });
    this.ajv.addSchema(cases.sharedSchema);
  }

  private isReadOnly(schema: unknown, property: string): boolean {
    return readOnlyIn(this.ajv, schema, property);
  }

  /**
   * Violations as "<pointer> <message>", empty when the value conforms. For a request
   * (`direction: 'request'`), a missing required property that is readOnly is no violation: the
   * server sets it (OpenAPI 3.x).
   */
  violations(schema: object, value: unknown, direction: 'request' | 'response' = 'response'): string[] {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    if (validate(value)) return [];
    const errors = (validate.errors ?? []).filter((error) => !(direction === 'request' && error.keyword === 'required' && this.isReadOnly(error.parentSchema, String(error.params.missingProperty))));
    // Each branch of an anyOf/oneOf reports its own errors; without them the summary error stands alone.
    if (direction === 'request' && errors.every((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if')) return [];
    return errors.map((error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${error.params && 'allowedValues' in error.params ? ` (${(error.params.allowedValues as unknown[]).join(', ')})` : ''}`);
  }
}

/** Whether `property` of an object schema (or its $ref) is readOnly. */
function readOnlyIn(ajv: Ajv2020, schema: unknown, property: string): boolean {
  let node = schema as Record<string, unknown> | undefined;
  for (let hops = 0; hops < 8 && node && typeof node.$ref === 'string'; hops += 1) node = ajv.getSchema(node.$ref)?.schema as Record<string, unknown> | undefined;
  let target = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[property];
  for (let hops = 0; hops < 8 && target && typeof target.$ref === 'string'; hops += 1) target = ajv.getSchema(target.$ref as string)?.schema as Record<string, unknown> | undefined;
  return target?.readOnly === true;
}

/** Everything wrong with a response: undocumented status, body not matching, a required header missing. */
export function responseProblems(validator: SpecValidator, operation: OperationCase, sent: Sent): string[] {
  const documented = operation.responses[String(sent.status)] ?? operation.responses[`${String(sent.status)[0]}XX`] ?? operation.responses.default;
  const label = `${operation.id} ${sent.status}`;
  if (!documented) return [`${label}: status ${sent.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')}); body: ${sent.text.slice(0, 200)}`];
  const problems: string[] = [];
  if (documented.schema) problems.push(...validator.violations(documented.schema, sent.body).map((violation) => `${label}: ${violation}`));
  for (const header of documented.requiredHeaders) {
    if (sent.headers.get(header) === null) problems.push(`${label}: required header ${header} is missing`);
  }
  for (const [header, schema] of Object.entries(documented.headerSchemas ?? {})) {
    const raw = sent.headers.get(header);
    if (raw === null) continue;
    const type = (schema as { type?: unknown }).type;
    // Header values are strings on the wire; a numeric or boolean schema reads them as such.
    const value = (type === 'integer' || type === 'number') && raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : type === 'boolean' && (raw === 'true' || raw === 'false') ? raw === 'true' : raw;
    problems.push(...validator.violations(schema, value).map((violation) => `${label}: header ${header} ${JSON.stringify(raw)}: ${violation.replace(/^\/ /, '')}`));
  }
  return problems;
}

/** A documented 4xx whose body matches the spec: what every invalid request must get. */
export function clientErrorProblems(validator: SpecValidator, operation: OperationCase, sent: Sent, wanted?: number): string[] {
  const problems = responseProblems(validator, operation, sent);
  if (wanted !== undefined && sent.status !== wanted) problems.unshift(`${operation.id}: expected ${wanted}, got ${sent.status}: ${sent.text.slice(0, 200)}`);
  else if (sent.status < 400 || sent.status >= 500) problems.unshift(`${operation.id}: expected a 4xx, got ${sent.status}: ${sent.text.slice(0, 200)}`);
  return problems;
}

/** Adjusts a request body before it is sent (the suite tags what it creates). */
export type PrepareBody = (operation: OperationCase, body: unknown) => unknown;

/**
 * The request of an operation's positive case. On a stateful target, each path ID is made fresh
 * by the operation that produces it (recursively); on a stateless one the examples serve.
 */
export async function positiveRequest(target: Target, cases: Cases, operation: OperationCase, options: { seen?: string[]; prepare?: PrepareBody } = {}): Promise<RequestSpec> {
  const seen = options.seen ?? [];
  let path = operation.path;
  for (const param of operation.pathParams) {
    let value = param.example;
    if (target.stateful && param.producer && !seen.includes(param.producer.operationId)) {
      const producer = cases.operations.find((candidate) => candidate.id === param.producer!.operationId);
      if (producer) {
        const request = await positiveRequest(target, cases, producer, { ...options, seen: [...seen, operation.id] });
        const created = await send(target, request);
        const id = (created.body as Record<string, unknown> | undefined)?.[param.producer.field];
        if (created.status >= 300 || typeof id !== 'string') throw new Error(`could not create the ${param.name} for ${operation.id} with ${producer.id}: ${created.status} ${created.text.slice(0, 200)}`);
        value = id;
      }
    }
    path = path.replace(`{${param.name}}`, encodeURIComponent(value));
  }
  const body = options.prepare && operation.body !== undefined ? options.prepare(operation, operation.body) : operation.body;
  return { method: operation.method, path, query: operation.query, headers: operation.headers, body, contentType: operation.bodyContentType };
}

/** The path parameters of a concrete path, read against its template. */
export function pathParamsOf(template: string, path: string): Record<string, string> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)')}$`);
  const match = pattern.exec(path);
  return match ? Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1])])) : {};
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
  options: { start?: string; limit?: number; enough?: (pages: Array<Record<string, unknown>>) => boolean } = {},
): Promise<Array<Record<string, unknown>>> {
  const paging = operation.pagination!;
  const pages: Array<Record<string, unknown>> = [];
  const cursors = new Set<string>();
  let cursor = options.start;
  for (let index = 0; ; index += 1) {
    const param = direction === 'forward' ? paging.forwardParam : paging.backwardParam!;
    const query = { ...request.query, ...(paging.limitParam && options.limit ? { [paging.limitParam]: options.limit } : {}), ...(cursor ? { [param]: cursor } : {}) };
    const sent = await send(target, { ...request, query });
    if (sent.status !== 200) throw new Error(`${operation.id}: page ${index + 1} (${direction}) answered ${sent.status}: ${sent.text.slice(0, 200)}`);
    const page = sent.body as Record<string, unknown>;
    pages.push(page);
    if (page[paging.hasMoreField] !== true || options.enough?.(pages)) return pages;
    const items = page[paging.dataField];
    if (!Array.isArray(items) || items.length === 0) throw new Error(`${operation.id}: page ${index + 1} (${direction}) is empty but ${paging.hasMoreField} is true`);
    cursor = String(direction === 'forward' ? page[paging.nextCursorField] : page[paging.previousCursorField!]);
    if (cursors.has(cursor)) throw new Error(`${operation.id}: page ${index + 1} (${direction}) hands back a cursor already followed (${cursor}); the walk would never end`);
    cursors.add(cursor);
  }
}
