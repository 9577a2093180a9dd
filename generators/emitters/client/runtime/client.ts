/**
 * The HTTP core every generated client extends: auth, URL and body building, timeouts, abort,
 * retries with backoff and Retry-After, idempotency keys, error mapping and paging. Generated
 * resource methods are one-liners over `request` and `requestPage`.
 */
import { APIPromise, type RateLimitState, type WithResponse } from './api-promise.js';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, ClientError, retryAfterMs } from './errors.js';
import { assertKeyAllowedHere, keyPrefixOf, type KeyPrefix } from './keys.js';
import { CursorPage, PagePromise, type PaginationSpec } from './pagination.js';
import { backoffDelayMs, isRetryableStatus, MAX_RETRY_AFTER_MS, type RetryPolicy } from './retry.js';

/** What the generator knows about the API, fixed per generated client. */
export interface ClientConfig {
  /** Environment variable read when no apiKey option is given. */
  apiKeyEnv: string;
  /** Environment variable read when no baseURL option is given. */
  baseUrlEnv: string;
  defaultBaseURL: string;
  retryPolicy: RetryPolicy;
  keyPrefixes: KeyPrefix[];
  /**
   * How the key is sent. `cookie`: a browser session (the browser sends the cookie itself; outside
   * a browser `apiKey` is sent as that cookie), with the CSRF header the same operations require.
   */
  auth: { kind: 'bearer' } | { kind: 'header'; name: string } | { kind: 'query'; name: string } | { kind: 'cookie'; name: string; csrfHeader?: string } | { kind: 'none' };
  requestIdHeader?: string;
  rateLimitHeaders?: { limit?: string; remaining?: string };
  /** Header carrying the spec digest this client was generated from, and the digest. */
  specDigest?: { header: string; value: string };
  userAgent: string;
}

export interface ClientOptions {
  /** The API key. Defaults to the environment variable named in the README. */
  apiKey?: string;
  baseURL?: string;
  /** Retries after the first attempt. Defaults to the spec's retry policy (3). */
  maxRetries?: number;
  /** Per-attempt timeout in milliseconds (default 60 000). */
  timeout?: number;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
  defaultHeaders?: Record<string, string>;
  /** Cookie-session APIs: the CSRF token sent in the spec's CSRF header (also settable later as `client.csrfToken`). */
  csrfToken?: string;
  /** fetch's `credentials` (default `same-origin` for cookie-session APIs, so the browser sends the session cookie). */
  credentials?: RequestCredentials;
}

export interface RequestOptions {
  maxRetries?: number;
  timeout?: number;
  signal?: AbortSignal;
  /** Idempotency key for this call; generated once per call when the operation accepts one. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

/** One operation as the generator describes it. */
export interface OperationSpec {
  method: string;
  path: string;
  /** Names of the path parameters, in path order (given positionally). */
  pathParams: string[];
  /** Keys of the params object sent in the query string. */
  query: string[];
  /** Keys of the params object sent as headers. */
  headers: string[];
  /** How the body is taken from params: remaining keys, the `body` key, or none. */
  body: 'merged' | 'property' | 'none';
  /** The spec requires a body: with no body fields given, `{}` is still sent. */
  bodyRequired?: boolean;
  bodyContentType?: string;
  idempotencyHeader?: string;
  pagination?: PaginationSpec;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export class BaseClient {
  readonly apiKey: string | undefined;
  readonly baseURL: string;
  readonly maxRetries: number;
  readonly timeout: number;
  /** The environment the key's prefix selects (e.g. "test" or "live"), or null. */
  readonly environment: string | null;
  /** Cookie-session APIs: the CSRF token every request sends (set it from the session once known). */
  csrfToken: string | undefined;
  readonly #credentials: RequestCredentials | undefined;
  readonly #fetch: typeof fetch;
  readonly #defaultHeaders: Record<string, string>;
  readonly #config: ClientConfig;
  /** Jitter source; tests pin it through `_setRandom`. */
  #random: () => number = Math.random;

  constructor(config: ClientConfig, options: ClientOptions = {}) {
    this.#config = config;
    const env = readEnv();
    this.apiKey = options.apiKey ?? env[config.apiKeyEnv] ?? undefined;
    if (this.apiKey !== undefined) assertKeyAllowedHere(this.apiKey, config.keyPrefixes);
    // A browser holds a session cookie itself; every other scheme needs the key here.
    if (config.auth.kind !== 'none' && config.auth.kind !== 'cookie' && !this.apiKey) {
      throw new ClientError(`No API key: pass { apiKey } or set the ${config.apiKeyEnv} environment variable.`);
    }
    this.baseURL = (options.baseURL ?? env[config.baseUrlEnv] ?? config.defaultBaseURL).replace(/\/+$/, '');
    this.maxRetries = options.maxRetries ?? config.retryPolicy.maxRetries;
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    const globalFetch = typeof fetch === 'function' ? fetch : undefined;
    const chosen = options.fetch ?? globalFetch;
    if (!chosen) throw new ClientError('No fetch implementation: pass { fetch } on this runtime.');
    // Called as a plain function: a browser's fetch throws "Illegal invocation" when called as a
    // method of anything but the window, and `this.#fetch(...)` would make this client its `this`.
    this.#fetch = (input, init) => chosen(input, init);
    this.#defaultHeaders = options.defaultHeaders ?? {};
    this.environment = this.apiKey ? (keyPrefixOf(this.apiKey, config.keyPrefixes)?.environment ?? null) : null;
    this.csrfToken = options.csrfToken;
    this.#credentials = options.credentials ?? (config.auth.kind === 'cookie' ? 'same-origin' : undefined);
  }

  /** For tests: pins the backoff jitter (0 = no wait, 1 = the full ceiling). */
  _setRandom(random: () => number): this {
    this.#random = random;
    return this;
  }

  /** Sends one operation and parses its JSON body. */
  request<T>(operation: OperationSpec, pathArgs: unknown[], params: unknown, options: RequestOptions = {}): APIPromise<T> {
    return new APIPromise<T>(this.#send<T>(operation, pathArgs, asRecord(params), options));
  }

  /** Sends a list operation; the result pages by cursor and iterates item by item. */
  requestPage<Item>(operation: OperationSpec, pathArgs: unknown[], params: unknown, options: RequestOptions = {}): PagePromise<Item> {
    const pagination = operation.pagination;
    if (!pagination) throw new ClientError(`${operation.method.toUpperCase()} ${operation.path} is not a paged list.`);
    const fetchPage = async (pageParams: Record<string, unknown>): Promise<WithResponse<CursorPage<Item>>> => {
      const result = await this.#send<unknown>(operation, pathArgs, pageParams, options);
      return { ...result, data: new CursorPage<Item>(pagination, pageParams, fetchPage, result.data) };
    };
    return new PagePromise<Item>(fetchPage({ ...asRecord(params) }));
  }

  async #send<T>(operation: OperationSpec, pathArgs: unknown[], params: Record<string, unknown>, options: RequestOptions): Promise<WithResponse<T>> {
    const url = this.#buildUrl(operation, pathArgs, params);
    const headers = this.#buildHeaders(operation, params, options);
    const body = this.#buildBody(operation, params, headers);
    const maxRetries = options.maxRetries ?? this.maxRetries;
    const timeout = options.timeout ?? this.timeout;
    const policy = this.#config.retryPolicy;

    for (let attempt = 0; ; attempt += 1) {
      const retriesLeft = maxRetries - attempt;
      let response: Response;
      try {
        response = await this.#fetchWithTimeout(url, { method: operation.method.toUpperCase(), headers, body }, timeout, options.signal);
      } catch (error) {
        if (error instanceof APIUserAbortError) throw error;
        if (retriesLeft > 0 && policy.retryOnConnectionError) {
          await sleep(backoffDelayMs(policy, attempt, this.#random), options.signal);
          continue;
        }
        throw error;
      }
      if (response.ok) return { ...this.#meta(response), data: (await parseBody(response)) as T };

      const waitMs = this.#retryDelay(response, attempt, retriesLeft);
      if (waitMs !== null) {
        await response.body?.cancel().catch(() => undefined);
        await sleep(waitMs, options.signal);
        continue;
      }
      const errorBody = await parseBody(response).catch(() => undefined);
      throw APIError.generate(response.status, errorBody, response.headers, this.#config.requestIdHeader);
    }
  }

  /** Milliseconds to wait before retrying this response, or null when it is not retried. */
  #retryDelay(response: Response, attempt: number, retriesLeft: number): number | null {
    const policy = this.#config.retryPolicy;
    if (retriesLeft <= 0 || !isRetryableStatus(policy, response.status)) return null;
    const asked = policy.respectRetryAfter ? retryAfterMs(response.headers.get('retry-after')) : null;
    if (asked !== null) return asked <= MAX_RETRY_AFTER_MS ? asked : null; // wait exactly what the server said
    return backoffDelayMs(policy, attempt, this.#random);
  }

  async #fetchWithTimeout(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
    if (signal?.aborted) throw new APIUserAbortError();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.#fetch(url, { ...init, ...(this.#credentials ? { credentials: this.#credentials } : {}), signal: controller.signal });
    } catch (error) {
      if (signal?.aborted) throw new APIUserAbortError();
      if (timedOut) throw new APIConnectionTimeoutError(timeoutMs);
      throw new APIConnectionError(`Connection error: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  #buildUrl(operation: OperationSpec, pathArgs: unknown[], params: Record<string, unknown>): string {
    let index = 0;
    const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
      const value = pathArgs[index++];
      if (value === undefined || value === null || value === '') throw new ClientError(`Missing path parameter "${name}" for ${operation.method.toUpperCase()} ${operation.path}.`);
      return encodeURIComponent(String(value));
    });
    const query = new URLSearchParams();
    for (const key of operation.query) appendQuery(query, key, params[key]);
    if (this.#config.auth.kind === 'query' && this.apiKey) query.set(this.#config.auth.name, this.apiKey);
    const search = query.toString();
    return `${this.baseURL}${path}${search ? `?${search}` : ''}`;
  }

  #buildHeaders(operation: OperationSpec, params: Record<string, unknown>, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.#config.userAgent, ...this.#defaultHeaders };
    if (this.apiKey && this.#config.auth.kind === 'bearer') headers.authorization = `Bearer ${this.apiKey}`;
    if (this.apiKey && this.#config.auth.kind === 'header') headers[this.#config.auth.name.toLowerCase()] = this.apiKey;
    if (this.#config.auth.kind === 'cookie') {
      // Browsers refuse a script-set Cookie header and send the session cookie themselves.
      if (this.apiKey) headers.cookie = `${this.#config.auth.name}=${this.apiKey}`;
      if (this.#config.auth.csrfHeader && this.csrfToken) headers[this.#config.auth.csrfHeader.toLowerCase()] = this.csrfToken;
    }
    if (this.#config.specDigest) headers[this.#config.specDigest.header.toLowerCase()] = this.#config.specDigest.value;
    for (const key of operation.headers) {
      const value = params[key];
      if (value !== undefined && value !== null) headers[key.toLowerCase()] = String(value);
    }
    // One key per logical call: created before the first attempt, reused by every retry.
    if (operation.idempotencyHeader) headers[operation.idempotencyHeader.toLowerCase()] = options.idempotencyKey ?? newIdempotencyKey();
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    return headers;
  }

  #buildBody(operation: OperationSpec, params: Record<string, unknown>, headers: Record<string, string>): string | undefined | BodyInit {
    if (operation.body === 'none') return undefined;
    let value: unknown;
    if (operation.body === 'property') value = params.body;
    else {
      const taken = new Set([...operation.query, ...operation.headers]);
      const rest = Object.fromEntries(Object.entries(params).filter(([key]) => !taken.has(key)));
      // An empty required body is still a body: the server must see `{}`, not nothing.
      value = Object.keys(rest).length > 0 || operation.bodyRequired ? rest : undefined;
    }
    if (value === undefined) return undefined;
    const contentType = operation.bodyContentType ?? 'application/json';
    headers['content-type'] = contentType;
    if (/json/.test(contentType)) return JSON.stringify(value);
    return value as BodyInit;
  }

  #meta(response: Response): Omit<WithResponse<unknown>, 'data'> {
    const headerNumber = (name: string | undefined): number | null => {
      const raw = name ? response.headers.get(name) : null;
      return raw !== null && raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : null;
    };
    const rateLimit: RateLimitState = { limit: headerNumber(this.#config.rateLimitHeaders?.limit), remaining: headerNumber(this.#config.rateLimitHeaders?.remaining) };
    return {
      response,
      status: response.status,
      headers: response.headers,
      requestId: this.#config.requestIdHeader ? response.headers.get(this.#config.requestIdHeader) : null,
      rateLimit,
    };
  }
}

function asRecord(params: unknown): Record<string, unknown> {
  return params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
}

function appendQuery(query: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) value.forEach((item) => appendQuery(query, key, item));
  else if (typeof value === 'object') for (const [inner, item] of Object.entries(value)) appendQuery(query, `${key}[${inner}]`, item);
  else query.append(key, String(value));
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (/json/i.test(contentType)) {
    try {
      return JSON.parse(text);
    } catch {
      throw new APIError(response.status, text, `Response claimed ${contentType} but was not JSON.`, response.headers);
    }
  }
  return text;
}

function newIdempotencyKey(): string {
  const cryptoApi = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (cryptoApi?.randomUUID) return cryptoApi.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function readEnv(): Record<string, string | undefined> {
  const scope = globalThis as { process?: { env?: Record<string, string | undefined> }; Deno?: { env?: { toObject?: () => Record<string, string> } } };
  if (scope.process?.env) return scope.process.env;
  try {
    return scope.Deno?.env?.toObject?.() ?? {};
  } catch {
    return {}; // Deno without --allow-env
  }
}
