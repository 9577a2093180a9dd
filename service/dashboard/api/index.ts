/**
 * The dashboard's JSON API (spec/dashboard.yaml) on its generated stubs, under /dashboard/api/:
 * sessions in the store (cookie `dashboard_session`, only its sha256 kept), a CSRF token per
 * session, scrypt passwords, the sign-in limit, and keys, billing and webhook endpoints through
 * the same functions the operator CLIs use. An encapsulated plugin: its hooks, error handler and 404s
 * are its own; dashboard/plugin.ts registers it at DASHBOARD_API_PREFIX. Its parts: hooks.ts (what
 * every answer carries, the per-address limit), sessions.ts (sessions, CSRF, the security hook),
 * sign-in-limit.ts, and the handlers by area (account, key, billing and webhook handlers).
 */
import type { FastifyInstance } from 'fastify';
import { routesPlugin, type Handlers } from '../../../generated/dashboard/server/index.js';
import { errorBody } from '../../errors.js';
import type { RateLimiter } from '../../rate-limit.js';
import type { Store } from '../../store/store.js';
import { webhookSettings as defaultWebhookSettings, type WebhookSettings } from '../../webhooks/config.js';
import { secretBox, type SecretBox } from '../../webhooks/secrets.js';
import { accountHandlers } from './account-handlers.js';
import { RecordingBillingProvider, type BillingProvider } from './billing.js';
import { billingHandlers } from './billing-handlers.js';
import type { DashboardContext } from './context.js';
import { dashboardHooks } from './hooks.js';
import { keyHandlers } from './key-handlers.js';
import { authenticator } from './sessions.js';
import { webhookHandlers } from './webhook-handlers.js';

// The pages (dashboard/pages.ts) read the session cookie too.
export { SESSION_COOKIE } from './sessions.js';

export const DASHBOARD_API_PREFIX = '/dashboard/api';

export interface DashboardApiOptions {
  store: Store;
  now: () => number;
  limiter: RateLimiter;
  billing?: BillingProvider;
  webhookBox?: SecretBox;
  webhookSettings?: WebhookSettings;
  /** Told after webhook events were queued (the dispatcher delivers at once). */
  onEvents?: () => void;
  /** `Secure` on the cookie even over http (behind a TLS-terminating proxy). Default: DASHBOARD_SECURE_COOKIES=true. */
  secureCookies?: boolean;
  /**
   * Whether signed-up users may add test endpoints on this machine's loopback. Only where the
   * service runs on the developer's own machine (`npm start`); anywhere shared it would let anyone
   * probe and post to local services. Default: DASHBOARD_ALLOW_LOOPBACK_WEBHOOKS=true.
   */
  allowLoopbackWebhooks?: boolean;
}

export async function dashboardApi(app: FastifyInstance, options: DashboardApiOptions): Promise<void> {
  let box = options.webhookBox;
  const context: DashboardContext = {
    store: options.store,
    now: options.now,
    billing: options.billing ?? new RecordingBillingProvider(options.store),
    webhookSettings: options.webhookSettings ?? defaultWebhookSettings(),
    webhookBox: () => (box ??= secretBox()),
    onEvents: options.onEvents,
    secureCookies: options.secureCookies ?? process.env.DASHBOARD_SECURE_COOKIES === 'true',
    allowLoopbackEndpoints:
      options.allowLoopbackWebhooks ?? process.env.DASHBOARD_ALLOW_LOOPBACK_WEBHOOKS === 'true',
  };
  const hooks = dashboardHooks(options.limiter);
  app.addHook('onRequest', hooks.onRequest);
  const handlers: Handlers = {
    ...accountHandlers(context),
    ...keyHandlers(context),
    ...billingHandlers(context),
    ...webhookHandlers(context),
  };
  await app.register(routesPlugin, {
    handlers,
    authenticate: authenticator(context),
    errorBody,
    unrouted: hooks.unrouted,
    unknownQueryParameters: 'refuse',
  });
}
