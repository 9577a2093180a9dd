/**
 * The public API (spec/openapi.yaml) as one encapsulated Fastify plugin: the generated routes with
 * this service's handlers, security hook and error format, and the hooks that belong to the API
 * alone: CORS and the request ID on every answer it gives, and the per-address charge on answers
 * no operation makes. Usage (metering and "last used") is recorded by the security hook. Its hooks reach
 * nothing outside it (the dashboard is a sibling plugin); mounted at the root, it also answers
 * unknown paths outside other plugins' prefixes and bytes Node could not parse.
 */
import type { FastifyInstance } from 'fastify';
import {
  REQUEST_ID_HEADER,
  routesPlugin,
  SPEC_DIGEST,
  SPEC_DIGEST_HEADER,
} from '../generated/server/index.js';
import './context.js';
import { CursorCodec } from './cursor.js';
import { registerContractDocument } from './contract-document.js';
import type { Edges } from './edges.js';
import { errorBody, sendError } from './errors.js';
import { createHandlers } from './handlers.js';
import { randomToken } from './ids.js';
import { usageRecorder } from './metering.js';
import type { Clock, RateLimiter } from './rate-limit.js';
import { chargeAddress, chargeAnonymous, createSecurityHook, peekAddress } from './security.js';
import type { Store } from './store/store.js';

export interface PublicApiOptions {
  store: Store;
  clock: Clock;
  /** Per-address budgets of this process (shared with the dashboard). */
  limiter: RateLimiter;
  /** Request IDs for answers made before Fastify gave one (bytes Node refused). */
  newRequestId: () => string;
  /** Where this plugin says how it answers outside its routes. */
  edges: Edges;
  /** Told after a request commits webhook events (the dispatcher's notify). */
  onEvents?: () => void;
  /** Told which operations have no handler (none, here). */
  onUnimplemented?: (operationIds: string[]) => void;
}

export async function publicApi(api: FastifyInstance, options: PublicApiOptions): Promise<void> {
  const { store, clock, limiter, newRequestId } = options;
  const requestIdHeader = REQUEST_ID_HEADER ?? 'x-request-id';
  const digestHeader = SPEC_DIGEST_HEADER ?? 'x-spec-digest';
  const cursors = new CursorCodec(await store.setting('cursor_secret', () => randomToken(48)));

  const commonHeaders = (id: string) => ({
    [requestIdHeader]: id,
    [digestHeader]: SPEC_DIGEST,
    'access-control-allow-origin': '*',
  });
  // CORS preflight: pk_ keys are for browsers, and the Authorization header makes every browser
  // call a preflighted one. Keys travel in a header, never a cookie, so any origin may call. The
  // generated routes answer OPTIONS itself (204 with the path's Allow); an unknown path is a 404.
  const preflightHeaders = {
    'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': `authorization, content-type, idempotency-key, ${digestHeader.toLowerCase()}`,
    'access-control-max-age': '600',
  };
  // What a browser's script may read of an answer: sent on the answer itself (a preflight's is
  // ignored), to requests that carry an Origin, as every cross-origin request from a browser does.
  const exposedHeaders = `${requestIdHeader.toLowerCase()}, x-ratelimit-limit, x-ratelimit-remaining, retry-after, idempotent-replayed, ${digestHeader.toLowerCase()}`;
  // The same headers on every answer of a route, set one by one under names already in lower case:
  // Fastify lowers each name it is given, and a name it had to lower is a new string each time,
  // which V8 must look up before it can be a property name (an object with computed names per
  // request cost as much again).
  // Every request of this plugin has its caller slot from the start: the security hook filling it
  // in on the request object would change that object's shape midway, so the code that reads
  // requests (Fastify's and ours) would see two shapes of request instead of one.
  api.decorateRequest('caller', null);
  const requestIdName = requestIdHeader.toLowerCase();
  const digestName = digestHeader.toLowerCase();
  api.addHook('onRequest', (request, reply, done) => {
    reply
      .header(requestIdName, request.id)
      .header(digestName, SPEC_DIGEST)
      .header('access-control-allow-origin', '*');
    if (request.headers.origin !== undefined) reply.header('access-control-expose-headers', exposedHeaders);
    // A preflight spends nothing (browsers send one per URL and method); it reports the budget like any answer.
    if (request.method === 'OPTIONS')
      reply.headers(preflightHeaders).headers(peekAddress(limiter, request.ip));
    done();
  });

  // Unknown routes, bad URLs and requests Node refuses: charged per address like other anonymous traffic.
  const unrouted = ({ id = newRequestId(), ip }: { id?: string; ip: string }) => {
    const charge = chargeAddress(limiter, ip);
    return { id, headers: { ...commonHeaders(id), ...charge.headers }, refuse: charge.refuse };
  };
  options.edges.mount(api, unrouted);

  registerContractDocument(api, (request, reply) => chargeAnonymous(limiter, request, reply, sendError));
  await api.register(routesPlugin, {
    handlers: createHandlers({ store, cursors, now: clock, onEvents: options.onEvents }),
    // Usage is recorded by the security hook once it lets a key through (one hook fewer per request).
    authenticate: createSecurityHook(store, limiter, sendError, usageRecorder(store, clock)),
    errorBody,
    unrouted,
    unknownQueryParameters: 'refuse', // spec/DECISIONS.md
    onUnimplemented: options.onUnimplemented,
  });
}
