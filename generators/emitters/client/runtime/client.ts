/**
 * The HTTP core every generated client extends: auth, timeouts, abort, retries with backoff and
 * Retry-After, idempotency keys, error mapping and paging. The request path is in its own modules:
 * parameters (serialize.ts), the body (body.ts, multipart.ts), the response (response.ts,
 * streaming.ts). Generated resource methods are one-liners over `request` and `requestPage`.
 */
import { APIPromise, type RateLimitState, type WithResponse } from './api-promise.js';
import { chooseBody, encodeBody, type BodySpec, type EncodedBody } from './body.js';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, ClientError, retryAfterMs } from './errors.js';
import { assertKeyAllowedHere, isBrowserLike, keyPrefixOf, type KeyPrefix } from './keys.js';
import { CursorPage, PagePromise, type PaginationSpec } from './pagination.js';
import { chooseAccept, decodeSuccess, parseBody, type ResponseMediaSpec } from './response.js';
import { backoffDelayMs, isRetryableStatus, MAX_RETRY_AFTER_MS, type RetryPolicy } from './retry.js';
import { buildPath, cookiePairs, encodeQueryText, headerText, queryString, type ParamSpec } from './serialize.js';

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
  /** Extra headers; a `cookie` here is sent with the operation's cookie parameters. */
  headers?: Record<string, string>;
  /** The response media type to ask for (`Accept`), when the operation answers several. */
  accept?: string;
}

/** One operation as the generator describes it. */
export interface OperationSpec {
  method: string;
  /** The path template, e.g. "/files/{name}.{ext}". */
  path: string;
  /**
   * Its parameters and how each is spelled: path ones in template order (given positionally),
   * then query, header and cookie ones (keys of the params object).
   */
  params: ParamSpec[];
  /** Request media types, the default first; none when the operation takes no body. */
  bodies?: BodySpec[];
  /** The params key that picks a request media type, when the operation takes several. */
  mediaTypeKey?: string;
  /** The spec requires a body: with no body fields given, `{}` is still sent. */
  bodyRequired?: boolean;
  /** Media types of the success response, the preferred first; none when it has no body. */
  responses?: ResponseMediaSpec[];
  /** The operation takes this header (Last-Event-ID): its event stream resumes after a dropped connection. */
  resumeHeader?: string;
  idempotencyHeader?: string;
  /** What the path template's query or fragment asks for (`/#X-Amz-Target=Svc.Op`): sent as that query parameter or header. */
  match?: { in: 'query' | 'header'; name: string; value: string };
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

  async #send<T>(operation: OperationSpec, pathArgs: unknown[], params: Record<string, unknown>, options: RequestOptions, resumeFrom?: string): Promise<WithResponse<T>> {
    const url = this.#buildUrl(operation, pathArgs, params);
    const asked = chooseAccept(operation.responses, options.accept);
    const headers = this.#buildHeaders(operation, params, options, asked?.mediaType ?? 'application/json');
    if (resumeFrom !== undefined && operation.resumeHeader) headers[operation.resumeHeader.toLowerCase()] = resumeFrom;
    const encoded = await this.#buildBody(operation, params);
    if (encoded?.contentType) headers['content-type'] = encoded.contentType;
    // A stream body can be sent once: no retries.
    const maxRetries = encoded && !encoded.replayable ? 0 : (options.maxRetries ?? this.maxRetries);
    const timeout = options.timeout ?? this.timeout;
    const policy = this.#config.retryPolicy;
    const init: RequestInit & { duplex?: 'half' } = { method: operation.method.toUpperCase(), headers, body: encoded?.body, ...(encoded && !encoded.replayable ? { duplex: 'half' } : {}) };

    for (let attempt = 0; ; attempt += 1) {
      const retriesLeft = maxRetries - attempt;
      let response: Response;
      try {
        response = await this.#fetchWithTimeout(url, init, timeout, options.signal);
      } catch (error) {
        if (error instanceof APIUserAbortError) throw error;
        if (retriesLeft > 0 && policy.retryOnConnectionError) {
          await sleep(backoffDelayMs(policy, attempt, this.#random), options.signal);
          continue;
        }
        throw error;
      }
      if (response.ok) return { ...this.#meta(response), data: (await this.#decode(operation, response, asked, pathArgs, params, options)) as T };

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

  /** The success body by its media kind; a stream is tied to the call's signal and, where allowed, resumes. */
  #decode(operation: OperationSpec, response: Response, asked: ResponseMediaSpec | undefined, pathArgs: unknown[], params: Record<string, unknown>, options: RequestOptions): Promise<unknown> {
    const controller = new AbortController();
    if (options.signal?.aborted) controller.abort();
    else options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    const reconnect = operation.resumeHeader
      ? async (lastEventId: string) => (await this.#send<unknown>(operation, pathArgs, params, { ...options, signal: controller.signal, accept: asked?.mediaType }, lastEventId)).response
      : undefined;
    return decodeSuccess(response, operation.responses, asked, { method: operation.method.toUpperCase(), controller, reconnect, maxReconnects: options.maxRetries ?? this.maxRetries });
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
    const path = buildPath(operation.path, operation.params, pathArgs);
    let search = queryString(operation.params, params);
    if (operation.match?.in === 'query') search = `${encodeQueryText(operation.match.name)}=${encodeQueryText(operation.match.value)}${search ? `&${search}` : ''}`;
    if (this.#config.auth.kind === 'query' && this.apiKey) search = `${search ? `${search}&` : ''}${encodeQueryText(this.#config.auth.name)}=${encodeQueryText(this.apiKey)}`;
    return `${this.baseURL}${path}${search ? `?${search}` : ''}`;
  }

  #buildHeaders(operation: OperationSpec, params: Record<string, unknown>, options: RequestOptions, accept: string): Record<string, string> {
    const headers: Record<string, string> = { accept, 'user-agent': this.#config.userAgent, ...lowerCaseKeys(this.#defaultHeaders) };
    const cookies: string[] = [];
    if (this.apiKey && this.#config.auth.kind === 'bearer') headers.authorization = `Bearer ${this.apiKey}`;
    if (this.apiKey && this.#config.auth.kind === 'header') headers[this.#config.auth.name.toLowerCase()] = this.apiKey;
    if (this.#config.auth.kind === 'cookie') {
      // Browsers refuse a script-set Cookie header and send the session cookie themselves.
      if (this.apiKey) cookies.push(`${this.#config.auth.name}=${this.apiKey}`);
      if (this.#config.auth.csrfHeader && this.csrfToken) headers[this.#config.auth.csrfHeader.toLowerCase()] = this.csrfToken;
    }
    if (this.#config.specDigest) headers[this.#config.specDigest.header.toLowerCase()] = this.#config.specDigest.value;
    if (operation.match?.in === 'header') headers[operation.match.name.toLowerCase()] = operation.match.value;
    for (const spec of operation.params) {
      if (spec.in === 'header') {
        const text = headerText(spec, params[spec.name]);
        if (text !== undefined) headers[spec.name.toLowerCase()] = text;
      } else if (spec.in === 'cookie') cookies.push(...cookiePairs(spec, params[spec.name]));
    }
    // One key per logical call: created before the first attempt, reused by every retry.
    if (operation.idempotencyHeader) headers[operation.idempotencyHeader.toLowerCase()] = options.idempotencyKey ?? newIdempotencyKey();
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    if (cookies.length > 0) {
      // The operation's cookie parameters join any Cookie the caller set; a browser sends its own cookies and would drop this header.
      if (isBrowserLike() && this.#config.auth.kind !== 'cookie') throw new ClientError('Cookie parameters cannot be sent from a browser: the browser sends its own cookies.');
      if (!isBrowserLike()) headers.cookie = [...cookies, ...(headers.cookie ? [headers.cookie] : [])].join('; ');
    }
    return headers;
  }

  async #buildBody(operation: OperationSpec, params: Record<string, unknown>): Promise<EncodedBody | undefined> {
    if (!operation.bodies || operation.bodies.length === 0) return undefined;
    const spec = chooseBody(operation.bodies, operation.mediaTypeKey ? params[operation.mediaTypeKey] : undefined)!;
    let value: unknown;
    if (spec.mode === 'property') value = params.body;
    else {
      const taken = new Set<string>([...operation.params.filter((param) => param.in !== 'path').map((param) => param.name), ...(operation.mediaTypeKey ? [operation.mediaTypeKey] : [])]);
      const rest = Object.fromEntries(Object.entries(params).filter(([key]) => !taken.has(key)));
      // An empty required body is still a body: the server must see `{}`, not nothing.
      value = Object.keys(rest).length > 0 || operation.bodyRequired ? rest : undefined;
    }
    if (value === undefined) return undefined;
    return encodeBody(spec, value);
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

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
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
