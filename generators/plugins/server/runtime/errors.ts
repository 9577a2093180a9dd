/**
 * Errors in the API's format for everything that can go wrong before or around an operation:
 * validation, Fastify's framework errors (bad URL encoding, body parsing) and requests Node's
 * HTTP parser refuses. Every value taken from a request passes through `echo`, and every error
 * through `boundedError`, so no answer carries unbounded or control-character input.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { RouteSpec } from './route-spec.js';
import { pointerPart } from './refs.js';

export interface ErrorDetails {
  status: number;
  code: string;
  message: string;
  param: string | null;
}

/** At most this many characters of a request value are quoted back in an error message. */
export const ECHO_LIMIT = 40;
/** Longest error message (the usual `Error.message` bound). */
export const MESSAGE_LIMIT = 1000;
/** A `param` must look like a parameter name or a dotted body path, at most 200 characters. */
const PARAM = /^[A-Za-z0-9_.[\]-]{1,200}$/;

/**
 * A request value as it may appear in an error message: at most ECHO_LIMIT characters (then
 * "…"), anything outside printable ASCII escaped as \uXXXX. Example: "a\u0001b".
 */
export function echo(value: unknown): string {
  const text = String(value);
  const head = text
    .slice(0, ECHO_LIMIT)
    .replace(/[^\x20-\x7E]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return text.length > ECHO_LIMIT ? `${head}…` : head;
}

/** The one gate every error passes: message without control characters and bounded; a `param` that is not a plain name becomes null. */
export function boundedError(error: ErrorDetails): ErrorDetails {
  let message = error.message.replace(/[\u0000-\u001F\u007F]/g, ' ');
  if (message.length > MESSAGE_LIMIT) message = `${message.slice(0, MESSAGE_LIMIT - 1)}…`;
  const param = error.param !== null && PARAM.test(error.param) ? error.param : null;
  return message === error.message && param === error.param ? error : { ...error, message, param };
}

/** A Fastify-level failure (bad URL, bad JSON, wrong media type, body too large) as an API error. */
export function frameworkError(error: {
  statusCode?: number | undefined;
  code?: string | undefined;
}): ErrorDetails {
  // Brotli's decoder names each way a body fails to decode (`ERR__ERROR_FORMAT_PADDING_2`).
  const code = error.code?.startsWith('ERR__ERROR_') ? 'Z_DATA_ERROR' : error.code;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        code: 'malformed_json',
        message: 'The request body is not valid JSON.',
        param: null,
      };
    case 'ERR_BODY_PROTO_KEY':
      // Valid JSON, but a key no schema can declare (it would reach the prototype): refused like an unknown field.
      return {
        status: 400,
        code: 'invalid_request',
        message: 'A request body may not have a "__proto__" key.',
        param: null,
      };
    case 'ERR_CONTENT_ENCODING':
      return {
        status: 415,
        code: 'unsupported_media_type',
        message: 'Send request bodies without a Content-Encoding (identity).',
        param: null,
      };
    // The body does not decode in the coding its Content-Encoding names (content-codings.ts).
    case 'Z_DATA_ERROR':
    case 'Z_BUF_ERROR':
      return {
        status: 400,
        code: 'invalid_request',
        message: 'The request body does not decode in the coding its Content-Encoding names.',
        param: null,
      };
    case 'ERR_BODY_NOT_UTF8':
      return {
        status: 400,
        code: 'malformed_json',
        message: 'The request body is not valid UTF-8.',
        param: null,
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        code: 'payload_too_large',
        message: 'The request body is too large.',
        param: null,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: 'unsupported_media_type',
        message: 'Send request bodies as application/json.',
        param: null,
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        code: 'invalid_request',
        message: 'The Content-Length does not match the body.',
        param: null,
      };
    case 'FST_ERR_BAD_URL':
      return {
        status: 400,
        code: 'invalid_request',
        message: 'The request path is not valid percent-encoding.',
        param: null,
      };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 400, code: 'invalid_request', message: 'A path parameter is too long.', param: null };
    default:
      // Fastify's own messages may quote the request: name the condition by its code only. Any
      // other client error is a 400, the status every operation documents.
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
        return {
          status: 400,
          code: 'invalid_request',
          message: `The request was refused (${echo(error.code ?? error.statusCode)}).`,
          param: null,
        };
      return { status: 500, code: 'internal_error', message: 'An unexpected error occurred.', param: null };
  }
}

/** A request head over the limit, refused by Node's parser or by the plugin (`headCheck`). */
export const HEAD_TOO_LARGE: ErrorDetails = {
  status: 400,
  code: 'invalid_request',
  message: 'The request headers are too large.',
  param: null,
};

/** A request Node's HTTP parser refused (oversized headers, NUL bytes, bad chunking, ...). */
export function clientError(error: { code?: string }): ErrorDetails {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return HEAD_TOO_LARGE;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return {
        status: 408,
        code: 'invalid_request',
        message: 'The request was not received in time.',
        param: null,
      };
    default:
      return {
        status: 400,
        code: 'invalid_request',
        message: 'The request is not well-formed HTTP.',
        param: null,
      };
  }
}

/**
 * The error as the operation documents it: a refusal of invalid input (400 here) takes the status
 * the operation documents for it instead, when the generator found one (`refusalStatus`: 422).
 */
export function documentedRefusal(
  error: ErrorDetails,
  route?: Pick<RouteSpec, 'refusalStatus'>,
): ErrorDetails {
  return error.status === 400 && route?.refusalStatus ? { ...error, status: route.refusalStatus } : error;
}

/** The error body when the plugin is given no `errorBody`: `{ code, message, param }`. */
export const defaultErrorBody = (error: ErrorDetails) => ({
  code: error.code,
  message: error.message,
  param: error.param,
});

/** Keywords of a parameter's bounds: the failures its x-error-code names (a type or pattern failure is invalid_request). */
const BOUND_KEYWORDS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

/** "/consent_artifact/ui_snapshot_hash" + missing "x" -> "consent_artifact.ui_snapshot_hash.x". */
function paramOf(error: ErrorObject, part: string): string | null {
  const segments = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const extra =
    (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
    (error.params as { additionalProperty?: string }).additionalProperty;
  if (extra !== undefined) segments.push(extra); // possibly empty: `?=1` has a parameter named ''
  if (segments.length === 0) return part === 'body' ? null : part;
  return segments
    .map((segment, index) => (/^\d+$/.test(segment) && index > 0 ? `[${segment}]` : segment))
    .join('.')
    .replace(/\.\[/g, '[');
}

function describe(error: ErrorObject, param: string | null, part: string): string {
  const params = error.params as Record<string, unknown>;
  const subject = param === null ? 'The request body' : param === '' ? 'An empty name' : echo(param);
  switch (error.keyword) {
    case 'required':
      return `${subject} is required.`;
    case 'additionalProperties':
      return part === 'querystring'
        ? `${subject} is not a known query parameter.`
        : `${subject} is not a known field.`;
    case 'pattern':
      return `${subject} must match the pattern ${String(params.pattern)}.`;
    case 'enum':
      return `${subject} must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}.`;
    case 'const':
      return `${subject} must be ${JSON.stringify(params.allowedValue)}.`;
    default:
      return `${subject} ${error.message ?? 'is invalid'}.`;
  }
}

/** A validation failure, found by Fastify or outside it (wire.ts, dispatch.ts, an optional body), in the same words. */
export function describeValidation(
  errors: ErrorObject[],
  part: string,
  route: RouteSpec | undefined,
): ErrorDetails {
  const first = errors[0];
  const param = first ? paramOf(first, part) : null;
  const code =
    (param &&
      first &&
      BOUND_KEYWORDS.has(first.keyword) &&
      route &&
      Object.hasOwn(route.errorCodes, param) &&
      route.errorCodes[param]) ||
    'invalid_request';
  return {
    status: 400,
    code,
    message: first
      ? describe(first, param, part)
      : `The request${part === 'body' ? ' body' : ''} is invalid.`,
    param,
  };
}

/** A validator's errors for a member's value, pointed into the object that holds it under `name`. */
export function errorsUnder(name: string, errors: ErrorObject[] | null | undefined): ErrorObject[] {
  const at = `/${pointerPart(name)}`;
  return (errors ?? []).map((error) => ({ ...error, instancePath: at + error.instancePath }));
}
