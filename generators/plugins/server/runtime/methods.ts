/**
 * Methods a declared path does not declare (RFC 9110 §15.5.6: 405 with `Allow`) and OPTIONS on a
 * declared path (§9.3.7: 204 with `Allow`). `Allow` lists the path's declared methods, HEAD where
 * GET is declared (Fastify answers it with the GET operation, without the body) and OPTIONS.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { routedPath, type RouteSpec } from './route-spec.js';

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY'];
const byOrder = (a: string, b: string) =>
  (ORDER.indexOf(a) + 1 || ORDER.length + 1) - (ORDER.indexOf(b) + 1 || ORDER.length + 1) ||
  a.localeCompare(b);

/** The `Allow` value of a path whose operations use these methods. */
export function allowedMethods(declared: Iterable<string>): string[] {
  const methods = new Set([...declared].map((method) => method.toUpperCase()));
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].sort(byOrder);
}

/**
 * "/a/:x" and "/a/:y" are one path to the router: group them under one key. A parameter's regex
 * and a literal colon ("::", as in "/v1/:name(^.+?)::cancel") stay, so Google-style verbs stay apart.
 */
export const routerPath = (url: string) =>
  url.replace(/::|:[A-Za-z0-9_]+/g, (token) => (token === '::' ? token : ':'));

/**
 * Registers, per declared path, one route for every method Fastify supports that the path does
 * not declare and no template of that method takes (answered by `refuse` with the path's `Allow`),
 * and an OPTIONS route unless the spec declares OPTIONS there.
 */
export function registerMethodAnswers(
  app: FastifyInstance,
  routes: RouteSpec[],
  refuse: (request: FastifyRequest, reply: FastifyReply, allow: string) => void,
): void {
  const paths = new Map<string, { url: string; path: string; methods: Set<string> }>();
  for (const route of routes) {
    const key = routerPath(route.url);
    const entry = paths.get(key) ?? {
      url: route.url,
      path: routedPath(route.path),
      methods: new Set<string>(),
    };
    entry.methods.add(route.method.toUpperCase());
    paths.set(key, entry);
  }
  // A path that spells as text a segment another method's template takes whole (gitlab's PUT
  // `/projects/{id}/services/kubernetes` beside GET `/projects/{id}/services/{service_slug}`): the
  // router sends that method on to the template, as a server's does, so it is allowed here and not
  // refused with 405. A parameter glued to text (`{name}:cancel`, Google's verbs) is no such segment.
  const wholeParameter = (segment: string) => /^\{[^}]+\}$/.test(segment);
  // Templates by their number of segments (only one of as many segments can take a path), once.
  const templates = new Map<number, Array<{ segments: string[]; methods: Set<string> }>>();
  for (const { path, methods } of paths.values()) {
    const segments = path.split('/');
    if (!segments.some(wholeParameter)) continue;
    const sameLength = templates.get(segments.length) ?? [];
    sameLength.push({ segments, methods });
    templates.set(segments.length, sameLength);
  }
  const spelledOut = (template: string[], segments: string[]) =>
    template.some((part, index) => wholeParameter(part) && !segments[index]!.includes('{')) &&
    template.every(
      (part, index) =>
        part === segments[index] ||
        (wholeParameter(part) && (wholeParameter(segments[index]!) || !segments[index]!.includes('{'))),
    );
  for (const { url, path, methods } of paths.values()) {
    const segments = path.split('/');
    const reachable = new Set([
      ...methods,
      ...(templates.get(segments.length) ?? [])
        .filter((template) => spelledOut(template.segments, segments))
        .flatMap((template) => [...template.methods]),
    ]);
    const allowed = allowedMethods(reachable);
    const allow = allowed.join(', ');
    const undeclared = app.supportedMethods.filter((method) => !allowed.includes(method)) as HTTPMethods[];
    if (undeclared.length > 0)
      app.route({
        method: undeclared,
        url,
        exposeHeadRoute: false,
        handler: (request, reply) => refuse(request, reply, allow),
      });
    if (!methods.has('OPTIONS'))
      app.route({
        method: 'OPTIONS',
        url,
        handler: (_request, reply) => reply.header('allow', allow).code(204).send(),
      });
  }
}
