/**
 * Values of a path parameter that another route's literal would take from it. Fastify's router
 * tries a literal segment before a parameter, so beside `GET /sites/{site}/zones/{zone_id}` a
 * request for `GET /sites/{site}/{zone_type}/count` with `zone_type` = `zones` goes to the zone
 * by id, whose `zone_id` then refuses "count" (mist). OAS leaves the matching of such templates to
 * tools; a person reading both reads `/zones/count` as the count. So where a path parameter's
 * `enum` holds a value that another route of the method writes as a literal at that segment,
 * the operation also gets the route with that value written in (a literal beats a parameter on
 * the next segment too), which fills the parameter in. An operation whose own template is
 * already that literal path is left alone: OAS matches concrete paths first.
 */
import type { Ir, IrOperation } from '../../core/ir.js';

/** A route of the same operation with a parameter's value written in. */
export interface RouteAlias {
  /** The Fastify URL, e.g. "/sites/:site/zones/count". */
  url: string;
  /** Fastify parameter name -> the value the URL writes in. */
  params: Record<string, string>;
}

/** A value that can stand as a literal segment of a Fastify URL as it is. */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;

// Schemas are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Each operation's aliases (absent: none), given every operation's Fastify URL. */
export function shadowedRouteAliases(
  ir: Ir,
  urls: Map<IrOperation, string>,
  fastifyParamName: (name: string) => string,
): Map<IrOperation, RouteAlias[]> {
  const segmentsOf = (url: string) => url.split('/');
  const isParam = (segment: string) => segment.startsWith(':');
  // What the router tells apart: parameter names do not matter, only where parameters are.
  const shape = (segments: string[]) =>
    segments.map((segment) => (isParam(segment) ? ':' : segment)).join('/');
  const segments = new Map(ir.operations.map((operation) => [operation, segmentsOf(urls.get(operation)!)]));
  const taken = new Set(
    ir.operations.map((operation) => `${operation.method} ${shape(segments.get(operation)!)}`),
  );
  // The routes a route can shadow or be shadowed by: the same method and number of segments.
  const alike = new Map<string, IrOperation[]>();
  for (const operation of ir.operations) {
    const key = `${operation.method} ${segments.get(operation)!.length}`;
    const group = alike.get(key);
    if (group) group.push(operation);
    else alike.set(key, [operation]);
  }
  const aliases = new Map<IrOperation, RouteAlias[]>();
  for (const operation of ir.operations) {
    const own = segments.get(operation)!;
    const others = alike
      .get(`${operation.method} ${own.length}`)!
      .filter((other) => other !== operation)
      .map((other) => segments.get(other)!);
    const found: RouteAlias[] = [];
    for (const param of operation.parameters.path) {
      const at = own.indexOf(`:${fastifyParamName(param.name)}`);
      if (at < 0 || param.style !== 'simple') continue;
      const values: unknown[] = (ir.model.flatten(param.schema) as Json).enum ?? [];
      for (const value of values) {
        if (typeof value !== 'string' || !PLAIN_SEGMENT.test(value)) continue;
        const shadowed = others.some(
          (segments) =>
            segments[at] === value &&
            segments.every(
              (segment, index) =>
                index === at || isParam(segment) || isParam(own[index]) || segment === own[index],
            ),
        );
        if (!shadowed) continue;
        const written = own.map((segment, index) => (index === at ? value : segment));
        if (taken.has(`${operation.method} ${shape(written)}`)) continue;
        taken.add(`${operation.method} ${shape(written)}`);
        found.push({ url: written.join('/'), params: { [fastifyParamName(param.name)]: value } });
      }
    }
    if (found.length > 0) aliases.set(operation, found);
  }
  return aliases;
}
