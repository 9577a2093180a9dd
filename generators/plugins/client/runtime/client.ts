/**
 * The HTTP core every generated client extends: auth, timeouts, abort, retries with backoff and
 * the server's wait, idempotency keys, logging, error mapping and paging. The request path is in
 * its own modules: the options (options.ts) and an operation's spec (operation.ts), building the
 * request (request.ts: URL, headers, body; serialize.ts the parameters; body.ts, multipart.ts the
 * body), one attempt on the wire (transport.ts), the response (response.ts, streaming.ts), the
 * log (logging.ts). Generated resource methods are one-liners over `request` and `requestPage`.
 */
import { APIPromise, type RateLimitState, type WithResponse } from './api-promise.js';
import { readEnv } from './env.js';
import { APIConnectionError, APIError, APIUserAbortError, ClientError, serverRetryWaitMs } from './errors.js';
import { assertKeyAllowedHere, keyPrefixOf } from './keys.js';
import {
  DEFAULT_LOG_LEVEL,
  LevelLogger,
  LOG_LEVELS,
  logAttempt,
  parseLogLevel,
  warnDeprecated,
  type AttemptLog,
  type LogLevel,
} from './logging.js';
import type { OperationSpec } from './operation.js';
import type { ClientConfig, ClientOptions, RequestOptions } from './options.js';
import {
  CursorPage,
  Page,
  PagePromise,
  type BasePage,
  type PageRequest,
  type PageTrail,
} from './pagination.js';
import {
  bodyPayload,
  buildHeaders,
  buildUrl,
  nextPageUrl,
  withQueryKey,
  type RequestContext,
} from './request.js';
import { encodeBody, inContentCoding } from './body.js';
import {
  chooseAccept,
  decodeSuccess,
  isStreamed,
  parseBody,
  successMedia,
  type ResponseMediaSpec,
} from './response.js';
import { backoffDelayMs, MAX_RETRY_AFTER_MS, retryDecision } from './retry.js';
import { sleep } from './sleep.js';
import { Attempt, isResponseLike, linkedController, withIdleTimeout } from './transport.js';
import { Validation } from './validation.js';

const DEFAULT_TIMEOUT_MS = 60_000;

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
  /** The `validation` option: which messages are checked against the spec's schemas (none by default). */
  readonly #validation: Validation | undefined;
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
    this.#validation = options.validation ? new Validation(options.validation) : undefined;
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
            ? nextPageUrl(request.url, from)
            : buildUrl(
                this.#requestContext(),
                operation,
                pathArgs,
                pageParams,
                options.query,
                options.baseURL,
                false,
              );
        const result = await this.#send<unknown>(
          operation,
          pathArgs,
          pageParams,
          options,
          undefined,
          withQueryKey(this.apiKey, operation, url),
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

  /** One call, its success body checked against the spec's response schemas when the `validation` option says so. */
  async #send<T>(
    operation: OperationSpec,
    pathArgs: unknown[],
    params: Record<string, unknown>,
    options: RequestOptions,
    resumeFrom?: string,
    pageUrl?: string,
  ): Promise<WithResponse<T>> {
    const result = await this.#exchange<T>(operation, pathArgs, params, options, resumeFrom, pageUrl);
    if (this.#validation?.responses) {
      const method = operation.method.toUpperCase();
      const asked = chooseAccept(operation.responses, options.accept);
      await this.#validation.checkResponse(
        operation,
        successMedia(result.response, operation.responses, asked, method),
        {
          status: result.status,
          body: result.data,
          headers: result.headers,
          requestId: result.requestId,
        },
      );
    }
    return result;
  }

  /** One call on the wire, with its retries; `pageUrl` (a list's next page, named by the last) replaces the URL built from the parameters. */
  async #exchange<T>(
    operation: OperationSpec,
    pathArgs: unknown[],
    params: Record<string, unknown>,
    options: RequestOptions,
    resumeFrom?: string,
    pageUrl?: string,
  ): Promise<WithResponse<T>> {
    warnDeprecated(this._logger, operation, params);
    const url =
      pageUrl ??
      buildUrl(this.#requestContext(), operation, pathArgs, params, options.query, options.baseURL);
    const asked = chooseAccept(operation.responses, options.accept);
    const headers = buildHeaders(
      this.#requestContext(),
      operation,
      params,
      options,
      asked?.mediaType ?? 'application/json',
    );
    if (resumeFrom !== undefined && operation.resumeHeader)
      headers[operation.resumeHeader.toLowerCase()] = resumeFrom;
    const payload = bodyPayload(operation, params, options.body);
    // Checked before anything is sent: a refused call opens no connection.
    if (this.#validation?.requests) await this.#validation.checkRequest(operation, params, payload);
    const encoded =
      payload &&
      (await inContentCoding(
        await encodeBody(payload.spec, payload.value),
        payload.spec,
        headers['content-encoding'],
      ));
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
      ...(encoded ? { body: encoded.body } : {}),
      ...(encoded && !encoded.replayable ? { duplex: 'half' } : {}),
      ...(this.#credentials ? { credentials: this.#credentials } : {}),
    };
    const log = (attempt: number, entry: AttemptLog) =>
      logAttempt(this._logger, method, url, headers, operation.auth, attempt, maxRetries, entry);

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

  /** What building a request reads of this client, now. */
  #requestContext(): RequestContext {
    return {
      apiKey: this.apiKey,
      baseURL: this.baseURL,
      csrfToken: this.csrfToken,
      defaultHeaders: this.#defaultHeaders,
      config: this.#config,
    };
  }

  #requestId(response: Response): string | null {
    return this.#config.requestIdHeader ? response.headers.get(this.#config.requestIdHeader) : null;
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

function asRecord(params: unknown): Record<string, unknown> {
  return params && typeof params === 'object' && !Array.isArray(params)
    ? (params as Record<string, unknown>)
    : {};
}
