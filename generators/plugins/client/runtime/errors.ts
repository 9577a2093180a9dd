/**
 * Error classes: one per kind of failure, all built from a response by `APIError.generate`.
 * Every API error carries the status, the error `code`, `message`, `param`, `requestId` and the
 * response headers, read from the spec's error body.
 */

/** Base of every error the client throws. */
export class ClientError extends Error {
  override name = 'ClientError';
}

export class APIError extends ClientError {
  override name = 'APIError';
  /** HTTP status, or undefined when no response arrived. */
  readonly status: number | undefined;
  /** The stable error code from the body (e.g. "insufficient_scope"), if any. */
  readonly code: string | null;
  /** The offending parameter or field, if the body names one. */
  readonly param: string | null;
  /** The request's ID (body `request_id` or the request-ID header), for support. */
  readonly requestId: string | null;
  readonly headers: Headers | undefined;
  /** The parsed error body as received. */
  readonly body: unknown;
  /** Milliseconds the server asked to wait before retrying (`retry-after-ms`, else `Retry-After`), if it said. */
  readonly retryAfterMs: number | null;

  constructor(
    status: number | undefined,
    body: unknown,
    message: string | undefined,
    headers: Headers | undefined,
    requestIdHeader?: string,
  ) {
    const fields = errorFields(body);
    const requestId = fields.requestId ?? (requestIdHeader ? (headers?.get(requestIdHeader) ?? null) : null);
    super(APIError.describe(status, fields.code, fields.message ?? message, requestId));
    this.status = status;
    this.code = fields.code;
    this.param = fields.param;
    this.requestId = requestId;
    this.headers = headers;
    this.body = body;
    this.retryAfterMs = headers ? serverRetryWaitMs(headers) : null;
  }

  private static describe(
    status: number | undefined,
    code: string | null,
    message: string | undefined,
    requestId: string | null,
  ): string {
    const head = [status, code].filter((part) => part !== undefined && part !== null).join(' ');
    const text = message ?? (status ? 'request failed' : 'no response');
    return `${head ? `${head}: ` : ''}${text}${requestId ? ` (request_id ${requestId})` : ''}`;
  }

  /** The error class for a response status. */
  static generate(status: number, body: unknown, headers: Headers, requestIdHeader?: string): APIError {
    const make = <T extends APIError>(
      Kind: new (s: number, b: unknown, m: string | undefined, h: Headers, r?: string) => T,
    ) => new Kind(status, body, undefined, headers, requestIdHeader);
    if (status === 400) return make(BadRequestError);
    if (status === 401) return make(AuthenticationError);
    if (status === 403) return make(PermissionDeniedError);
    if (status === 404) return make(NotFoundError);
    if (status === 409) return make(ConflictError);
    if (status === 422) return make(UnprocessableEntityError);
    if (status === 429) return make(RateLimitError);
    if (status >= 500) return make(InternalServerError);
    return make(APIError);
  }
}

export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
/** 403: the key lacks the scope (or key type) the operation requires. */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** Seconds the server asked to wait (`retry-after-ms` or `Retry-After`, rounded up), if it said; `retryAfterMs` has the exact wait. */
  readonly retryAfter: number | null;
  constructor(
    status: number,
    body: unknown,
    message: string | undefined,
    headers: Headers,
    requestIdHeader?: string,
  ) {
    super(status, body, message, headers, requestIdHeader);
    this.retryAfter = this.retryAfterMs === null ? null : Math.ceil(this.retryAfterMs / 1000);
  }
}
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/** No response: DNS, refused connection, reset. */
export class APIConnectionError extends APIError {
  override name = 'APIConnectionError';
  constructor(message = 'Connection error.', options?: { cause?: unknown }) {
    super(undefined, undefined, message, undefined);
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
  constructor(timeoutMs: number, what = 'Request timed out') {
    super(`${what} after ${timeoutMs} ms.`);
  }
}
/** The caller's AbortSignal fired. */
export class APIUserAbortError extends APIError {
  override name = 'APIUserAbortError';
  constructor() {
    super(undefined, undefined, 'Request was aborted.', undefined);
  }
}

/** One problem a validator found, as the Standard Schema interface reports it (zod 4, valibot, ArkType). */
export interface ValidationIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** A message or a body the spec's schemas refuse (the client's `validation` option): base of both sides. */
export class ValidationError extends ClientError {
  override name = 'ValidationError';
  /** Every problem the validator found. */
  readonly issues: readonly ValidationIssue[];
  /** The operation, as the schema map keys it: `GET /v1/subjects/{subject_id}`. */
  readonly operation: string;
  constructor(operation: string, what: string, issues: readonly ValidationIssue[]) {
    super(`${operation}: ${what}: ${describeIssues(issues)}`);
    this.operation = operation;
    this.issues = issues;
  }
}

/** The call's parameters or body break the operation's request schemas; thrown before anything is sent. */
export class RequestValidationError extends ValidationError {
  override name = 'RequestValidationError';
  /** Which part was refused: the body or the query parameters. */
  readonly part: 'body' | 'query';
  /** The value refused, as the call gave it. */
  readonly value: unknown;
  constructor(operation: string, part: 'body' | 'query', value: unknown, issues: readonly ValidationIssue[]) {
    super(
      operation,
      `${part === 'body' ? "the request's body breaks" : "the request's query parameters break"} the schema`,
      issues,
    );
    this.part = part;
    this.value = value;
  }
}

/**
 * A success response the operation's response schema refuses (or whose status or media type the
 * spec does not declare). The API answered; the answer breaks the contract, so this is not an
 * APIError (code that retries or branches on API errors does not see it as one).
 */
export class ResponseValidationError extends ValidationError {
  override name = 'ResponseValidationError';
  readonly status: number;
  /** The body as parsed (JSON), kept as received. */
  readonly body: unknown;
  readonly headers: Headers;
  readonly requestId: string | null;
  constructor(
    operation: string,
    response: { status: number; body: unknown; headers: Headers; requestId: string | null },
    issues: readonly ValidationIssue[],
  ) {
    super(operation, `the ${response.status} response breaks the schema`, issues);
    this.status = response.status;
    this.body = response.body;
    this.headers = response.headers;
    this.requestId = response.requestId;
  }
}

/** `data.0.id: Invalid input; metadata: Too big (and 3 more)`: the first issues, each with its path. */
function describeIssues(issues: readonly ValidationIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const path = (issue.path ?? [])
      .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
      .join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = issues.length > shown.length ? ` (and ${issues.length - shown.length} more)` : '';
  return `${shown.join('; ')}${more}`;
}

/** Reads code/message/param/request_id from a flat error body or one nested under `error`. */
function errorFields(body: unknown): {
  code: string | null;
  message: string | undefined;
  param: string | null;
  requestId: string | null;
} {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  // Where APIs put the error: under `error` (Stripe, OpenAI), first of `errors` (JSON:API), or the
  // body itself (RFC 9457 problem details, GitHub's `message`, OAuth 2's `error` and `error_description`).
  const first = Array.isArray(record.errors) ? (record.errors[0] as unknown) : undefined;
  const nested =
    record.error && typeof record.error === 'object'
      ? record.error
      : first && typeof first === 'object'
        ? first
        : undefined;
  const inner = (nested ?? record) as Record<string, unknown>;
  // Any spelling of a name: Postmark's `Message` and `ErrorCode` are `message` and `error_code`.
  const spelled = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
  const field = (object: Record<string, unknown>, ...names: string[]) => {
    for (const name of names) if (object[name] !== undefined) return object[name];
    const wanted = names.map(spelled);
    for (const wanting of wanted)
      for (const [key, value] of Object.entries(object)) if (spelled(key) === wanting) return value;
    return undefined;
  };
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  // A problem's `type` is a URI naming its kind; `about:blank` names none.
  const type = text(field(inner, 'type'));
  const problemType = type === 'about:blank' ? null : type;
  const numbered = field(inner, 'code', 'error_code');
  return {
    code:
      text(numbered) ??
      (Number.isInteger(numbered) ? String(numbered) : null) ??
      problemType ??
      text(field(record, 'error')),
    message:
      text(field(inner, 'message')) ??
      text(field(inner, 'detail')) ??
      text(field(inner, 'error_description')) ??
      text(field(inner, 'title')) ??
      text(field(record, 'message')) ??
      undefined,
    param: text(field(inner, 'param')),
    requestId: text(field(inner, 'request_id')) ?? text(field(record, 'request_id')),
  };
}

/** The wait a response asks for: `retry-after-ms` (milliseconds, fractions allowed) first, then `Retry-After`. */
export function serverRetryWaitMs(headers: Headers, now: number = Date.now()): number | null {
  const exact = headers.get('retry-after-ms')?.trim();
  if (exact && /^\d+(\.\d+)?$/.test(exact)) return Number(exact);
  return retryAfterMs(headers.get('retry-after'), now);
}

/** Retry-After as milliseconds: integer seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
