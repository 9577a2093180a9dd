/**
 * Registers every operation of the spec on a Fastify instance: JSON Schema validation (Ajv,
 * JSON Schema 2020-12) of params, query, headers and body; response serialisation from the
 * response schemas; a security hook that receives each operation's required scopes; errors in
 * the caller's error format (never Fastify's default body); 501 for operations without a handler.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteSpec } from './route-spec.js';

export interface ErrorDetails {
  status: number;
  code: string;
  message: string;
  param: string | null;
}

export interface RoutesOptions<Handlers> {
  /** Implementations keyed by operationId; a missing one answers 501. */
  handlers: Partial<Handlers>;
  /** Runs first for every operation (public ones too). Reply to refuse; return to go on. */
  authenticate?: (request: FastifyRequest, reply: FastifyReply, route: RouteSpec) => Promise<void> | void;
  /** Builds the error body in the API's format. Default: `{ code, message, param }`. */
  errorBody?: (error: ErrorDetails, request: FastifyRequest) => unknown;
  /** Told once at startup which operations have no handler. */
  onUnimplemented?: (operationIds: string[]) => void;
}

type AnyHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

const defaultErrorBody = (error: ErrorDetails) => ({ code: error.code, message: error.message, param: error.param });

/** A Fastify-level failure (bad JSON, wrong media type, body too large) as an API error. */
function frameworkError(error: { statusCode?: number; code?: string; message: string }): ErrorDetails {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'malformed_json', message: 'The request body is not valid JSON.', param: null };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large', message: 'The request body is too large.', param: null };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'unsupported_media_type', message: 'Send request bodies as application/json.', param: null };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: 'invalid_request', message: 'The Content-Length does not match the body.', param: null };
    default:
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return { status: error.statusCode, code: 'invalid_request', message: error.message, param: null };
      return { status: 500, code: 'internal_error', message: 'An unexpected error occurred.', param: null };
  }
}

/** "/consent_artifact/ui_snapshot_hash" + missing "x" -> "consent_artifact.ui_snapshot_hash.x". */
function paramOf(error: ErrorObject, part: string): string | null {
  const segments = error.instancePath.split('/').filter(Boolean).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const extra = (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ?? (error.params as { additionalProperty?: string }).additionalProperty;
  if (extra) segments.push(extra);
  if (segments.length === 0) return part === 'body' ? null : part;
  return segments.map((segment, index) => (/^\d+$/.test(segment) && index > 0 ? `[${segment}]` : segment)).join('.').replace(/\.\[/g, '[');
}

function describe(error: ErrorObject, param: string | null): string {
  const params = error.params as Record<string, unknown>;
  const subject = param ?? 'The request body';
  switch (error.keyword) {
    case 'required':
      return `${subject} is required.`;
    case 'additionalProperties':
      return `${subject} is not a known field.`;
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
const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export function createAjv(options: { coerce: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    coerceTypes: options.coerce ? 'array' : false,
    useDefaults: options.coerce,
    removeAdditional: false, // unknown body fields are refused by the schema, never silently dropped
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'discriminator' });
  return ajv;
}

/** An optional body is validated by hand (only when sent), so Fastify must not see its schema. */
function withoutBody(schema: RouteSpec['schema']): RouteSpec['schema'] {
  const { body: _body, ...rest } = schema;
  return rest;
}

export function registerRoutes<Handlers>(app: FastifyInstance, routes: RouteSpec[], sharedSchema: { $id: string } & object, options: RoutesOptions<Handlers>): void {
  const errorBody = options.errorBody ?? defaultErrorBody;
  const handlers = options.handlers as Record<string, AnyHandler | undefined>;
  const bodyAjv = createAjv({ coerce: false });
  const partsAjv = createAjv({ coerce: true });
  bodyAjv.addSchema(sharedSchema);
  partsAjv.addSchema(sharedSchema);

  // Error bodies bypass the response schemas: fast-json-stringify would silently drop any field
  // the spec's error schema for that status does not name.
  const sendError = (reply: FastifyReply, request: FastifyRequest, error: ErrorDetails) =>
    reply.code(error.status).type('application/json').serializer(JSON.stringify).send(errorBody(error, request));

  // Validators and serializers compile on first use: registering a large spec (GitHub's 1,200
  // routes) would otherwise compile thousands of schemas before the first request.
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : partsAjv;
    let validate: ValidateFunction | undefined;
    return (data: unknown) => {
      validate ??= ajv.compile(schema) as ValidateFunction;
      return validate(data) ? { value: data } : { error: Object.assign(new Error('validation failed'), { validation: validate.errors ?? [] }) };
    };
  });
  app.setSerializerCompiler(({ schema, url, httpStatus }) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      if (!serialize) {
        try {
          serialize = fastJson(schema as Parameters<typeof fastJson>[0], { schema: { [sharedSchema.$id]: sharedSchema as never }, ajv: { strict: false } }) as (data: unknown) => string;
        } catch (error) {
          app.log.warn({ err: error }, `response schema of ${url} ${httpStatus} cannot be compiled; serialising it as plain JSON`);
          serialize = JSON.stringify;
        }
      }
      return serialize(data);
    };
  });

  // Accept only the media types the spec declares: Fastify's built-in text/plain parser would
  // otherwise let a text body reach validation instead of being refused with 415.
  if (!routes.some((route) => route.bodyContentType?.startsWith('text/plain'))) app.removeContentTypeParser('text/plain');

  const routesByUrl = new Map(routes.map((route) => [`${route.method} ${route.url}`, route]));
  app.setErrorHandler((error: { validation?: ErrorObject[]; validationContext?: string; statusCode?: number; code?: string; message: string }, request, reply) => {
    if (error.validation) {
      const route = routesByUrl.get(`${request.method} ${request.routeOptions.url}`);
      const part = error.validationContext ?? 'body';
      const first = error.validation[0];
      const param = first ? paramOf(first, part) : null;
      const code = (param && route?.errorCodes[param]) || 'invalid_request';
      return sendError(reply, request, { status: 400, code, message: first ? describe(first, param) : 'The request is invalid.', param });
    }
    const mapped = frameworkError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, mapped);
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, request, { status: 404, code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}.`, param: null }));

  const unimplemented: string[] = [];
  for (const route of routes) {
    const handler = handlers[route.operationId];
    if (!handler) unimplemented.push(route.operationId);
    const validateOptionalBody = route.bodyOptional && route.schema.body ? bodyAjv.compile(route.schema.body) : undefined;
    app.route({
      method: route.method,
      url: route.url,
      schema: route.bodyOptional ? withoutBody(route.schema) : route.schema,
      // Callback style: a synchronous security hook (the usual case) costs no promise per request.
      onRequest: options.authenticate
        ? (request, reply, done) => {
            let result: Promise<void> | void;
            try {
              result = options.authenticate!(request, reply, route);
            } catch (error) {
              return done(error as Error);
            }
            if (result && typeof (result as Promise<void>).then === 'function') (result as Promise<void>).then(() => done(), done);
            else done();
          }
        : undefined,
      // Only routes that rename parameters, forbid combinations or have an optional body pay for this hook.
      preValidation: Object.keys(route.paramNames).length === 0 && route.exclusive.length === 0 && !validateOptionalBody ? undefined : async (request, reply) => {
        // Fastify cannot name a parameter "widget-id": give the handler the spec's names back.
        const params = request.params as Record<string, string>;
        if (Object.keys(route.paramNames).length > 0) {
          request.params = Object.fromEntries(Object.entries(params).map(([key, value]) => [route.paramNames[key] ?? key, value]));
        }
        const query = (request.query ?? {}) as Record<string, unknown>;
        for (const { params: [a, b], code } of route.exclusive) {
          if (query[a] !== undefined && query[b] !== undefined) return sendError(reply, request, { status: 400, code, message: `${a} and ${b} cannot be used together.`, param: a });
        }
        if (validateOptionalBody && request.body !== undefined && request.body !== null && !validateOptionalBody(request.body)) {
          const first = validateOptionalBody.errors?.[0];
          const param = first ? paramOf(first, 'body') : null;
          return sendError(reply, request, { status: 400, code: 'invalid_request', message: first ? describe(first, param) : 'The request body is invalid.', param });
        }
      },
      handler:
        handler ??
        (async (request, reply) => sendError(reply, request, { status: 501, code: 'not_implemented', message: `${route.operationId} is not implemented.`, param: null })),
    });
  }
  if (unimplemented.length > 0) {
    if (options.onUnimplemented) options.onUnimplemented(unimplemented);
    else app.log.warn(`operations without a handler (they answer 501): ${unimplemented.join(', ')}`);
  }
}
