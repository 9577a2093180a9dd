/**
 * The developer dashboard as one encapsulated plugin under /dashboard: its pages (pages.ts) and its
 * JSON API under /dashboard/api (api/index.ts, on the stubs generated from spec/dashboard.yaml),
 * siblings with hooks of their own: sessions, CSRF and the dashboard's per-address budget live in
 * the API; CSP and the pages' edges in the pages. Nothing of the public API's (CORS, metering,
 * its spec digest) reaches here. Same process, port, store and rate limiter as the public API.
 */
import type { FastifyInstance } from 'fastify';
import type { Edges } from '../edges.js';
import type { Clock, RateLimiter } from '../rate-limit.js';
import type { Store } from '../store/store.js';
import { DASHBOARD_API_PREFIX, dashboardApi } from './api/index.js';
import type { BillingProvider } from './api/billing.js';
import { dashboardPages } from './pages.js';

export const DASHBOARD_PREFIX = '/dashboard';

export interface DashboardOptions {
  store: Store;
  clock: Clock;
  limiter: RateLimiter;
  newRequestId: () => string;
  edges: Edges;
  /** Told after webhook events were queued (the dispatcher's notify). */
  onEvents?: () => void;
  /** Whether signed-up users may add loopback test endpoints (see DashboardApiOptions). */
  allowLoopbackWebhooks?: boolean;
  /** Where plan changes are reported (default: recorded in the store). */
  billing?: BillingProvider;
}

/** Register with `{ prefix: DASHBOARD_PREFIX }`. */
export async function dashboard(scope: FastifyInstance, options: DashboardOptions): Promise<void> {
  await scope.register(dashboardPages, {
    limiter: options.limiter,
    newRequestId: options.newRequestId,
    edges: options.edges,
  });
  await scope.register(dashboardApi, {
    prefix: DASHBOARD_API_PREFIX.slice(DASHBOARD_PREFIX.length),
    store: options.store,
    now: options.clock,
    limiter: options.limiter,
    billing: options.billing,
    onEvents: options.onEvents,
    allowLoopbackWebhooks: options.allowLoopbackWebhooks,
  });
}
