/**
 * What each route does on the wire beyond Fastify's JSON defaults, as hooks the plugin adds:
 * before validation, `Accept` negotiated (406), path, query, header and cookie parameters decoded
 * by their styles (params.ts), and a body that is not exactly one JSON media type decoded and
 * validated (bodies.ts); around the handler, its result written by the negotiated media type
 * (replies.ts). Routes that need none of it get no hook and pay nothing.
 */
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { BodyError, decodeBody, DEFAULT_LIMITS, type BodyLimits } from './bodies.js';
import { errorsUnder, type ErrorDetails } from './errors.js';
import {
  decodeCookies,
  decodeHeader,
  decodePath,
  decodeQuery,
  ParamError,
  pathMatcher,
  type WireParam,
} from '../../../core/param-decoding.js';
import { concreteType, negotiate, sendByMedia, successMedia, type StreamOptions } from './replies.js';
import { headerParameter, type RouteSpec, type WireBody, type WireMedia } from './route-spec.js';
import { bodyLeftUnread, readUnreadBody } from './unread-bodies.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Cookie parameters the operation declares, decoded by their style (absent ones left out). */
    cookieParams?: Record<string, unknown> | undefined;
    /** The response media type `Accept` chose (the reply's Content-Type), when the operation declares several or a non-JSON one. */
    responseMedia?: string | undefined;
  }
}

export interface WireContext {
  bodyAjv: Ajv2020;
  partsAjv: Ajv2020;
  /** Sends an error in the API's format; the request ends there. */
  sendError: (reply: FastifyReply, request: FastifyRequest, error: ErrorDetails) => unknown;
  /** A JSON Schema failure in the API's error format (`part`: querystring, body, cookies, ...). */
  describe: (errors: ErrorObject[], part: string, route: RouteSpec) => ErrorDetails;
  limits?: BodyLimits | undefined;
  streams?: StreamOptions | undefined;
}

/** The part of a request each parameter location is validated as (Fastify's names). */
const PARTS = { query: 'querystring', path: 'params', header: 'headers', cookie: 'cookies' } as const;

const MEDIA = Symbol('openapi.media');
type WithMedia = FastifyRequest & { [MEDIA]?: WireMedia };

function needsHook(route: RouteSpec): boolean {
  return Boolean(
    declaredLanguage(route) !== undefined ||
    route.pathParts ||
    route.wireParams?.length ||
    route.bodies ||
    route.responseMedia ||
    route.schema.cookies,
  );
}

/**
 * The schema of the route's optional `Accept-Language` header parameter, when it declares one (a
 * required one sent as `*` is refused for its value, as any other).
 */
function declaredLanguage(route: RouteSpec): object | undefined {
  const language = headerParameter(route, 'accept-language');
  return language && !language.required ? language.schema : undefined;
}

/**
 * Whether `schema` refuses `value` (a copy: the coercing validator changes what it reads); a schema
 * that does not compile refuses nothing (Fastify's own validation says why).
 */
function refuses(ajv: Ajv2020, schema: object, value: unknown): boolean {
  try {
    return !ajv.compile(schema)(structuredClone(value));
  } catch {
    return false;
  }
}

/** The route's hook before validation, or undefined when it needs none. */
export function wirePreValidation(
  route: RouteSpec,
  context: WireContext,
): preValidationAsyncHookHandler | undefined {
  if (!needsHook(route)) return undefined;
  const specs = route.wireParams ?? [];
  const query = specs.filter((spec) => spec.in === 'query');
  const headers = specs.filter((spec) => spec.in === 'header');
  const cookies = specs.filter((spec) => spec.in === 'cookie');
  const matcher = route.pathParts ? pathMatcher(route.pathParts) : undefined;
  const success = successMedia(route);
  const limits = { ...DEFAULT_LIMITS, ...(context.limits ?? {}) };
  const compiled = new Map<WireBody, ValidateFunction>();
  const unread = bodyLeftUnread(route);
  let cookieValidator: ValidateFunction | undefined;
  const language = declaredLanguage(route);
  const jsonParams = specs.filter((spec) => spec.schema !== undefined);
  const strictChecks = new Map<WireParam, ValidateFunction>();
  /** The errors of a JSON parameter's decoded value against its schema (none when absent or valid), pointing into the part. */
  const jsonParamErrors = (
    spec: WireParam,
    request: FastifyRequest,
    cookieValues: Record<string, unknown>,
  ): ErrorObject[] | undefined => {
    const name = spec.in === 'header' ? spec.name.toLowerCase() : spec.name;
    const holder = (
      spec.in === 'query'
        ? request.query
        : spec.in === 'path'
          ? request.params
          : spec.in === 'header'
            ? request.headers
            : cookieValues
    ) as Record<string, unknown> | undefined;
    const value = holder && Object.hasOwn(holder, name) ? holder[name] : undefined;
    if (value === undefined) return undefined;
    let check = strictChecks.get(spec);
    if (!check) strictChecks.set(spec, (check = context.bodyAjv.compile(spec.schema!)));
    return check(value) ? undefined : errorsUnder(name, check.errors);
  };
  let languageRefusesAny: boolean | undefined;
  const validators = {
    coercing: (schema: object) => context.partsAjv.compile(schema),
    strict: (schema: object) => context.bodyAjv.compile(schema),
    describe: (errors: ErrorObject[], part: string) => context.describe(errors, part, route),
  };
  return async function wireHook(request, reply) {
    try {
      if (success.length > 0) {
        const media = negotiate(success, request.headers.accept);
        if (!media)
          return void context.sendError(reply, request, {
            status: 406,
            code: 'not_acceptable',
            message: `This operation answers ${success.map((candidate) => candidate.mediaType).join(', ')}.`,
            param: null,
          });
        (request as WithMedia)[MEDIA] = media;
        request.responseMedia = concreteType(media);
        reply.header('content-type', request.responseMedia);
      }
      const url = request.raw.url ?? '';
      const at = url.indexOf('?');
      if (matcher) {
        const values = decodePath(at === -1 ? url : url.slice(0, at), matcher, specs);
        if (values) request.params = values;
      }
      if (query.length > 0) request.query = decodeQuery(at === -1 ? '' : url.slice(at + 1), query);
      const anyLanguage = language !== undefined && request.headers['accept-language']?.trim() === '*';
      for (const spec of headers) {
        // Node's header object inherits Object's members: a header `constructor` not sent is absent.
        const name = spec.name.toLowerCase();
        const value = Object.hasOwn(request.headers, name) ? request.headers[name] : undefined;
        if (value !== undefined)
          (request.headers as Record<string, unknown>)[spec.name.toLowerCase()] = decodeHeader(spec, value);
      }
      // `Accept-Language: *` accepts any language, as leaving the header out does (RFC 9110
      // §12.5.4), and fetch (undici) sends it whenever its caller gives none. Where the optional
      // parameter's schema refuses `*` as decoded (zalando's enum of shops, without a default), it
      // reads as absent: the alternative is a 400 for a request that stated no preference.
      if (anyLanguage) {
        languageRefusesAny ??= refuses(context.partsAjv, language, request.headers['accept-language']);
        if (languageRefusesAny) delete request.headers['accept-language'];
      }
      const cookieValues =
        cookies.length > 0 || route.schema.cookies ? decodeCookies(request.headers.cookie, cookies) : {};
      for (const spec of jsonParams) {
        const failed = jsonParamErrors(spec, request, cookieValues);
        if (failed)
          return void context.sendError(reply, request, context.describe(failed, PARTS[spec.in], route));
      }
      if (cookies.length > 0 || route.schema.cookies) {
        cookieValidator ??= route.schema.cookies ? context.partsAjv.compile(route.schema.cookies) : undefined;
        if (cookieValidator && !cookieValidator(cookieValues))
          return void context.sendError(
            reply,
            request,
            context.describe(cookieValidator.errors ?? [], 'cookies', route),
          );
        request.cookieParams = cookieValues;
      }
      if (unread) await readUnreadBody(request, route);
      if (route.bodies) await decodeBody(request, route, validators, limits, compiled);
    } catch (error) {
      if (error instanceof ParamError)
        return void context.sendError(reply, request, {
          status: 400,
          code: 'invalid_request',
          message: error.message,
          param: error.param,
        });
      if (error instanceof BodyError) return void context.sendError(reply, request, error.details);
      throw error;
    }
  };
}

type Handler = (this: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;

/** The handler, with its result written by the negotiated media type when that is not plain JSON. */
export function wireHandler(route: RouteSpec, handler: Handler, context: WireContext): Handler {
  if (!route.responseMedia) return handler;
  return async function mediaHandler(this: unknown, request, reply) {
    const result = await handler.call(this, request, reply);
    return sendByMedia(
      request,
      reply,
      (request as WithMedia)[MEDIA],
      result,
      context.streams ?? {},
      route.responseMedia,
    );
  };
}
