/**
 * Registers every operation of the spec on a Fastify instance: JSON Schema validation (Ajv,
 * JSON Schema 2020-12) of params, query, headers and body; response serialisation from the
 * response schemas; a security hook that receives each operation's required scopes; errors in
 * the caller's error format (never Fastify's default body); 501 for operations without a handler.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { isUtf8 } from 'node:buffer';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { registerBodyParsers, type BodyLimits } from './bodies.js';
import { registerDispatched, type OperationOptions } from './dispatch.js';
import { boundedError, clientError, echo, frameworkError, type ErrorDetails } from './errors.js';
import type { StreamOptions } from './replies.js';
import { followRefs } from './refs.js';
import { serializesFaithfully } from './serializer.js';
import { registerMethodAnswers } from './methods.js';
import type { RouteSpec } from './route-spec.js';
import { wireHandler, wirePreValidation, type WireContext } from './wire.js';

export type { ErrorDetails } from './errors.js';

/** What an answer made outside every operation (see `unrouted`) carries. */
export interface UnroutedAnswer {
  /** The request ID (`client.id` when Fastify already gave one). */
  id: string;
  /** Headers every response carries (request ID, rate-limit state, ...). */
  headers: Record<string, string | number>;
  /** Answer with this instead (e.g. 429 when a per-address limit is spent). */
  refuse?: ErrorDetails;
}

export interface RoutesOptions<Handlers> {
  /** Implementations keyed by operationId; a missing one answers 501. */
  handlers: Partial<Handlers>;
  /**
   * Runs first for every operation (public ones too). To refuse, send a reply with an error status
   * (not 200): the request ends there. Return without replying to go on.
   */
  authenticate?: (request: FastifyRequest, reply: FastifyReply, route: RouteSpec) => Promise<void> | void;
  /** Builds the error body in the API's format. Default: `{ code, message, param }`. */
  errorBody?: (error: ErrorDetails, request: { id: string }) => unknown;
  /**
   * Called before every answer that no operation's hooks see: unknown routes, bad URLs, and (with
   * `serverOptions()`) requests Node's HTTP parser refused. Charge per-address limits here and
   * return the headers every response carries.
   */
  unrouted?: (client: { id?: string; ip: string; url?: string }) => UnroutedAnswer;
  /** Query parameters the spec does not declare: refused with 400 naming the first, or ignored (default). */
  unknownQueryParameters?: 'refuse' | 'ignore';
  /** Told once at startup which operations have no handler. */
  onUnimplemented?: (operationIds: string[]) => void;
  /** Limits for multipart files and fields and binary bodies the spec does not bound (see BodyLimits for the defaults). */
  limits?: BodyLimits;
  /** Event streams: `heartbeatMs` writes a comment that often, so proxies keep an idle stream open. */
  streams?: StreamOptions;
}

type AnyHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

const defaultErrorBody = (error: ErrorDetails) => ({
  code: error.code,
  message: error.message,
  param: error.param,
});

/** What `serverOptions()` needs from the registered plugin, per Fastify instance. */
interface Registered {
  errorBody: (error: ErrorDetails, request: { id: string }) => unknown;
  unrouted?: RoutesOptions<unknown>['unrouted'];
}
const registered = new WeakMap<object, Registered>();
const fallback: Registered = { errorBody: defaultErrorBody };

/** Answers outside every operation: stamps the `unrouted` headers and sends the error (or the refusal). */
function sendUnrouted(
  config: Registered,
  request: FastifyRequest,
  reply: FastifyReply,
  error: ErrorDetails,
): FastifyReply {
  const answer = config.unrouted?.({ id: request.id, ip: request.ip, url: request.url });
  if (answer) reply.headers(answer.headers);
  const final = boundedError(answer?.refuse ?? error);
  return reply
    .code(final.status)
    .type('application/json')
    .serializer(JSON.stringify)
    .send(config.errorBody(final, request));
}

/**
 * Fastify server options the plugin needs (spread them into `Fastify({...})`): framework errors
 * (bad percent-encoding) and requests Node's parser refuses get the API's error format and the
 * `unrouted` headers; path parameters are bounded by their schemas, not by the router's 100
 * characters; a request without Host reaches the plugin, which refuses it in the API's format.
 */
export function serverOptions(): Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler' | 'routerOptions'
> & { http: { requireHostHeader: boolean } } {
  return {
    routerOptions: { maxParamLength: 16 * 1024 }, // the request line is bounded by Node's 16 KB header limit anyway
    http: { requireHostHeader: false },
    frameworkErrors(error, request, reply) {
      sendUnrouted(
        registered.get(request.server) ?? fallback,
        request,
        reply,
        frameworkError(error as { code?: string; statusCode?: number }),
      );
    },
    clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      // As Node's own handler: no answer once one has begun on this socket (a route answered the
      // request's head, e.g. a 429, before the parser reached its broken body); a second would
      // corrupt the first for the client.
      const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
      if (socket.writable && !inFlight?.headersSent) {
        const config = registered.get(this) ?? fallback;
        const answer = config.unrouted?.({ ip: socket.remoteAddress ?? '' }) ?? {
          id: randomUUID(),
          headers: {},
        };
        const details = boundedError(answer.refuse ?? clientError(error));
        const body = JSON.stringify(config.errorBody(details, { id: answer.id }));
        socket.write(rawErrorAnswer(details.status, answer.headers, body));
      }
      socket.destroy(error);
    },
  };
}

/**
 * An error answer as raw HTTP/1.1 bytes, for sockets Node's HTTP layer has let go of (a request
 * its parser refused, CONNECT): `headers` plus the JSON body's type and length, and the
 * connection closes after it.
 */
export function rawErrorAnswer(
  status: number,
  headers: Record<string, string | number>,
  body: string,
): string {
  const lines = Object.entries(headers)
    .filter(([name]) => !/^(connection|content-length|content-type)$/i.test(name))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** How many Host header lines a request has (its raw headers are name, value, name, value, ...). */
function hostLines(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i].length === 4 && rawHeaders[i].toLowerCase() === 'host') count += 1;
  return count;
}

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

// ajv-formats is CommonJS: under Node's ESM interop its default export is the module object.
const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ??
  formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * Ajv's warnings, less "unknown format ignored": in JSON Schema 2020-12 a format is an annotation
 * unless the validator knows it, so one ajv-formats does not know (`int8`, `html`, a spec's own) is
 * accepted unchecked, as Prism and the contract suites treat it; a warning per schema at every
 * start is noise to a server's operator, not news to the spec's author.
 */
const ajvLogger = {
  log: console.log.bind(console),
  warn: (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('unknown format')) return;
    console.warn(...args);
  },
  error: console.error.bind(console),
};

/**
 * An Ajv for JSON bodies (`coerce: false`) or for text parameters and form fields (`coerce: true`).
 * Ajv coerces text to a number as JavaScript does, so `0x10`, ` 10`, `0b11` and `Infinity` would
 * pass as numbers: a coercing Ajv first checks that each number is written in decimal.
 */
export function createAjv(options: { coerce: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    logger: ajvLogger,
    allErrors: false,
    // Scalars only: the plugin's decoders already make arrays of array parameters and fields, and
    // Ajv's 'array' coercion would turn a string into an array inside an anyOf that accepts both.
    coerceTypes: options.coerce,
    useDefaults: options.coerce,
    removeAdditional: false, // unknown body fields are refused by the schema, never silently dropped
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'discriminator' });
  if (options.coerce) {
    const compile = ajv.compile.bind(ajv);
    ajv.compile = ((schema: object, meta?: boolean) =>
      decimalNumbersFirst(
        compile(schema, meta),
        decimalCheck(ajv, schema, undefined, 0),
      )) as typeof ajv.compile;
  }
  return ajv;
}

/** A number as parameters write it: decimal digits, an optional minus, fraction and exponent (JSON's grammar, leading zeros allowed). */
const DECIMAL_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The first number written other than in decimal inside a value (`at`: its path), if any. */
type DecimalCheck = (value: unknown, at: string[]) => ErrorObject | undefined;

type SchemaObject = Record<string, unknown>;

/**
 * The check a schema's numbers need, wherever Ajv would coerce text to one: the schema itself, its
 * properties, `additionalProperties` (deepObject maps), array items (nested too), `allOf` members,
 * and `anyOf`/`oneOf` whose branches all take numbers (or null) and no text. Undefined when the
 * schema takes no number Ajv would coerce.
 */
function decimalCheck(
  ajv: Ajv2020,
  raw: unknown,
  from: string | undefined,
  depth: number,
): DecimalCheck | undefined {
  const { schema, document } = followRefs(raw, sharedDocuments(ajv), from) as {
    schema: SchemaObject | undefined;
    document: string | undefined;
  };
  if (!schema || typeof schema !== 'object' || depth > 8) return undefined;
  const type = numberType(ajv, schema, document, depth);
  if (type)
    return (value, at) =>
      typeof value === 'string' &&
      value !== '' &&
      !(DECIMAL_NUMBER.test(value) && Number.isFinite(Number(value)))
        ? notDecimal(at, type)
        : undefined;
  const checks: DecimalCheck[] = [];
  const items = schema.items === undefined ? undefined : decimalCheck(ajv, schema.items, document, depth + 1);
  if (items)
    checks.push((value, at) =>
      Array.isArray(value) ? firstOf(value, (each, index) => items(each, [...at, String(index)])) : undefined,
    );
  const properties =
    schema.properties && typeof schema.properties === 'object' ? (schema.properties as SchemaObject) : {};
  for (const [name, property] of Object.entries(properties)) {
    const check = decimalCheck(ajv, property, document, depth + 1);
    if (check)
      checks.push((value, at) =>
        isRecord(value) && Object.hasOwn(value, name) ? check(value[name], [...at, name]) : undefined,
      );
  }
  const rest =
    schema.additionalProperties && typeof schema.additionalProperties === 'object'
      ? decimalCheck(ajv, schema.additionalProperties, document, depth + 1)
      : undefined;
  if (rest)
    checks.push((value, at) =>
      isRecord(value)
        ? firstOf(
            Object.keys(value).filter((key) => !Object.hasOwn(properties, key)),
            (key) => rest(value[key], [...at, key]),
          )
        : undefined,
    );
  for (const member of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const check = decimalCheck(ajv, member, document, depth + 1);
    if (check) checks.push(check);
  }
  if (checks.length === 0) return undefined;
  return (value, at) => firstOf(checks, (check) => check(value, at));
}

/**
 * 'integer' or 'number' when a schema takes numbers and no text: by its `type` (one that also takes
 * strings or booleans is Ajv's to decide), or `anyOf`/`oneOf` branches that all take numbers or
 * null, or an `allOf` member that does while none takes text.
 */
function numberType(
  ajv: Ajv2020,
  schema: SchemaObject,
  document: string | undefined,
  depth: number,
): 'integer' | 'number' | undefined {
  if (depth > 8) return undefined;
  const follow = (node: unknown) =>
    followRefs(node, sharedDocuments(ajv), document) as {
      schema: SchemaObject | undefined;
      document: string | undefined;
    };
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.includes('string') || types.includes('boolean')) return undefined;
  if (types.includes('integer') || types.includes('number'))
    return types.includes('number') ? 'number' : 'integer';
  if (types.length > 0) return undefined;
  const branches = (
    Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : []
  ).map(follow);
  if (branches.length > 0 && branches.every((branch) => branch.schema && typeof branch.schema === 'object')) {
    const found = branches.map((branch) =>
      branch.schema!.type === 'null' ? 'null' : numberType(ajv, branch.schema!, branch.document, depth + 1),
    );
    if (found.every((each) => each !== undefined) && found.some((each) => each !== 'null'))
      return found.includes('number') ? 'number' : 'integer';
    return undefined;
  }
  const members = (Array.isArray(schema.allOf) ? schema.allOf : []).map(follow);
  const memberTypes = members.map(({ schema: member }) =>
    member && typeof member === 'object' ? [member.type].flat() : [],
  );
  if (memberTypes.some((each) => each.includes('string') || each.includes('boolean'))) return undefined;
  return members
    .map((member) =>
      member.schema && typeof member.schema === 'object'
        ? numberType(ajv, member.schema, member.document, depth + 1)
        : undefined,
    )
    .find((each) => each !== undefined);
}

/** The shared documents an Ajv holds, as added (read, not compiled: GitHub's holds thousands of schemas). */
function sharedDocuments(ajv: Ajv2020): (id: string) => unknown {
  return (id) => ajv.schemas[id]?.schema;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function firstOf<T, R>(
  values: readonly T[],
  find: (value: T, index: number) => R | undefined,
): R | undefined {
  for (const [index, value] of values.entries()) {
    const found = find(value, index);
    if (found !== undefined) return found;
  }
  return undefined;
}

function notDecimal(at: string[], type: 'integer' | 'number'): ErrorObject {
  return {
    instancePath: at.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''),
    schemaPath: '#',
    keyword: 'type',
    params: { type },
    message: `must be ${type === 'integer' ? 'an integer' : 'a number'} written in decimal`,
  };
}

function decimalNumbersFirst(validate: ValidateFunction, check: DecimalCheck | undefined): ValidateFunction {
  if (!check) return validate;
  const checked = ((data: unknown) => {
    const failure = check(data, []);
    checked.errors = failure ? [failure] : undefined;
    if (failure) return false;
    const valid = validate(data);
    checked.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return checked;
}

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

/**
 * The schema Fastify validates a route with. An optional body is validated by hand (only when
 * sent), so Fastify must not see it; refusing unknown query parameters closes the query object.
 */
function routeSchema(route: RouteSpec, refuseUnknownQuery: boolean): RouteSpec['schema'] {
  // Cookies are not a Fastify part, and bodies other than one JSON media type are the wire hook's (wire.ts).
  const { body, cookies: _cookies, ...rest } = route.schema;
  const schema: RouteSpec['schema'] =
    route.bodyOptional || body === undefined || route.bodies ? rest : { ...rest, body };
  if (refuseUnknownQuery)
    schema.querystring = { type: 'object', ...(route.schema.querystring ?? {}), additionalProperties: false };
  return schema;
}

/**
 * Fastify's JSON parsing, but refusing bytes that are not UTF-8 and `__proto__` keys. No bytes is
 * no body (RFC 9110 §8.6), whatever the Content-Type: clients such as Python's urllib label every
 * request JSON, body or not. An operation that needs a body says it is missing (preValidation).
 */
function parseJsonBody(
  request: FastifyRequest,
  body: Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  if (body.length === 0) return done(null, undefined);
  // A compressed body would read as bytes that are not UTF-8: say what is not supported (RFC 9110 §15.5.16).
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity')
    return done(
      Object.assign(new Error('content coding'), { statusCode: 415, code: 'ERR_CONTENT_ENCODING' }),
    );
  if (!isUtf8(body))
    return done(
      Object.assign(new Error('body is not UTF-8'), { statusCode: 400, code: 'ERR_BODY_NOT_UTF8' }),
    );
  let text = body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    // A reviver is slow: only a body that could spell "__proto__" (plainly or escaped) pays for it.
    const value =
      text.includes('__proto__') || text.includes('\\u') ? JSON.parse(text, refuseProto) : JSON.parse(text);
    done(null, value);
  } catch (error) {
    done(
      Object.assign(new Error('invalid JSON body'), {
        statusCode: 400,
        code: (error as { code?: string }).code ?? 'FST_ERR_CTP_INVALID_JSON_BODY',
      }),
    );
  }
}

function refuseProto(key: string, value: unknown): unknown {
  if (key === '__proto__') throw Object.assign(new Error('__proto__ key'), { code: 'ERR_BODY_PROTO_KEY' });
  return value;
}

export async function registerRoutes<Handlers>(
  app: FastifyInstance,
  routes: RouteSpec[],
  sharedSchema: { $id: string } & object,
  options: RoutesOptions<Handlers>,
  sharedVariants: Array<{ $id: string } & object> = [],
): Promise<void> {
  const errorBody = options.errorBody ?? defaultErrorBody;
  const config: Registered = { errorBody, unrouted: options.unrouted };
  registered.set(app, config);
  const handlers = options.handlers as Record<string, AnyHandler | undefined>;
  const bodyAjv = createAjv({ coerce: false });
  const partsAjv = createAjv({ coerce: true });
  bodyAjv.addSchema(sharedSchema);
  partsAjv.addSchema(sharedSchema);
  for (const variant of sharedVariants) {
    bodyAjv.addSchema(variant);
    partsAjv.addSchema(variant);
  }
  const serializerSchemas = Object.fromEntries(
    [sharedSchema, ...sharedVariants].map((schema) => [schema.$id, schema as never]),
  );

  // Error bodies bypass the response schemas: fast-json-stringify would silently drop any field
  // the spec's error schema for that status does not name.
  const sendError = (reply: FastifyReply, request: FastifyRequest, error: ErrorDetails) => {
    const bounded = boundedError(error);
    return reply
      .code(bounded.status)
      .type('application/json')
      .serializer(JSON.stringify)
      .send(errorBody(bounded, request));
  };

  // Validators and serializers compile on first use: registering a large spec (GitHub's 1,200
  // routes) would otherwise compile thousands of schemas before the first request.
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : partsAjv;
    let validate: ValidateFunction | undefined;
    return (data: unknown) => {
      validate ??= ajv.compile(schema) as ValidateFunction;
      // `true` keeps the value as it is (Ajv coerces inside it), with no result object per request.
      return validate(data)
        ? true
        : { error: Object.assign(new Error('validation failed'), { validation: validate.errors ?? [] }) };
    };
  });
  app.setSerializerCompiler(({ schema, url, httpStatus }) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      if (!serialize) {
        try {
          serialize = serializesFaithfully(schema, serializerSchemas)
            ? (fastJson(schema as Parameters<typeof fastJson>[0], {
                schema: serializerSchemas,
                ajv: { strict: false },
              }) as (data: unknown) => string)
            : JSON.stringify;
        } catch (error) {
          app.log.warn(
            { err: error },
            `response schema of ${url} ${httpStatus} cannot be compiled; serialising it as plain JSON`,
          );
          serialize = JSON.stringify;
        }
      }
      return serialize(data);
    };
  });

  // Accept only the media types the spec declares: Fastify's built-in text/plain parser would
  // otherwise let a text body reach validation instead of being refused with 415.
  const declared = (type: string) =>
    routes.some(
      (route) =>
        route.bodyContentType?.startsWith(type) ||
        route.bodies?.some((body) => body.mediaType.split(';')[0].trim().toLowerCase() === type),
    );
  if (!declared('text/plain')) app.removeContentTypeParser('text/plain');
  // JSON bodies must be UTF-8: Fastify's parser decodes leniently, storing U+FFFD in place of bad
  // bytes, which alters the caller's data without telling them.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody);
  // Every other media type the operations take (+json, text, forms, multipart, binary): bodies.ts.
  await registerBodyParsers(app, routes, parseJsonBody as never);
  // Any other media type: no bytes is no body, whatever the label (curl -X DELETE -d '' says
  // form-urlencoded); a body in a type the spec does not declare is 415, as before.
  if (!app.hasContentTypeParser('*')) {
    app.addContentTypeParser('*', (request, _payload, done) => {
      const length = request.headers['content-length'];
      if (request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0'))
        return done(null, undefined);
      done(
        Object.assign(new Error('unsupported media type'), {
          statusCode: 415,
          code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
        }),
      );
    });
  }

  // HTTP/1.1 requires Host, exactly one (RFC 9112 3.2: a server MUST answer 400 to none or two;
  // Node keeps the first of two, and a proxy may have routed by the other); serverOptions() lets
  // such requests through so the refusal is in the API's format.
  app.addHook('onRequest', (request, reply, done) => {
    if (
      request.headers.host === undefined
        ? request.raw.httpVersion === '1.1'
        : hostLines(request.raw.rawHeaders) > 1
    ) {
      sendUnrouted(config, request, reply, {
        status: 400,
        code: 'invalid_request',
        message:
          request.headers.host === undefined
            ? 'HTTP/1.1 requests need a Host header.'
            : 'A request has one Host header, not several.',
        param: null,
      });
    }
    done();
  });

  // A validation failure, found by Fastify or outside it (wire.ts, dispatch.ts, an optional body), in the same words.
  const describeErrors = (
    errors: ErrorObject[],
    part: string,
    route: RouteSpec | undefined,
  ): ErrorDetails => {
    const first = errors[0];
    const param = first ? paramOf(first, part) : null;
    const code =
      (param && first && BOUND_KEYWORDS.has(first.keyword) && route?.errorCodes[param]) || 'invalid_request';
    return {
      status: 400,
      code,
      message: first
        ? describe(first, param, part)
        : `The request${part === 'body' ? ' body' : ''} is invalid.`,
      param,
    };
  };
  const routesByUrl = new Map(routes.map((route) => [`${route.method} ${route.url}`, route]));
  app.setErrorHandler(
    (
      error: {
        validation?: ErrorObject[];
        validationContext?: string;
        statusCode?: number;
        code?: string;
        message: string;
      },
      request,
      reply,
    ) => {
      if (error.validation)
        return sendError(
          reply,
          request,
          describeErrors(
            error.validation,
            error.validationContext ?? 'body',
            routesByUrl.get(`${request.method} ${request.routeOptions.url}`),
          ),
        );
      let mapped = frameworkError(error);
      if (mapped.status >= 500) request.log.error({ err: error }, 'unhandled error');
      // A media type no parser takes: name the ones this operation takes.
      const bodies =
        mapped.status === 415
          ? routesByUrl.get(`${request.method} ${request.routeOptions.url}`)?.bodies
          : undefined;
      if (bodies)
        mapped = {
          ...mapped,
          message: `Send request bodies as ${bodies.map((body) => body.mediaType).join(', ')}.`,
        };
      return sendError(reply, request, mapped);
    },
  );
  app.setNotFoundHandler((request, reply) =>
    sendUnrouted(config, request, reply, {
      status: 404,
      code: 'not_found',
      message: `No route for ${echo(request.method)} ${echo(request.url.split('?')[0])}.`,
      param: null,
    }),
  );

  const wire: WireContext = {
    bodyAjv,
    partsAjv,
    sendError,
    describe: describeErrors,
    limits: options.limits,
    streams: options.streams,
  };

  registerMethodAnswers(app, routes, (request, reply, allow) =>
    sendUnrouted(config, request, reply.header('allow', allow), {
      status: 405,
      code: 'method_not_allowed',
      message: `${echo(request.method)} is not allowed on ${echo(request.url.split('?')[0])}; allowed: ${allow}.`,
      param: null,
    }),
  );

  const unimplemented: string[] = [];
  const taken = new Map<string, RouteSpec>();
  const operationOptions = (route: RouteSpec): OperationOptions => {
    const handler = handlers[route.operationId];
    const validateOptionalBody =
      route.bodyOptional && route.schema.body && !route.bodies
        ? bodyAjv.compile(route.schema.body)
        : undefined;
    const takesBody = route.bodyContentType !== undefined;
    const needsBody = takesBody && !route.bodyOptional && route.schema.body !== undefined;
    const wireHook = wirePreValidation(route, wire);
    // A body on an operation that declares none is refused before it is read (spec decision:
    // consistent for every method, instead of parsing DELETE bodies and ignoring GET ones).
    // Answered here, so the chain stops: `done` is not called. Calling it would go on to read the
    // body, and with an async onSend hook (reply not yet sent) a body over the limit would get the
    // parser's 413 instead of this 400.
    const refusedBody = (request: FastifyRequest, reply: FastifyReply): boolean => {
      const length = request.headers['content-length'];
      if ((length === undefined || length === '0') && request.headers['transfer-encoding'] === undefined)
        return false;
      sendError(reply, request, {
        status: 400,
        code: 'invalid_request',
        message: `${route.method} ${route.path} takes no request body.`,
        param: null,
      });
      return true;
    };
    // After the security hook: on to the next hook unless it answered. The body check, which
    // comes next, runs here too (one hook fewer: no preParsing hooks at all on most routes).
    const proceedUnlessAnswered = (
      request: FastifyRequest,
      reply: FastifyReply,
      done: (error?: Error) => void,
    ): void => {
      if (reply.sent || reply.statusCode !== 200) return;
      if (!takesBody && refusedBody(request, reply)) return;
      done();
    };
    return {
      schema: routeSchema(route, options.unknownQueryParameters === 'refuse'),
      // Fastify adds HEAD for every GET; a spec that declares its own HEAD keeps it.
      ...(route.method === 'GET' && routes.some((other) => other.method === 'HEAD' && other.url === route.url)
        ? { exposeHeadRoute: false }
        : {}),
      // Callback style: a synchronous security hook (the usual case) costs no promise per request.
      onRequest: options.authenticate
        ? (request, reply, done) => {
            let result: Promise<void> | void;
            try {
              result = options.authenticate!(request, reply, route);
            } catch (error) {
              return done(error as Error);
            }
            // A refusal ends the request here. Fastify would go on to parse the body and run the
            // handler while an async onSend hook is still writing the refusal (fastify#4374), so
            // `done` is only called when the hook let the request through.
            if (result && typeof (result as Promise<void>).then === 'function')
              (result as Promise<void>).then(() => proceedUnlessAnswered(request, reply, done), done);
            else proceedUnlessAnswered(request, reply, done);
          }
        : undefined,
      // Without a security hook, the body check is a hook of its own, first after onRequest as above.
      preParsing:
        takesBody || options.authenticate
          ? undefined
          : (request, reply, payload, done) => {
              if (!refusedBody(request, reply)) done(null, payload);
            },
      // Only routes that rename parameters, forbid combinations take a body pay for this hook
      // (after the wire hook, which decodes styled parameters and non-JSON bodies, when the route has one).
      // Callback style for the same reason as onRequest: an answer here must end the request.
      preValidation: [
        ...(wireHook ? [wireHook] : []),
        ...(Object.keys(route.paramNames).length === 0 &&
        route.exclusive.length === 0 &&
        !validateOptionalBody &&
        !needsBody
          ? []
          : [
              (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
                if (needsBody && request.body === undefined) {
                  return void sendError(reply, request, {
                    status: 400,
                    code: 'invalid_request',
                    message: `The request body is missing: ${route.method} ${route.path} needs one (${route.bodyContentType}).`,
                    param: null,
                  });
                }
                // Fastify cannot name a parameter "widget-id": give the handler the spec's names back.
                const params = request.params as Record<string, string>;
                if (Object.keys(route.paramNames).length > 0) {
                  request.params = Object.fromEntries(
                    Object.entries(params).map(([key, value]) => [route.paramNames[key] ?? key, value]),
                  );
                }
                const query = (request.query ?? {}) as Record<string, unknown>;
                for (const {
                  params: [a, b],
                  code,
                } of route.exclusive) {
                  if (query[a] !== undefined && query[b] !== undefined)
                    return void sendError(reply, request, {
                      status: 400,
                      code,
                      message: `${a} and ${b} cannot be used together.`,
                      param: a,
                    });
                }
                if (
                  validateOptionalBody &&
                  request.body !== undefined &&
                  request.body !== null &&
                  !validateOptionalBody(request.body)
                ) {
                  return void sendError(
                    reply,
                    request,
                    describeErrors(validateOptionalBody.errors ?? [], 'body', route),
                  );
                }
                done();
              },
            ]),
      ],
      handler: handler
        ? wireHandler(route, handler as never, wire)
        : async (request: FastifyRequest, reply: FastifyReply) =>
            sendError(reply, request, {
              status: 501,
              code: 'not_implemented',
              message: `${route.operationId} is not implemented.`,
              param: null,
            }),
    } as OperationOptions;
  };
  for (const route of routes) if (!handlers[route.operationId]) unimplemented.push(route.operationId);
  // A method and path that operations with a template value share goes through the dispatcher, the plain operation there included.
  const dispatchedKeys = new Set(
    routes.filter((route) => route.match).map((route) => `${route.method} ${route.url}`),
  );
  const plainOfDispatched = new Map<string, RouteSpec>();
  for (const route of routes.filter((candidate) => !candidate.match)) {
    if (dispatchedKeys.has(`${route.method} ${route.url}`)) {
      if (!plainOfDispatched.has(`${route.method} ${route.url}`))
        plainOfDispatched.set(`${route.method} ${route.url}`, route);
      continue;
    }
    // Two operations a request cannot tell apart: the first is routed, the other is said to be
    // unreachable, instead of crashing startup.
    const routeKey = `${route.method} ${route.url}`;
    const first = taken.get(routeKey);
    if (first) {
      app.log.warn(
        `${route.operationId} (${route.method} ${route.path}) is unreachable: ${first.operationId} has the same method and routable path`,
      );
      continue;
    }
    taken.set(routeKey, route);
    app.route({ method: route.method, url: route.url, ...operationOptions(route) });
  }
  // Operations told apart by a header or query value in their template (AWS's X-Amz-Target): one route per method and path.
  registerDispatched(
    app,
    routes.filter((route) => route.match),
    plainOfDispatched,
    operationOptions,
    { bodyAjv, partsAjv, sendError, describe: describeErrors },
  );
  if (unimplemented.length > 0) {
    if (options.onUnimplemented) options.onUnimplemented(unimplemented);
    else app.log.warn(`operations without a handler (they answer 501): ${unimplemented.join(', ')}`);
  }
}
