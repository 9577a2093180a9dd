/**
 * The reference service: the generated Fastify routes with the handlers, security hook and error
 * format of this service. Everything stateful (store, clock) is passed in, so tests run it on
 * `:memory:` with a fake clock.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER, routesPlugin, serverOptions, SPEC_DIGEST, SPEC_DIGEST_HEADER } from '../generated/server/index.js';
import './context.js';
import { CursorCodec } from './cursor.js';
import { registerContractDocument } from './contract-document.js';
import { errorBody, sendError } from './errors.js';
import { dashboardPages } from './dashboard/pages.js';
import { createHandlers } from './handlers.js';
import { randomToken, requestIdGenerator } from './ids.js';
import { RateLimiter, type Clock } from './rate-limit.js';
import { chargeAddress, createSecurityHook, peekAddress } from './security.js';
import { fastifyTrustProxy, trustProxySetting, type TrustProxy } from './config.js';
import type { Store } from './store/store.js';
import { DASHBOARD_API_PREFIX, dashboardApi } from './dashboard/api/index.js';
import type { BillingProvider } from './dashboard/api/billing.js';

/** Request bodies larger than this get 413 (spec/DECISIONS.md). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppOptions {
  store: Store;
  clock?: Clock;
  /** The rate limiter's clock, when it must differ from the data clock (the benchmark runs it fast). */
  rateLimitClock?: Clock;
  logger?: boolean;
  /** Told after a request commits webhook events (the dispatcher's notify). */
  onEvents?: () => void;
  /** Told which operations have no handler (none, here). */
  onUnimplemented?: (operationIds: string[]) => void;
  /** Whether dashboard users may add loopback test endpoints (see DashboardApiOptions; default DASHBOARD_ALLOW_LOOPBACK_WEBHOOKS=true). */
  allowLoopbackWebhooks?: boolean;
  /** Where the dashboard reports plan changes (default: recorded in the store). */
  billing?: BillingProvider;
  /** Which proxies are believed about the client's address, protocol and host (default: TRUST_PROXY; throws a ConfigError when it is refused). */
  trustProxy?: TrustProxy;
}

/** The dashboard's routes (pages and its JSON API) set their own headers: no CORS, its own spec digest. */
const isDashboard = (url: string) => url === '/dashboard' || url.startsWith('/dashboard/') || url.startsWith('/dashboard?');

/** The month a live request is billed in, e.g. "2026-11". */
export const billingPeriod = (ms: number) => new Date(ms).toISOString().slice(0, 7);

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? Date.now;
  const { store } = options;
  const newRequestId = requestIdGenerator();
  const app = Fastify({
    ...serverOptions(), // framework and HTTP-parser errors in the spec's format
    // Credentials never reach a log line: API keys, the dashboard's session cookie and CSRF token.
    logger: options.logger ? { level: 'info', redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'] } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => newRequestId(),
    requestIdHeader: false, // never trust a client's request ID
    // Behind a load balancer the client's address (per-address limits, logs, the dashboard's
    // sign-in limit) and protocol (Secure cookies) come from X-Forwarded-*, believed only from the
    // proxies TRUST_PROXY names; by default nobody is believed.
    trustProxy: fastifyTrustProxy(options.trustProxy ?? trustProxySetting()),
  });
  const limiter = new RateLimiter(options.rateLimitClock ?? clock);
  const requestIdHeader = REQUEST_ID_HEADER ?? 'x-request-id';
  const digestHeader = SPEC_DIGEST_HEADER ?? 'x-spec-digest';
  const cursors = new CursorCodec(await store.setting('cursor_secret', () => randomToken(48)));

  const commonHeaders = (id: string) => ({ [requestIdHeader]: id, [digestHeader]: SPEC_DIGEST, 'access-control-allow-origin': '*' });
  // CORS preflight: pk_ keys are for browsers, and the Authorization header makes every browser
  // call a preflighted one. Keys travel in a header, never a cookie, so any origin may call. The
  // generated routes answer OPTIONS itself (204 with the path's Allow); an unknown path is a 404.
  const preflightHeaders = {
    'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': `authorization, content-type, idempotency-key, ${digestHeader.toLowerCase()}`,
    'access-control-expose-headers': `${requestIdHeader.toLowerCase()}, x-ratelimit-limit, x-ratelimit-remaining, retry-after, ${digestHeader.toLowerCase()}`,
    'access-control-max-age': '600',
  };
  app.addHook('onRequest', (request, reply, done) => {
    // The dashboard is same-origin only: it never carries CORS headers.
    if (!isDashboard(request.url)) {
      reply.headers(commonHeaders(request.id));
      // A preflight spends nothing (browsers send one per URL and method); it reports the budget like any answer.
      if (request.method === 'OPTIONS') reply.headers(preflightHeaders).headers(peekAddress(limiter, request.ip));
    }
    done();
  });

  const lastUsedMinute = new Map<string, number>();
  registerContractDocument(app);
  // The dashboard's JSON API (spec/dashboard.yaml) in its own encapsulated context: its routes,
  // error handler and 404s are its own; same process, port and store as the public API.
  await app.register((child, _options, done) => {
    dashboardApi(child, { store, now: clock, limiter, billing: options.billing, onEvents: options.onEvents, allowLoopbackWebhooks: options.allowLoopbackWebhooks }).then(() => done(), done);
  }, { prefix: DASHBOARD_API_PREFIX });
  await app.register(routesPlugin, {
    handlers: createHandlers({ store, cursors, now: clock, onEvents: options.onEvents }),
    authenticate: createSecurityHook(store, limiter, sendError, async (caller) => {
      const at = clock();
      // Live traffic is metered per account for billing (per month, and per day for the dashboard's chart); sandbox traffic is free.
      if (caller.scope.environment === 'live') {
        await store.meter(caller.scope.accountId, billingPeriod(at));
        await store.meterDay(caller.scope.accountId, new Date(at).toISOString().slice(0, 10));
      }
      // The dashboard's "last used", to the minute: one write per key per minute per process.
      const minute = Math.floor(at / 60_000);
      if (lastUsedMinute.get(caller.key.id) !== minute) {
        lastUsedMinute.set(caller.key.id, minute);
        await store.setKeyLastUsed(caller.key.id, new Date(minute * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
      }
    }),
    errorBody,
    // Unknown routes, bad URLs and requests Node refuses: charged per address like other anonymous traffic.
    // An unknown /dashboard/ path too: without the public API's CORS header, which the dashboard never carries.
    unrouted: ({ id = newRequestId(), ip, url = '' }) => {
      const charge = chargeAddress(limiter, ip);
      return { id, headers: { ...(isDashboard(url) ? { [requestIdHeader]: id } : commonHeaders(id)), ...charge.headers }, refuse: charge.refuse };
    },
    unknownQueryParameters: 'refuse', // spec/DECISIONS.md
    onUnimplemented: options.onUnimplemented,
  });
  await app.register(dashboardPages);
  return app;
}
