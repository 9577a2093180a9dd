/**
 * Operations that share a method and path and differ by a query parameter or header named in
 * their template (`/#X-Amz-Target=Service.Op`, `/search?mode=fast`): one Fastify route per method
 * and path, whose hooks pick the operation by that value and then run that operation's own hooks,
 * validation and handler. Any number of operations registers (a router constraint allows 31).
 * An unknown value gets 404 in the API's error format.
 */
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ErrorDetails } from './errors.js';
import { routerPath } from './methods.js';
import type { RouteSpec } from './route-spec.js';

type Hook = (request: FastifyRequest, reply: FastifyReply, ...rest: unknown[]) => unknown;
/** What the plugin builds for one operation: Fastify route options without method and URL. */
export type OperationOptions = Omit<RouteOptions, 'method' | 'url'>;

export interface DispatchContext {
  /** The URLs a route of the spec's own answers HEAD on (Fastify adds no HEAD to a GET there). */
  headUrls: Set<string>;
  partsAjv: Ajv2020;
  bodyAjv: Ajv2020;
  sendError: (reply: FastifyReply, request: FastifyRequest, error: ErrorDetails) => unknown;
  describe: (errors: ErrorObject[], part: string, route: RouteSpec) => ErrorDetails;
}

/** A route's method and path as the router tells them apart: parameters' names do not count. */
export const routeKeyOf = (route: Pick<RouteSpec, 'method' | 'url'>) =>
  `${route.method} ${routerPath(route.url)}`;

/** A URL's parameter names in order (`::` is a literal colon). */
const paramNames = (url: string) =>
  [...url.matchAll(/::|:([A-Za-z0-9_]+)/g)].flatMap((found) => (found[1] ? [found[1]] : []));

/** The router's params (named by the registered URL) renamed, place by place, to the chosen operation's. */
function renameParams(request: FastifyRequest, registered: string[], chosen: string[]): void {
  const params = request.params as Record<string, unknown>;
  const values = registered.map((name) => params[name]);
  for (const name of registered) delete params[name];
  chosen.forEach((name, index) => {
    params[name] = values[index];
  });
}

const CHOSEN = Symbol('openapi.dispatched');
type Dispatched = FastifyRequest & {
  [CHOSEN]?: { route: RouteSpec; options: OperationOptions; validators: Validators };
};

interface Validators {
  parts: Array<{ part: 'params' | 'querystring' | 'headers' | 'body'; validate: ValidateFunction }>;
}

function valueOf(request: FastifyRequest, match: NonNullable<RouteSpec['match']>): string | undefined {
  if (match.in === 'header') {
    const value = request.headers[match.name.toLowerCase()];
    return typeof value === 'string' ? value : undefined;
  }
  const query = (request.raw.url ?? '').split('?')[1] ?? '';
  return new URLSearchParams(query).get(match.name) ?? undefined;
}

/** A template match as a key: its location, name and value, or that it asks only for the parameter to be present. */
function matchKey(match: NonNullable<RouteSpec['match']>): string {
  return `${match.in}:${match.name.toLowerCase()}${match.value === undefined ? ' present' : `=${match.value}`}`;
}

/** Runs hooks (callback or async style) one after another; stops when one answered. */
async function runHooks(
  hooks: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  payload?: unknown,
): Promise<unknown> {
  const list = (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []) as Hook[];
  let current = payload;
  for (const hook of list) {
    if (reply.sent) return current;
    current = await new Promise((resolve, reject) => {
      // A hook that answers does not call done: the reply ending settles it instead.
      const ended = () => resolve(current);
      const settle = (action: () => void) => {
        reply.raw.off('finish', ended).off('close', ended);
        action();
      };
      reply.raw.once('finish', ended).once('close', ended);
      const done = (error?: Error | null, value?: unknown) =>
        settle(() => (error ? reject(error) : resolve(value ?? current)));
      try {
        const result =
          payload === undefined
            ? hook.call(request.server, request, reply, done)
            : hook.call(request.server, request, reply, current, done);
        if (result && typeof (result as Promise<unknown>).then === 'function')
          (result as Promise<unknown>).then(
            (value) => settle(() => resolve(value ?? current)),
            (error: Error) => settle(() => reject(error)),
          );
        else if (reply.sent) settle(() => resolve(current));
      } catch (error) {
        settle(() => reject(error));
      }
    });
  }
  return current;
}

/**
 * Registers each group of operations that share method and path as one route. `plain` are the
 * operations on the same method and path without a template value: a request that names no
 * operation of the group goes to that one (ReadMe's `/pets#anchor` beside `/pets`).
 */
export function registerDispatched(
  app: FastifyInstance,
  routes: RouteSpec[],
  plain: Map<string, RouteSpec>,
  optionsOf: (route: RouteSpec) => OperationOptions,
  context: DispatchContext,
): void {
  const groups = new Map<string, RouteSpec[]>();
  for (const route of routes)
    groups.set(routeKeyOf(route), [...(groups.get(routeKeyOf(route)) ?? []), route]);
  for (const [key, group] of groups) {
    const fallback = plain.get(key);
    const sources = [
      ...new Map(
        group.map((route) => [`${route.match!.in}:${route.match!.name.toLowerCase()}`, route.match!]),
      ).values(),
    ];
    const byValue = new Map<string, RouteSpec>();
    for (const route of group) {
      const key = matchKey(route.match!);
      if (byValue.has(key)) {
        app.log.warn(
          `${route.operationId} (${route.method} ${route.path}) is unreachable: ${byValue.get(key)!.operationId} has the same method, path and ${route.match!.name}`,
        );
        continue;
      }
      byValue.set(key, route);
    }
    const prepared = new Map<RouteSpec, { options: OperationOptions; validators: Validators }>();
    const prepare = (route: RouteSpec) => {
      let found = prepared.get(route);
      if (!found) {
        const options = optionsOf(route);
        const schema = (options.schema ?? {}) as Record<string, object | undefined>;
        const parts = (['params', 'querystring', 'headers', 'body'] as const)
          .filter((part) => schema[part])
          .map((part) => ({
            part,
            validate: (part === 'body' ? context.bodyAjv : context.partsAjv).compile(schema[part]!),
          }));
        found = { options, validators: { parts } };
        prepared.set(route, found);
      }
      return found;
    };
    const first = group[0]!;
    const registered = paramNames(first.url);
    app.route({
      method: first.method,
      url: first.url,
      // Fastify adds HEAD for every GET; a spec that declares its own HEAD there keeps it (Azure
      // container registry's blobs: GET told apart by a query value, HEAD beside it).
      ...(first.method === 'GET' && context.headUrls.has(routerPath(first.url))
        ? { exposeHeadRoute: false }
        : {}),
      // The operation is known once the request's headers are: every hook below delegates to its own.
      onRequest: async (request, reply) => {
        // A route for a value the request carries first, then one for a parameter it carries (any value).
        const carried = sources.flatMap((source) => {
          const value = valueOf(request, source);
          return value === undefined ? [] : [{ ...source, value }];
        });
        const route =
          carried.map((source) => byValue.get(matchKey(source))).find(Boolean) ??
          carried
            .map((source) => byValue.get(matchKey({ in: source.in, name: source.name })))
            .find(Boolean) ??
          fallback;
        if (!route) {
          const named = sources.map((source) => source.name).join(' or ');
          return void context.sendError(reply, request, {
            status: 404,
            code: 'not_found',
            message: `No operation for this ${named} on ${first.method} ${first.path.replace(/[?#].*$/s, '') || '/'}.`,
            param: null,
          });
        }
        // Operations of one group may name the same path parameters differently.
        if (route.url !== first.url) renameParams(request, registered, paramNames(route.url));
        const { options, validators } = prepare(route);
        (request as Dispatched)[CHOSEN] = { route, options, validators };
        await runHooks(options.onRequest, request, reply);
      },
      preParsing: async (request, reply, payload) => {
        const chosen = (request as Dispatched)[CHOSEN];
        return chosen ? runHooks(chosen.options.preParsing, request, reply, payload) : payload;
      },
      preValidation: async (request, reply) => {
        const chosen = (request as Dispatched)[CHOSEN];
        if (!chosen) return;
        await runHooks(chosen.options.preValidation, request, reply);
        if (reply.sent) return;
        const values: Record<string, unknown> = {
          params: request.params,
          querystring: request.query,
          headers: request.headers,
          body: request.body,
        };
        for (const { part, validate } of chosen.validators.parts) {
          if (
            part === 'body' &&
            chosen.route.bodyOptional &&
            (request.body === undefined || request.body === null)
          )
            continue;
          if (!validate(values[part]))
            return void context.sendError(
              reply,
              request,
              context.describe(validate.errors ?? [], part, chosen.route),
            );
        }
      },
      handler: async function dispatched(request, reply) {
        const chosen = (request as Dispatched)[CHOSEN]!;
        return (
          chosen.options.handler as (this: unknown, request: FastifyRequest, reply: FastifyReply) => unknown
        ).call(this, request, reply);
      },
    });
  }
}
