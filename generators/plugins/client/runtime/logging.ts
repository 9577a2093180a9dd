/**
 * Logging: a level (`logLevel` option, else the `<PREFIX>_LOG` environment variable, else `warn`)
 * and a pluggable logger (any object with debug/info/warn/error; default `console`). Secrets never
 * reach the logger: `redactHeaders` and `redactUrl` blank the Authorization header, API-key
 * headers and query parameters, cookies and CSRF tokens before anything is logged.
 */
import { ClientError } from './errors.js';

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
  const [base, query] = url.split('?', 2);
  const secret = new Set(secretParams.map((name) => encodeURIComponent(name)));
  return `${base}?${query
    .split('&')
    .map((pair) => (secret.has(pair.split('=', 1)[0]) ? `${pair.split('=', 1)[0]}=${REDACTED}` : pair))
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
