/**
 * One operation's Fastify route (as fastify's lib/route.js): the schema Fastify validates it with,
 * and its hooks in order: the security hook (a refusal ends the request), the refusal of a body on
 * an operation that takes none, the wire hook (wire.ts), the checks Fastify's schema cannot make
 * (a missing body, parameters renamed back to the spec's names, mutually exclusive parameters, an
 * optional body validated only when sent), and the handler, or 501 when there is none.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationOptions } from './dispatch.js';
import { routerPath } from './methods.js';
import type { RouteSpec } from './route-spec.js';
import { wireHandler, wirePreValidation, type WireContext } from './wire.js';
import { contentCodingHook, declaredCodings } from './content-codings.js';

/** A handler as the plugin holds it (each operation's own types are the generated Handlers'). */
export type AnyHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** What building a route needs from the plugin. */
export interface RouteContext {
  /** The URLs a route of the spec's own answers HEAD on (a GET there keeps Fastify from adding one). */
  headUrls: Set<string>;
  handlers: Record<string, AnyHandler | undefined>;
  /** The plugin's security hook (RoutesOptions.authenticate). */
  authenticate?:
    ((request: FastifyRequest, reply: FastifyReply, route: RouteSpec) => Promise<void> | void) | undefined;
  /** Query parameters the spec does not declare are refused (RoutesOptions.unknownQueryParameters). */
  refuseUnknownQuery: boolean;
  wire: WireContext;
}

/**
 * The handler for an operation, or undefined: an operation `toString` or `constructor` the handlers
 * leave out is not Object's method of that name (own properties alone would refuse a class instance).
 */
export function handlerOf<T>(handlers: T, operationId: string): T[keyof T] | undefined {
  const handler = (handlers as Record<string, unknown>)[operationId];
  return handler === (Object.prototype as unknown as Record<string, unknown>)[operationId]
    ? undefined
    : (handler as T[keyof T]);
}

/** The route options (schema, hooks, handler) of one operation. */
export function operationOptions(route: RouteSpec, context: RouteContext): OperationOptions {
  const { headUrls, handlers, wire, authenticate } = context;
  const { bodyAjv, sendError, describe } = wire;
  const handler = handlerOf(handlers, route.operationId);
  const validateOptionalBody =
    route.bodyOptional && route.schema.body && !route.bodies ? bodyAjv.compile(route.schema.body) : undefined;
  const takesBody = route.bodyContentType !== undefined;
  const needsBody = takesBody && !route.bodyOptional && route.schema.body !== undefined;
  const wireHook = wirePreValidation(route, wire);
  const codings = declaredCodings(route);
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
    schema: routeSchema(route, context.refuseUnknownQuery),
    // Fastify adds HEAD for every GET; a spec that declares its own HEAD keeps it.
    ...(route.method === 'GET' && headUrls.has(routerPath(route.url)) ? { exposeHeadRoute: false } : {}),
    // Callback style: a synchronous security hook (the usual case) costs no promise per request.
    onRequest: authenticate
      ? (request, reply, done) => {
          let result: Promise<void> | void;
          try {
            result = authenticate(request, reply, route);
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
    // A body in a coding the operation declares is decoded before it is parsed (content-codings.ts).
    preParsing:
      takesBody || authenticate
        ? takesBody && codings
          ? contentCodingHook(route, codings)
          : undefined
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
                  Object.entries(params).map(([key, value]) => [
                    Object.hasOwn(route.paramNames, key) ? route.paramNames[key] : key,
                    value,
                  ]),
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
                  describe(validateOptionalBody.errors ?? [], 'body', route),
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
}

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
