/**
 * The reference service as one Fastify instance: two encapsulated plugins, the public API
 * (public-api.ts) at the root and the dashboard (dashboard/plugin.ts) under /dashboard, each owning
 * its hooks. The root itself has none: it holds what every answer shares (request IDs, the body
 * limit, credential-free logs, which proxies are believed) and hands bytes no route saw to the
 * plugin whose prefix they are under (edges.ts). Everything stateful (store, clocks) is passed in,
 * so tests run it on `:memory:` with a fake clock. startService (start-service.ts) is how every
 * command and test starts it.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { fastifyTrustProxy, type TrustProxy } from './config.js';
import type { BillingProvider } from './dashboard/api/billing.js';
import { dashboard, DASHBOARD_PREFIX } from './dashboard/plugin.js';
import { Edges } from './edges.js';
import { HEAD_LIMIT } from '../generated/server/core/unrouted.js';
import { requestIdGenerator } from './ids.js';
import { redactKeys } from './keys.js';
import { publicApi } from './public-api.js';
import { RateLimiter, type Clock } from './rate-limit.js';
import type { Store } from './store/store.js';

/** Request bodies larger than this get 413 (spec/DECISIONS.md). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppOptions {
  store: Store;
  clock?: Clock;
  /** The rate limiter's clock, when it must differ from the data clock (the benchmark runs it fast). */
  rateLimitClock?: Clock;
  /** Fastify's request log (credentials redacted). */
  logger?: boolean;
  /** Told after a request commits webhook events (the dispatcher's notify). */
  onEvents?: () => void;
  /** Told which operations have no handler (none, here). */
  onUnimplemented?: (operationIds: string[]) => void;
  /** Whether dashboard users may add loopback test endpoints (see DashboardApiOptions; default DASHBOARD_ALLOW_LOOPBACK_WEBHOOKS=true). */
  allowLoopbackWebhooks?: boolean;
  /** Where the dashboard reports plan changes (default: recorded in the store). */
  billing?: BillingProvider;
  /** Which proxies are believed about the client's address, protocol and host (default: none). */
  trustProxy?: TrustProxy;
  /** How long a request may take to arrive whole, head and body, before its 408 (default 60 s). */
  requestTimeoutMs?: number;
}

/** A request's head and body must both have arrived within this (spec/DECISIONS.md, "Answers before any operation"). */
export const REQUEST_TIMEOUT_MS = 60_000;

// Node's own defaults, kept unless the request's time is shorter.
const NODE_HEADERS_TIMEOUT_MS = 60_000;
const NODE_CONNECTIONS_CHECKING_MS = 30_000;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? Date.now;
  const { store } = options;
  const newRequestId = requestIdGenerator();
  const edges = new Edges();
  const serverOptions = edges.serverOptions(); // framework and HTTP-parser errors in the spec's format, by the plugin they concern
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    ...serverOptions,
    // Fastify's default, 0, let a body that never ends hold its connection for ever; Node answers a
    // late request through the clientErrorHandler (408), looking every connectionsCheckingInterval.
    // Node enforces the request's time only while headersTimeout is not longer (as its constructor would make it).
    requestTimeout,
    http: {
      ...serverOptions.http,
      // Node's parser refuses a head over the stubs' limit itself, as spec/DECISIONS.md says (charged
      // to the socket's address). The stubs read longer heads to refuse one as its operation
      // documents; every operation here documents 400, the parser's answer.
      maxHeaderSize: HEAD_LIMIT,
      headersTimeout: Math.min(NODE_HEADERS_TIMEOUT_MS, requestTimeout),
      connectionsCheckingInterval: Math.min(NODE_CONNECTIONS_CHECKING_MS, Math.ceil(requestTimeout / 4)),
    },
    // Credentials never reach a log line: a request is logged as the fields below, without its
    // headers (API keys, the dashboard's session cookie and CSRF token), and a key pasted into the
    // URL (`?api_key=`, a path) is cut to its prefix. Answers are logged by status code only.
    logger: options.logger
      ? {
          level: 'info',
          serializers: {
            req: (request: FastifyRequest) => ({
              method: request.method,
              url: redactKeys(request.url),
              host: request.host,
              remoteAddress: request.ip,
              remotePort: request.socket?.remotePort,
            }),
          },
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => newRequestId(),
    requestIdHeader: false, // never trust a client's request ID
    // Behind a load balancer the client's address (per-address limits, logs, the dashboard's
    // sign-in limit) and protocol (Secure cookies) come from X-Forwarded-*, believed only from the
    // proxies TRUST_PROXY names; by default nobody is believed.
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  });
  // One limiter for the process's per-address budgets, which both plugins charge.
  const limiter = new RateLimiter(options.rateLimitClock ?? clock);
  edges.answerNodeRequests(app.server);
  await app.register(publicApi, {
    store,
    clock,
    limiter,
    newRequestId,
    edges,
    onEvents: options.onEvents,
    onUnimplemented: options.onUnimplemented,
  });
  await app.register(dashboard, {
    prefix: DASHBOARD_PREFIX,
    store,
    clock,
    limiter,
    newRequestId,
    edges,
    onEvents: options.onEvents,
    allowLoopbackWebhooks: options.allowLoopbackWebhooks,
    billing: options.billing,
  });
  return app;
}
