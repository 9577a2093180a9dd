/**
 * Logging: a level (`logLevel` option, else the `<PREFIX>_LOG` environment variable, else `warn`)
 * and a pluggable logger (any object with debug/info/warn/error; default `console`). Secrets never
 * reach the logger: `redactHeaders` and `redactUrl` blank the Authorization header, API-key
 * headers and query parameters, cookies and CSRF tokens before anything is logged. What the client
 * logs: one debug line per attempt, and a warning the first time a deprecated operation or
 * parameter is used.
 */
import { ClientError } from './errors.js';
import type { AuthSpec, OperationSpec } from './operation.js';
import { ownValue } from './serialize.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** Anything with these four methods: `console`, pino, winston, a test spy. */
export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, off: 50 };
export const LOG_LEVELS = Object.keys(RANK) as LogLevel[];
export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';

/** The level named by an option or environment variable; an unknown name is an error naming where it came from. */
export function parseLogLevel(value: string | undefined, source: string): LogLevel | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const level = value.trim().toLowerCase();
  if (level in RANK) return level as LogLevel;
  throw new ClientError(
    `${source} is ${JSON.stringify(value.slice(0, 40))}; expected one of ${LOG_LEVELS.join(', ')}.`,
  );
}

/** Headers that carry credentials; their values are replaced by `[redacted]` in every log line. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
]);
export const REDACTED = '[redacted]';

export function redactHeaders(
  headers: Record<string, string>,
  alsoSecret: string[] = [],
): Record<string, string> {
  const extra = new Set(alsoSecret.map((name) => name.toLowerCase()));
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      SECRET_HEADERS.has(name.toLowerCase()) || extra.has(name.toLowerCase()) ? REDACTED : value,
    ]),
  );
}

/** The URL with the named query parameters (an API key sent in the query) blanked. */
export function redactUrl(url: string, secretParams: string[]): string {
  if (secretParams.length === 0 || !url.includes('?')) return url;
  const [base, query = ''] = url.split('?', 2);
  const secret = new Set(secretParams.map((name) => encodeURIComponent(name)));
  return `${base}?${query
    .split('&')
    .map((pair) => (secret.has(pair.split('=', 1)[0]!) ? `${pair.split('=', 1)[0]}=${REDACTED}` : pair))
    .join('&')}`;
}

/** The client's logger at its level. A logger that throws fails the call with a ClientError carrying the cause. */
export class LevelLogger {
  constructor(
    readonly level: LogLevel,
    readonly logger: Logger,
  ) {}

  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return RANK[level] >= RANK[this.level];
  }

  log(level: Exclude<LogLevel, 'off'>, message: string, details?: Record<string, unknown>): void {
    if (!this.enabled(level)) return;
    try {
      if (details === undefined) this.logger[level](message);
      else this.logger[level](message, details);
    } catch (error) {
      throw new ClientError(`The logger's ${level}() threw: ${(error as Error)?.message ?? String(error)}`, {
        cause: error,
      });
    }
  }
}

/** Header names whose values are credentials (beyond the fixed list in logging.ts). */
const SECRET_HEADER_NAME = /auth|key|secret|token|cookie|session|password|signature/i;

/** What one attempt's debug line reports. */
export interface AttemptLog {
  status: number | null;
  requestId?: string | null | undefined;
  elapsedMs: number;
  retry: boolean;
  waitMs?: number | undefined;
  reason?: string | undefined;
  error?: string | undefined;
}

/** One debug line per attempt: what was sent (secrets redacted), what came back, and what happens next. */
export function logAttempt(
  logger: LevelLogger,
  method: string,
  url: string,
  headers: Record<string, string>,
  auth: AuthSpec | undefined,
  attempt: number,
  maxRetries: number,
  entry: AttemptLog,
): void {
  if (!logger.enabled('debug')) return;
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
  logger.log(
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

/** Deprecation warnings already given in this process: each once. */
const warnedDeprecations = new Set<string>();

/** Warns once per process for a deprecated operation, and for each deprecated parameter a call uses. */
export function warnDeprecated(
  logger: LevelLogger,
  operation: OperationSpec,
  params: Record<string, unknown>,
): void {
  const label = `${operation.method.toUpperCase()} ${operation.path}`;
  const notes = operation.deprecated ? [`${label} is deprecated`] : [];
  for (const spec of operation.params)
    if (spec.deprecated && (spec.in === 'path' || ownValue(params, spec.name) !== undefined))
      notes.push(`The ${spec.in} parameter ${spec.name} of ${label} is deprecated`);
  for (const note of notes) {
    if (warnedDeprecations.has(note) || !logger.enabled('warn')) continue;
    warnedDeprecations.add(note);
    logger.log('warn', `${note} in the API this client was generated from; it may be removed.`);
  }
}
