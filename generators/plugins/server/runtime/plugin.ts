/**
 * Registers every operation of the spec on a Fastify instance: JSON Schema validation (Ajv,
 * JSON Schema 2020-12) of params, query, headers and body; response serialisation from the
 * response schemas; a security hook that receives each operation's required scopes; errors in
 * the caller's error format (never Fastify's default body); 501 for operations without a handler.
 * Each job has its module: validation.ts (Ajv), content-types.ts (body parsing), route.ts (one
 * operation's hooks), unrouted.ts (answers outside every operation), errors.ts (the error format).
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BodyLimits } from './bodies.js';
import { registerContentTypeParsers } from './content-types.js';
import { registerDispatched, routeKeyOf } from './dispatch.js';
import { errorRenderer, NO_TEMPLATES, type ErrorTemplateTable } from './error-bodies.js';
import {
  boundedError,
  describeValidation,
  documentedRefusal,
  echo,
  frameworkError,
  type ErrorDetails,
} from './errors.js';
import { registerMethodAnswers, routerPath } from './methods.js';
import type { StreamOptions } from './replies.js';
import { literalLength, type RouteSpec } from './route-spec.js';
import { handlerOf, operationOptions, type AnyHandler } from './route.js';
import { withUnreadBody } from './unread-bodies.js';
import { serializerCompiler } from './serializer.js';
import {
  commonRefusal,
  headCheck,
  rawPathMatcher,
  registerUnrouted,
  sendUnrouted,
  type UnroutedAnswer,
} from './unrouted.js';
import { createAjv, validatorCompiler } from './validation.js';
import type { WireContext } from './wire.js';

export type { ErrorDetails } from './errors.js';
export { rawErrorAnswer, serverOptions, type UnroutedAnswer } from './unrouted.js';

export interface RoutesOptions<Handlers> {
  /** Implementations keyed by operationId; a missing one answers 501. */
  handlers: Partial<Handlers>;
  /**
   * Runs first for every operation (public ones too). To refuse, send a reply with an error status
   * (not 200): the request ends there. Return without replying to go on.
   */
  authenticate?:
    ((request: FastifyRequest, reply: FastifyReply, route: RouteSpec) => Promise<void> | void) | undefined;
  /**
   * Builds the error body in the API's format (sent as application/json). Default: a body of the
   * error schema the spec documents for the operation and status (the stubs' error templates),
   * or `{ code, message, param }` when the spec documents none.
   */
  errorBody?: ((error: ErrorDetails, request: { id: string }) => unknown) | undefined;
  /**
   * Called before every answer that no operation's hooks see: unknown routes, bad URLs, and (with
   * `serverOptions()`) requests Node's HTTP parser refused. Charge per-address limits here and
   * return the headers every response carries.
   */
  unrouted?: ((client: { id?: string; ip: string; url?: string }) => UnroutedAnswer) | undefined;
  /** Query parameters the spec does not declare: refused with 400 naming the first, or ignored (default). */
  unknownQueryParameters?: 'refuse' | 'ignore' | undefined;
  /** Told once at startup which operations have no handler. */
  onUnimplemented?: ((operationIds: string[]) => void) | undefined;
  /** Limits for multipart files and fields and binary bodies the spec does not bound (see BodyLimits for the defaults). */
  limits?: BodyLimits | undefined;
  /** Event streams: `heartbeatMs` writes a comment that often, so proxies keep an idle stream open. */
  streams?: StreamOptions | undefined;
}

export async function registerRoutes<Handlers>(
  app: FastifyInstance,
  routes: RouteSpec[],
  sharedSchema: { $id: string } & object,
  options: RoutesOptions<Handlers>,
  sharedVariants: Array<{ $id: string } & object> = [],
  errorTemplates: ErrorTemplateTable = NO_TEMPLATES,
): Promise<void> {
  // A body on GET, HEAD or TRACE is read and validated by the wire hook: Fastify reads none there.
  routes = routes.map(withUnreadBody);
  const renderError = errorRenderer(errorTemplates, options.errorBody);
  const config = registerUnrouted(app, {
    renderError,
    unrouted: options.unrouted,
    routeOfRawPath: rawPathMatcher(routes),
    everyOperation: commonRefusal(routes),
  });
  const handlers = options.handlers as Record<string, AnyHandler | undefined>;
  const shared = [sharedSchema, ...sharedVariants];
  const bodyAjv = createAjv({ coerce: false });
  const partsAjv = createAjv({ coerce: true });
  for (const schema of shared) {
    bodyAjv.addSchema(schema);
    partsAjv.addSchema(schema);
  }

  // Error bodies bypass the response schemas: fast-json-stringify would silently drop any field
  // the spec's error schema for that status does not name.
  const routesByUrl = new Map(routes.map((route) => [`${route.method} ${route.url}`, route]));
  const routeOf = (request: FastifyRequest) =>
    routesByUrl.get(`${request.method} ${request.routeOptions.url}`);
  const sendError = (reply: FastifyReply, request: FastifyRequest, error: ErrorDetails) => {
    const route = routeOf(request);
    const bounded = boundedError(documentedRefusal(error, route));
    const rendered = renderError(bounded, request, route?.errorResponses);
    return reply.code(bounded.status).type(rendered.mediaType).serializer(JSON.stringify).send(rendered.body);
  };

  // Validators and serializers compile on first use (validation.ts, serializer.ts).
  app.setValidatorCompiler(validatorCompiler(bodyAjv, partsAjv));
  app.setSerializerCompiler(
    serializerCompiler(app, Object.fromEntries(shared.map((schema) => [schema.$id, schema as never]))),
  );
  await registerContentTypeParsers(app, routes);
  app.addHook('onRequest', headCheck(config, routeOf));

  app.setErrorHandler(
    (
      error: {
        validation?: ErrorObject[] | undefined;
        validationContext?: string | undefined;
        statusCode?: number | undefined;
        code?: string | undefined;
        message: string;
      },
      request,
      reply,
    ) => {
      if (error.validation)
        return sendError(
          reply,
          request,
          describeValidation(error.validation, error.validationContext ?? 'body', routeOf(request)),
        );
      let mapped = frameworkError(error);
      if (mapped.status >= 500) request.log.error({ err: error }, 'unhandled error');
      // A media type no parser takes: name the ones this operation takes.
      const bodies = mapped.status === 415 ? routeOf(request)?.bodies : undefined;
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
    describe: describeValidation,
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

  // As the router sees paths: a HEAD on `/a/:y` takes the one Fastify would add beside GET `/a/:x`.
  const headUrls = new Set(
    routes.filter((route) => route.method === 'HEAD').map((route) => routerPath(route.url)),
  );
  const operation = (route: RouteSpec) =>
    operationOptions(route, {
      headUrls,
      handlers,
      authenticate: options.authenticate,
      refuseUnknownQuery: options.unknownQueryParameters === 'refuse',
      wire,
    });
  const unimplemented: string[] = [];
  const taken = new Map<string, RouteSpec>();
  for (const route of routes)
    if (!handlerOf(handlers, route.operationId)) unimplemented.push(route.operationId);
  // A method and path that operations with a template value share goes through the dispatcher, the plain operation there included.
  // Keyed as the router sees a path: `/:roleAssignmentId` and `/:roleDefinitionId` are one (Azure's
  // `/{roleDefinitionId}#disambiguation_dummy` beside `/{roleAssignmentId}`).
  const dispatchedKeys = new Set(routes.filter((route) => route.match).map(routeKeyOf));
  const plainOfDispatched = new Map<string, RouteSpec>();
  // The most specific template first, as unrouted requests are matched (rawPathMatcher): the router
  // tries parameters glued to text in the order they were added, so `/{id}.jsonld` added before
  // `/{id}.schema.jsonld` took `x.schema.jsonld` as the id `x.schema` (europeana's records).
  const plain = routes
    .filter((candidate) => !candidate.match)
    .sort((a, b) => literalLength(b.path) - literalLength(a.path));
  for (const route of plain) {
    const routeKey = routeKeyOf(route);
    if (dispatchedKeys.has(routeKey)) {
      if (!plainOfDispatched.has(routeKey)) plainOfDispatched.set(routeKey, route);
      continue;
    }
    // Two operations a request cannot tell apart: the first is routed, the other is said to be
    // unreachable, instead of crashing startup.
    const first = taken.get(routeKey);
    if (first) {
      app.log.warn(
        `${route.operationId} (${route.method} ${route.path}) is unreachable: ${first.operationId} has the same method and routable path`,
      );
      continue;
    }
    taken.set(routeKey, route);
    const options = operation(route);
    app.route({ method: route.method, url: route.url, ...options });
    for (const alias of route.aliases ?? [])
      app.route({
        method: route.method,
        url: alias.url,
        ...options,
        // The value the URL writes in is the parameter's, before anything reads or validates it.
        onRequest: [
          (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
            Object.assign(request.params as object, alias.params);
            done();
          },
          ...[options.onRequest ?? []].flat(),
        ],
      });
  }
  // Operations told apart by a header or query value in their template (AWS's X-Amz-Target): one route per method and path.
  registerDispatched(
    app,
    routes.filter((route) => route.match),
    plainOfDispatched,
    operation,
    { ...wire, headUrls },
  );
  if (unimplemented.length > 0) {
    if (options.onUnimplemented) options.onUnimplemented(unimplemented);
    else app.log.warn(`operations without a handler (they answer 501): ${unimplemented.join(', ')}`);
  }
}
