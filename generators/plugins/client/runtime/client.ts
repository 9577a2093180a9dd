/**
 * The HTTP core every generated client extends: auth, timeouts, abort, retries with backoff and
 * the server's wait, idempotency keys, logging, error mapping and paging. The request path is in
 * its own modules: parameters (serialize.ts), the body (body.ts, multipart.ts), one attempt on the
 * wire (transport.ts), the response (response.ts, streaming.ts), the log (logging.ts). Generated
 * resource methods are one-liners over `request` and `requestPage`.
 */
import { APIPromise, type RateLimitState, type WithResponse } from './api-promise.js';
import { chooseBody, encodeBody, type BodySpec, type EncodedBody } from './body.js';
import { APIConnectionError, APIError, APIUserAbortError, ClientError, serverRetryWaitMs } from './errors.js';
import { assertKeyAllowedHere, isBrowserLike, keyPrefixOf, type KeyPrefix } from './keys.js';
import {
  DEFAULT_LOG_LEVEL,
  LevelLogger,
  LOG_LEVELS,
  parseLogLevel,
  redactHeaders,
  redactUrl,
  type Logger,
  type LogLevel,
} from './logging.js';
import {
  CursorPage,
  Page,
  PagePromise,
  type BasePage,
  type PageRequest,
  type PageSpec,
  type PageTrail,
  type PaginationSpec,
} from './pagination.js';
import {
  chooseAccept,
  decodeSuccess,
  isStreamed,
  parseBody,
  successMedia,
  type ResponseMediaSpec,
} from './response.js';
import { backoffDelayMs, MAX_RETRY_AFTER_MS, retryDecision, type RetryPolicy } from './retry.js';
import {
  buildPath,
  cookiePairs,
  encodeQueryText,
  headerText,
  primitiveText,
  queryString,
  type ParamSpec,
} from './serialize.js';
import { Attempt, withIdleTimeout } from './transport.js';

/** What the generator knows about the API, fixed per generated client. */
export interface ClientConfig {
  /** Environment variable read when no apiKey option is given. */
  apiKeyEnv: string;
  /** Environment variable read when no baseURL option is given. */
  baseUrlEnv: string;
  /** Environment variable naming the log level when no logLevel option is given. */
  logEnv: string;
  defaultBaseURL: string;
  retryPolicy: RetryPolicy;
  keyPrefixes: KeyPrefix[];
  /**
   * What the client needs of credentials (each operation says where its own goes, OperationSpec's
   * `auth`). `keyRequired`: some operation requires a key that is not a cookie, so the client
   * refuses to start without one. `cookieSession`: some operation sends a cookie session, which a
   * browser holds and sends itself (fetch's `credentials` default to `same-origin`).
   */
  auth: { keyRequired: boolean; cookieSession?: true };
  requestIdHeader?: string;
  rateLimitHeaders?: { limit?: string; remaining?: string };
  /** Header carrying the spec digest this client was generated from, and the digest. */
  specDigest?: { header: string; value: string };
  userAgent: string;
  /** The attempt timeout when the caller sets none (the client plugin's `timeout` option); else 60 s. */
  defaultTimeoutMs?: number;
}

export interface ClientOptions {
  /** The API key (for HTTP basic, `user:password`). Defaults to the environment variable named in the README; each operation sends it where its security says, or not at all. */
  apiKey?: string;
  /** Where requests go (default: the environment variable named in the README, else the spec's first server); operations that declare servers of their own keep theirs (override them per call). */
  baseURL?: string;
  /** Retries after the first attempt. Defaults to the spec's retry policy (3). */
  maxRetries?: number;
  /** Milliseconds each attempt may take, from sending to the last byte of the body (default 60 000). */
  timeout?: number;
  /** Streams and downloads: milliseconds the body may go without data once the headers are in (default 60 000). */
  idleTimeout?: number;
  /** The longest server-asked wait (`retry-after-ms`, `Retry-After`) waited out before a retry, in ms (default 60 000); longer raises the error, carrying the wait. */
  maxRetryWait?: number;
  /** `debug`, `info`, `warn`, `error` or `off` (default: the `<PREFIX>_LOG` environment variable, else `warn`). */
  logLevel?: LogLevel;
  /** Where log lines go: any object with debug/info/warn/error (default `console`). */
  logger?: Logger;
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
  idleTimeout?: number;
  maxRetryWait?: number;
  signal?: AbortSignal;
  /** Idempotency key for this call; generated once per call when the operation accepts one. */
  idempotencyKey?: string;
  /** Extra headers; `null` removes one the client would send. A `cookie` here is sent with the operation's cookie parameters. */
  headers?: Record<string, string | null>;
  /** Extra query parameters the spec does not (yet) declare; arrays repeat the name. */
  query?: Record<string, unknown>;
  /** Extra body fields the spec does not (yet) declare, merged over the body's own (JSON, form and multipart bodies; JSON when the operation takes none). */
  body?: Record<string, unknown>;
  /** The response media type to ask for (`Accept`), when the operation answers several. */
  accept?: string;
  /** Where this call goes, instead of the operation's own server (if it declares one) or the client's baseURL. */
  baseURL?: string;
}

/**
 * Where an operation sends the client's credential (`apiKey`): `bearer` and `basic` in
 * Authorization (basic: the key is `user:password`, sent base64-encoded), the others under their
 * name. `cookie`: a browser session (the browser sends the cookie itself; outside a browser the key
 * is sent as that cookie), with the CSRF header (`csrfToken`) beside it. `optional`: sent only when
 * the client has a key.
 */
export type AuthSpec = (
  | { kind: 'bearer' }
  | { kind: 'basic' }
  | { kind: 'header'; name: string }
  | { kind: 'query'; name: string }
  | { kind: 'cookie'; name: string; csrfHeader?: string }
) & { optional?: true };

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
  /** How the list pages: our cursor envelope (no `style`), or offset, page numbers, next links. */
  pagination?: PaginationSpec | PageSpec;
  /** How it sends credentials; absent when it sends none (`security: []`). */
  auth?: AuthSpec;
  /** The spec marks the operation deprecated: the first call logs a warning. */
  deprecated?: true;
  /** The operation's own server (operation- or path-level `servers`), which the client's baseURL does not replace. */
  baseURL?: string;
  /**
   * Redirect statuses the operation documents as its answer (it documents no 2xx): one fetch did
   * not follow (no Location, or a browser's opaque redirect) is the result, not an error.
   */
  redirects?: number[];
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** An operation's own server URL: absolute as it is, relative (`/v3`) resolved against the client's base URL as RFC 3986 says. */
function resolveServer(server: string, clientBaseURL: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(server)) return server;
  try {
    // The base URL is an API root, read as a folder (`uploads` under `…/v1` is `…/v1/uploads`), as the IR resolves it.
    return new URL(server, clientBaseURL.endsWith('/') ? clientBaseURL : `${clientBaseURL}/`).href.replace(
      /\/+$/,
      '',
    );
  } catch {
    return server; // a client base URL that is itself relative: the server's path as written
  }
}
/** Deprecation warnings already given in this process: each once. */
const warnedDeprecations = new Set<string>();
/** Header names whose values are credentials (beyond the fixed list in logging.ts). */
const SECRET_HEADER_NAME = /auth|key|secret|token|cookie|session|password|signature/i;

export class BaseClient {
  readonly apiKey: string | undefined;
  readonly baseURL: string;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly idleTimeout: number;
  readonly maxRetryWait: number;
  readonly logLevel: LogLevel;
  /** The client's logger at its level (used by the webhook helpers too). */
  readonly _logger: LevelLogger;
  /** The environment the key's prefix selects (e.g. "test" or "live"), or null. */
  readonly environment: string | null;
  /** Cookie-session APIs: the CSRF token every request sends (set it from the session once known). */
  csrfToken: string | undefined;
  readonly #credentials: RequestCredentials | undefined;
  readonly #fetch: typeof fetch;
  readonly #givenFetch: typeof fetch;
  readonly #options: ClientOptions;
  readonly #defaultHeaders: Record<string, string>;
  readonly #config: ClientConfig;
  /** Jitter source; tests pin it through `_setRandom`. */
  #random: () => number = Math.random;

  constructor(config: ClientConfig, options: ClientOptions = {}) {
    this.#config = config;
    this.#options = options;
    const env = readEnv();
    this.logLevel =
      parseLogLevel(options.logLevel, 'The logLevel option') ??
      parseLogLevel(env[config.logEnv], `The ${config.logEnv} environment variable`) ??
      DEFAULT_LOG_LEVEL;
    const logger = options.logger ?? console;
    const missing = LOG_LEVELS.filter(
      (level) =>
        level !== 'off' && typeof (logger as unknown as Record<string, unknown>)[level] !== 'function',
    );
    if (missing.length > 0)
      throw new ClientError(
        `The logger has no ${missing.join(', ')} method: pass an object with debug, info, warn and error.`,
      );
    this._logger = new LevelLogger(this.logLevel, logger);
    this.apiKey = options.apiKey ?? env[config.apiKeyEnv] ?? undefined;
    if (this.apiKey !== undefined) assertKeyAllowedHere(this.apiKey, config.keyPrefixes);
    // A browser holds a session cookie itself; every other scheme needs the key here.
    if (config.auth.keyRequired && !this.apiKey) {
      throw new ClientError(
        `No API key: pass { apiKey } or set the ${config.apiKeyEnv} environment variable.`,
      );
    }
    this.baseURL = (options.baseURL ?? env[config.baseUrlEnv] ?? config.defaultBaseURL).replace(/\/+$/, '');
    this.maxRetries = options.maxRetries ?? config.retryPolicy.maxRetries;
    this.timeout = options.timeout ?? config.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.idleTimeout = options.idleTimeout ?? DEFAULT_TIMEOUT_MS;
    this.maxRetryWait = options.maxRetryWait ?? MAX_RETRY_AFTER_MS;
    const globalFetch = typeof fetch === 'function' ? fetch : undefined;
    const chosen = options.fetch ?? globalFetch;
    if (!chosen) throw new ClientError('No fetch implementation: pass { fetch } on this runtime.');
    this.#givenFetch = chosen;
    // Called as a plain function: a browser's fetch throws "Illegal invocation" when called as a
    // method of anything but the window, and `this.#fetch(...)` would make this client its `this`.
    this.#fetch = (input, init) => chosen(input, init);
    this.#defaultHeaders = options.defaultHeaders ?? {};
    this.environment = this.apiKey
      ? (keyPrefixOf(this.apiKey, config.keyPrefixes)?.environment ?? null)
      : null;
    this.csrfToken = options.csrfToken;
    this.#credentials = options.credentials ?? (config.auth.cookieSession ? 'same-origin' : undefined);
  }

  /**
   * A client like this one with some options changed; it shares this one's fetch (and so its
   * connection pool), logger and key unless the options replace them.
   */
  withOptions(options: ClientOptions): this {
    const Client = this.constructor as new (options: ClientOptions) => this;
    const copy = new Client({
      ...this.#options,
      apiKey: this.apiKey,
      baseURL: this.baseURL,
      csrfToken: this.csrfToken,
      fetch: this.#givenFetch,
      logger: this._logger.logger,
      ...options,
      defaultHeaders: { ...this.#defaultHeaders, ...options.defaultHeaders },
    });
    copy.#random = this.#random;
    return copy;
  }

  /** For tests: pins the backoff jitter (0 = no wait, 1 = the full ceiling). */
  _setRandom(random: () => number): this {
    this.#random = random;
    return this;
  }

  /** Sends one operation and parses its JSON body. */
  request<T>(
    operation: OperationSpec,
    pathArgs: unknown[],
    params: unknown,
    options: RequestOptions = {},
  ): APIPromise<T> {
    return new APIPromise<T>(this.#send<T>(operation, pathArgs, asRecord(params), options));
  }

  /** Sends a list operation; the result pages by its spec's style and iterates item by item. */
  requestPage<Item, P extends BasePage<Item> = CursorPage<Item>>(
    operation: OperationSpec,
    pathArgs: unknown[],
    params: unknown,
    options: RequestOptions = {},
  ): PagePromise<Item, P> {
    const pagination = operation.pagination;
    if (!pagination)
      throw new ClientError(`${operation.method.toUpperCase()} ${operation.path} is not a paged list.`);
    if (!('style' in pagination)) {
      const fetchPage = async (
        pageParams: Record<string, unknown>,
      ): Promise<WithResponse<CursorPage<Item>>> => {
        const result = await this.#send<unknown>(operation, pathArgs, pageParams, options);
        return { ...result, data: new CursorPage<Item>(pagination, pageParams, fetchPage, result.data) };
      };
      return new PagePromise<Item, P>(
        fetchPage({ ...asRecord(params) }) as unknown as Promise<WithResponse<P>>,
      );
    }
    // Each page remembers the URL it came from (a next link is resolved against it) and its
    // parameters: a next link replaces the query, its header and cookie parameters are sent again.
    const fetchPage =
      (from: string, previous: Record<string, unknown>) =>
      async (request: PageRequest, trail?: PageTrail): Promise<WithResponse<Page<Item>>> => {
        const pageParams = 'params' in request ? request.params : previous;
        // The page's URL without a query key (a page keeps it, and may be logged); the key goes on as it is sent.
        const url =
          'url' in request
            ? this.#nextPageUrl(request.url, from)
            : this.#buildUrl(operation, pathArgs, pageParams, options.query, options.baseURL, false);
        const result = await this.#send<unknown>(
          operation,
          pathArgs,
          pageParams,
          options,
          undefined,
          this.#withQueryKey(operation, url),
        );
        return {
          ...result,
          data: new Page<Item>(
            pagination,
            pageParams,
            fetchPage(url, pageParams),
            result.data,
            result.headers,
            url,
            trail,
          ),
        };
      };
    const first = { ...asRecord(params) };
    return new PagePromise<Item, P>(
      fetchPage(this.baseURL, first)({ params: first }) as unknown as Promise<WithResponse<P>>,
    );
  }

  /**
   * A next page's URL, resolved against the page that named it. It is sent with this client's
   * credentials, so it must stay on that page's origin.
   */
  #nextPageUrl(link: string, from: string): string {
    const next = new URL(link, from);
    if (next.origin !== new URL(from).origin)
      throw new ClientError(
        `The next page's URL is on ${next.origin}, not ${new URL(from).origin}: not sent with this client's credentials.`,
      );
    next.hash = '';
    return next.href;
  }

  /** A next page's URL as sent: with the query key added when the URL leaves it out. */
  #withQueryKey(operation: OperationSpec, url: string): string {
    const auth = operation.auth;
    if (auth?.kind !== 'query' || !this.apiKey) return url;
    const { search, searchParams } = new URL(url);
    if (searchParams.has(auth.name)) return url;
    return `${url}${search ? '&' : '?'}${encodeQueryText(auth.name)}=${encodeQueryText(this.apiKey)}`;
  }

  /** One call; `pageUrl` (a list's next page, named by the last) replaces the URL built from the parameters. */
  async #send<T>(
    operation: OperationSpec,
    pathArgs: unknown[],
    params: Record<string, unknown>,
    options: RequestOptions,
    resumeFrom?: string,
    pageUrl?: string,
  ): Promise<WithResponse<T>> {
    this.#warnDeprecated(operation, params);
    const url = pageUrl ?? this.#buildUrl(operation, pathArgs, params, options.query, options.baseURL);
    const asked = chooseAccept(operation.responses, options.accept);
    const headers = this.#buildHeaders(operation, params, options, asked?.mediaType ?? 'application/json');
    if (resumeFrom !== undefined && operation.resumeHeader)
      headers[operation.resumeHeader.toLowerCase()] = resumeFrom;
    const encoded = await this.#buildBody(operation, params, options.body);
    if (encoded?.contentType) headers['content-type'] = encoded.contentType;
    // A stream body can be sent once: no retries.
    const maxRetries = encoded && !encoded.replayable ? 0 : (options.maxRetries ?? this.maxRetries);
    const timeout = options.timeout ?? this.timeout;
    const maxWaitMs = options.maxRetryWait ?? this.maxRetryWait;
    const policy = this.#config.retryPolicy;
    const method = operation.method.toUpperCase();
    const init: RequestInit & { duplex?: 'half' } = {
      method,
      headers,
      body: encoded?.body,
      ...(encoded && !encoded.replayable ? { duplex: 'half' } : {}),
      ...(this.#credentials ? { credentials: this.#credentials } : {}),
    };
    const log = (attempt: number, entry: AttemptLog) =>
      this.#logAttempt(method, url, headers, operation.auth, attempt, maxRetries, entry);

    for (let attempt = 0; ; attempt += 1) {
      const retriesLeft = maxRetries - attempt;
      const wire = new Attempt(timeout, options.signal);
      let response: Response;
      try {
        response = await this.#fetch(url, { ...init, signal: wire.controller.signal });
        // A replaced fetch that answers with something else is a transport failure, not a crash in here.
        if (!isResponseLike(response))
          throw new APIConnectionError(
            `The fetch implementation returned ${response === null ? 'null' : typeof response} instead of a Response.`,
            { cause: response },
          );
        if (response.ok || operation.redirects?.includes(response.status)) {
          const result = await this.#readSuccess<T>(
            operation,
            response,
            asked,
            wire,
            pathArgs,
            params,
            options,
          );
          log(attempt, {
            status: response.status,
            requestId: result.requestId,
            elapsedMs: wire.elapsedMs,
            retry: false,
          });
          return result;
        }
      } catch (error) {
        wire.finish();
        const failure = wire.failure(error);
        const retry =
          failure instanceof APIConnectionError && retriesLeft > 0 && policy.retryOnConnectionError;
        const waitMs = retry ? backoffDelayMs(policy, attempt, this.#random) : undefined;
        log(attempt, {
          status: null,
          error: failure.message,
          elapsedMs: wire.elapsedMs,
          retry,
          waitMs,
          reason: retry
            ? 'backoff'
            : failure instanceof APIUserAbortError
              ? 'aborted'
              : retriesLeft > 0
                ? 'not a connection error'
                : 'no retries left',
        });
        if (!retry) throw failure;
        await sleep(waitMs!, options.signal);
        continue;
      }

      const decision = retryDecision(
        policy,
        response.status,
        response.headers,
        serverRetryWaitMs(response.headers),
        { retry: attempt, retriesLeft, maxWaitMs, random: this.#random },
      );
      log(attempt, {
        status: response.status,
        requestId: this.#requestId(response),
        elapsedMs: wire.elapsedMs,
        ...decision,
      });
      if (decision.retry) {
        await response.body?.cancel().catch(() => undefined);
        wire.finish();
        await sleep(decision.waitMs, options.signal);
        continue;
      }
      // The error body is read under the same timer: a stalled one ends the call with the status error.
      const errorBody = await parseBody(response).catch(() => undefined);
      wire.finish();
      const error = APIError.generate(
        response.status,
        errorBody,
        response.headers,
        this.#config.requestIdHeader,
      );
      if (decision.beyondCap) error.message += ` Not retried: ${decision.reason}.`;
      throw error;
    }
  }

  /** A success body, read under the attempt's timer; a stream or download is handed over with an idle timeout instead, tied to the call's signal and, where allowed, resuming. */
  async #readSuccess<T>(
    operation: OperationSpec,
    response: Response,
    asked: ResponseMediaSpec | undefined,
    wire: Attempt,
    pathArgs: unknown[],
    params: Record<string, unknown>,
    options: RequestOptions,
  ): Promise<WithResponse<T>> {
    const media = successMedia(response, operation.responses, asked, operation.method.toUpperCase());
    const streamed = isStreamed(media);
    if (streamed) wire.stopTimer();
    const body = streamed
      ? withIdleTimeout(response, options.idleTimeout ?? this.idleTimeout, wire)
      : response;
    // The stream's own controller outlives this attempt: the caller's signal and `stream.abort()` also end the connections it reopens.
    const controller = streamed ? linkedController(options.signal) : wire.controller;
    if (streamed) controller.signal.addEventListener('abort', () => wire.controller.abort(), { once: true });
    const reconnect = operation.resumeHeader
      ? async (lastEventId: string) =>
          (
            await this.#send<unknown>(
              operation,
              pathArgs,
              params,
              { ...options, signal: controller.signal, accept: asked?.mediaType },
              lastEventId,
            )
          ).response
      : undefined;
    const data = await decodeSuccess(body, media, {
      controller,
      reconnect,
      maxReconnects: options.maxRetries ?? this.maxRetries,
    });
    if (!streamed) wire.finish();
    return { ...this.#meta(body), data: data as T };
  }

  /** One debug line per attempt: what was sent (secrets redacted), what came back, and what happens next. */
  #logAttempt(
    method: string,
    url: string,
    headers: Record<string, string>,
    auth: AuthSpec | undefined,
    attempt: number,
    maxRetries: number,
    entry: AttemptLog,
  ): void {
    if (!this._logger.enabled('debug')) return;
    const shownUrl = redactUrl(url, auth?.kind === 'query' ? [auth.name] : []);
    const outcome = entry.status === null ? `failed (${entry.error})` : String(entry.status);
    const next = entry.retry
      ? `; retrying in ${entry.waitMs} ms (${entry.reason})`
      : entry.reason
        ? `; not retried (${entry.reason})`
        : '';
    const idempotency = Object.keys(headers).filter((name) => /idempotency/i.test(name));
    const secret = Object.keys(headers).filter(
      (name) => SECRET_HEADER_NAME.test(name) && !idempotency.includes(name),
    );
    if (auth?.kind === 'header' || auth?.kind === 'cookie') secret.push(auth.name);
    if (auth?.kind === 'cookie' && auth.csrfHeader) secret.push(auth.csrfHeader);
    this._logger.log(
      'debug',
      `${method} ${shownUrl} → ${outcome} in ${entry.elapsedMs} ms${entry.requestId ? ` (${entry.requestId})` : ''}, attempt ${attempt + 1} of ${maxRetries + 1}${next}`,
      {
        method,
        url: shownUrl,
        attempt: attempt + 1,
        status: entry.status,
        requestId: entry.requestId ?? null,
        elapsedMs: entry.elapsedMs,
        retry: entry.retry,
        ...(entry.retry ? { waitMs: entry.waitMs } : {}),
        ...(entry.reason ? { reason: entry.reason } : {}),
        requestHeaders: redactHeaders(headers, secret),
      },
    );
  }

  /** Warns once per process for a deprecated operation, and for each deprecated parameter a call uses. */
  #warnDeprecated(operation: OperationSpec, params: Record<string, unknown>): void {
    const label = `${operation.method.toUpperCase()} ${operation.path}`;
    const notes = operation.deprecated ? [`${label} is deprecated`] : [];
    for (const spec of operation.params)
      if (spec.deprecated && (spec.in === 'path' || params[spec.name] !== undefined))
        notes.push(`The ${spec.in} parameter ${spec.name} of ${label} is deprecated`);
    for (const note of notes) {
      if (warnedDeprecations.has(note) || !this._logger.enabled('warn')) continue;
      warnedDeprecations.add(note);
      this._logger.log('warn', `${note} in the API this client was generated from; it may be removed.`);
    }
  }

  #requestId(response: Response): string | null {
    return this.#config.requestIdHeader ? response.headers.get(this.#config.requestIdHeader) : null;
  }

  #buildUrl(
    operation: OperationSpec,
    pathArgs: unknown[],
    params: Record<string, unknown>,
    extraQuery?: Record<string, unknown>,
    baseURL?: string,
    queryKey = true,
  ): string {
    const path = buildPath(operation.path, operation.params, pathArgs);
    let search = [queryString(operation.params, params), extraQueryString(extraQuery)]
      .filter(Boolean)
      .join('&');
    if (operation.match?.in === 'query')
      search = `${encodeQueryText(operation.match.name)}=${encodeQueryText(operation.match.value)}${search ? `&${search}` : ''}`;
    const auth = operation.auth;
    if (queryKey && auth?.kind === 'query' && this.apiKey)
      search = `${search ? `${search}&` : ''}${encodeQueryText(auth.name)}=${encodeQueryText(this.apiKey)}`;
    // The call's own base URL, else the operation's own server, else the client's.
    const base =
      baseURL !== undefined
        ? baseURL.replace(/\/+$/, '')
        : operation.baseURL !== undefined
          ? resolveServer(operation.baseURL, this.baseURL)
          : this.baseURL;
    return `${base}${path}${search ? `?${search}` : ''}`;
  }

  #buildHeaders(
    operation: OperationSpec,
    params: Record<string, unknown>,
    options: RequestOptions,
    accept: string,
  ): Record<string, string> {
    const headers: Record<string, string> = {
      accept,
      'user-agent': this.#config.userAgent,
      ...lowerCaseKeys(this.#defaultHeaders),
    };
    const cookies: string[] = [];
    const auth = operation.auth;
    if (this.apiKey && auth?.kind === 'bearer') headers.authorization = `Bearer ${this.apiKey}`;
    if (this.apiKey && auth?.kind === 'basic') headers.authorization = `Basic ${base64Text(this.apiKey)}`;
    if (this.apiKey && auth?.kind === 'header') headers[auth.name.toLowerCase()] = this.apiKey;
    if (auth?.kind === 'cookie') {
      // Browsers refuse a script-set Cookie header and send the session cookie themselves.
      if (this.apiKey) cookies.push(`${auth.name}=${this.apiKey}`);
      if (auth.csrfHeader && this.csrfToken) headers[auth.csrfHeader.toLowerCase()] = this.csrfToken;
    }
    if (this.#config.specDigest)
      headers[this.#config.specDigest.header.toLowerCase()] = this.#config.specDigest.value;
    if (operation.match?.in === 'header') headers[operation.match.name.toLowerCase()] = operation.match.value;
    for (const spec of operation.params) {
      if (spec.in === 'header') {
        const text = headerText(spec, params[spec.name]);
        if (text !== undefined) headers[spec.name.toLowerCase()] = text;
      } else if (spec.in === 'cookie') cookies.push(...cookiePairs(spec, params[spec.name]));
    }
    // One key per logical call: created before the first attempt, reused by every retry.
    if (operation.idempotencyHeader)
      headers[operation.idempotencyHeader.toLowerCase()] = options.idempotencyKey ?? newIdempotencyKey();
    // A key nobody would send must not look like protection against a duplicate.
    else if (options.idempotencyKey !== undefined)
      throw new ClientError(
        `${operation.method.toUpperCase()} ${operation.path} takes no idempotency key: the API declares no idempotency header for it.`,
      );
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === null) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    if (cookies.length > 0) {
      // The operation's cookie parameters join any Cookie the caller set; a browser sends its own cookies and would drop this header.
      if (isBrowserLike() && !this.#config.auth.cookieSession)
        throw new ClientError(
          'Cookie parameters cannot be sent from a browser: the browser sends its own cookies.',
        );
      if (!isBrowserLike())
        headers.cookie = [...cookies, ...(headers.cookie ? [headers.cookie] : [])].join('; ');
    }
    return headers;
  }

  async #buildBody(
    operation: OperationSpec,
    params: Record<string, unknown>,
    extra?: Record<string, unknown>,
  ): Promise<EncodedBody | undefined> {
    if (extra && ['GET', 'HEAD'].includes(operation.method.toUpperCase()))
      throw new ClientError(
        `A ${operation.method.toUpperCase()} request has no body: pass extra fields as \`query\`.`,
      );
    if (!operation.bodies || operation.bodies.length === 0)
      return extra
        ? { body: JSON.stringify(extra), contentType: 'application/json', replayable: true }
        : undefined;
    const spec = chooseBody(
      operation.bodies,
      operation.mediaTypeKey ? params[operation.mediaTypeKey] : undefined,
    )!;
    let value: unknown;
    if (spec.mode === 'property') value = params.body;
    else {
      const taken = new Set<string>([
        ...operation.params.filter((param) => param.in !== 'path').map((param) => param.name),
        ...(operation.mediaTypeKey ? [operation.mediaTypeKey] : []),
      ]);
      const rest = Object.fromEntries(Object.entries(params).filter(([key]) => !taken.has(key)));
      // An empty required body is still a body: the server must see `{}`, not nothing.
      value = Object.keys(rest).length > 0 || operation.bodyRequired ? rest : undefined;
    }
    if (extra) {
      const fields = value ?? {};
      if (
        !['json', 'form', 'multipart'].includes(spec.kind) ||
        typeof fields !== 'object' ||
        fields === null ||
        Array.isArray(fields)
      )
        throw new ClientError(`Extra body fields need an object body; this call sends ${spec.mediaType}.`);
      value = { ...(fields as Record<string, unknown>), ...extra };
    }
    if (value === undefined) return undefined;
    return encodeBody(spec, value);
  }

  #meta(response: Response): Omit<WithResponse<unknown>, 'data'> {
    const headerNumber = (name: string | undefined): number | null => {
      const raw = name ? response.headers.get(name) : null;
      return raw !== null && raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : null;
    };
    const rateLimit: RateLimitState = {
      limit: headerNumber(this.#config.rateLimitHeaders?.limit),
      remaining: headerNumber(this.#config.rateLimitHeaders?.remaining),
    };
    return {
      response,
      status: response.status,
      headers: response.headers,
      requestId: this.#requestId(response),
      rateLimit,
    };
  }
}

/** What one attempt's debug line reports. */
interface AttemptLog {
  status: number | null;
  requestId?: string | null;
  elapsedMs: number;
  retry: boolean;
  waitMs?: number;
  reason?: string;
  error?: string;
}

/** Per-call extra query parameters: arrays repeat the name, objects are JSON text. */
function extraQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  return Object.entries(query)
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((item) => item !== undefined && item !== null)
        .map(
          (item) =>
            `${encodeQueryText(name)}=${encodeQueryText(typeof item === 'object' && !(item instanceof Date) ? JSON.stringify(item) : primitiveText(item))}`,
        ),
    )
    .join('&');
}

function isResponseLike(value: unknown): value is Response {
  const candidate = value as Partial<Response> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.status === 'number' &&
    typeof candidate.ok === 'boolean' &&
    typeof candidate.headers?.get === 'function'
  );
}

/** An AbortController that aborts when `signal` does. */
function linkedController(signal: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}

function asRecord(params: unknown): Record<string, unknown> {
  return params && typeof params === 'object' && !Array.isArray(params)
    ? (params as Record<string, unknown>)
    : {};
}

/** Base64 of the text's UTF-8 bytes (HTTP basic credentials), on every runtime with btoa. */
function base64Text(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
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
  const scope = globalThis as {
    process?: { env?: Record<string, string | undefined> };
    Deno?: { env?: { toObject?: () => Record<string, string> } };
  };
  if (scope.process?.env) return scope.process.env;
  try {
    return scope.Deno?.env?.toObject?.() ?? {};
  } catch {
    return {}; // Deno without --allow-env
  }
}
