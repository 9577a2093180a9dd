/**
 * What a client is configured with: what the generator knows about the API (ClientConfig, fixed
 * per generated client), the caller's options (ClientOptions) and one call's (RequestOptions).
 */
import type { KeyPrefix } from './keys.js';
import type { Logger, LogLevel } from './logging.js';
import type { RetryPolicy } from './retry.js';
import type { ValidationOptions } from './validation.js';

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
  requestIdHeader?: string | undefined;
  rateLimitHeaders?: { limit?: string; remaining?: string } | undefined;
  /** Header carrying the spec digest this client was generated from, and the digest. */
  specDigest?: { header: string; value: string } | undefined;
  userAgent: string;
  /** The attempt timeout when the caller sets none (the client plugin's `timeout` option); else 60 s. */
  defaultTimeoutMs?: number | undefined;
}

export interface ClientOptions {
  /** The API key (for HTTP basic, `user:password`). Defaults to the environment variable named in the README; each operation sends it where its security says, or not at all. */
  apiKey?: string | undefined;
  /** Where requests go (default: the environment variable named in the README, else the spec's first server); operations that declare servers of their own keep theirs (override them per call). */
  baseURL?: string | undefined;
  /** Retries after the first attempt. Defaults to the spec's retry policy (3). */
  maxRetries?: number | undefined;
  /** Milliseconds each attempt may take, from sending to the last byte of the body (default 60 000). */
  timeout?: number | undefined;
  /** Streams and downloads: milliseconds the body may go without data once the headers are in (default 60 000). */
  idleTimeout?: number | undefined;
  /** The longest server-asked wait (`retry-after-ms`, `Retry-After`) waited out before a retry, in ms (default 60 000); longer raises the error, carrying the wait. */
  maxRetryWait?: number | undefined;
  /** `debug`, `info`, `warn`, `error` or `off` (default: the `<PREFIX>_LOG` environment variable, else `warn`). */
  logLevel?: LogLevel | undefined;
  /** Where log lines go: any object with debug/info/warn/error (default `console`). */
  logger?: Logger | undefined;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof fetch | undefined;
  defaultHeaders?: Record<string, string> | undefined;
  /** Cookie-session APIs: the CSRF token sent in the spec's CSRF header (also settable later as `client.csrfToken`). */
  csrfToken?: string | undefined;
  /** fetch's `credentials` (default `same-origin` for cookie-session APIs, so the browser sends the session cookie). */
  credentials?: RequestCredentials | undefined;
  /**
   * Check messages against the spec's schemas (off by default): `{ schemas: operationSchemas,
   * responses: true, requests: true }` with the generated zod module's map. A JSON success body
   * that breaks its schema raises ResponseValidationError; query parameters or a JSON body
   * that break theirs raise RequestValidationError before anything is sent.
   */
  validation?: ValidationOptions | undefined;
}

export interface RequestOptions {
  maxRetries?: number | undefined;
  timeout?: number | undefined;
  idleTimeout?: number | undefined;
  maxRetryWait?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Idempotency key for this call; generated once per call when the operation accepts one. */
  idempotencyKey?: string | undefined;
  /** Extra headers; `null` removes one the client would send. A `cookie` here is sent with the operation's cookie parameters. */
  headers?: Record<string, string | null> | undefined;
  /** Extra query parameters the spec does not (yet) declare; arrays repeat the name. */
  query?: Record<string, unknown> | undefined;
  /** Extra body fields the spec does not (yet) declare, merged over the body's own (JSON, form and multipart bodies; JSON when the operation takes none). */
  body?: Record<string, unknown> | undefined;
  /** The response media type to ask for (`Accept`), when the operation answers several. */
  accept?: string | undefined;
  /** Where this call goes, instead of the operation's own server (if it declares one) or the client's baseURL. */
  baseURL?: string | undefined;
}
