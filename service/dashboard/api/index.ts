/**
 * The dashboard's JSON API (spec/dashboard.yaml) on its generated stubs, under /dashboard/api/:
 * sessions in the store (cookie `dashboard_session`, only its sha256 kept), a CSRF token per
 * session, scrypt passwords, the sign-in limit, and keys, billing and webhook endpoints through
 * the same functions the operator CLIs use. An encapsulated plugin: its hooks, error handler and 404s
 * are its own; dashboard/plugin.ts registers it at DASHBOARD_API_PREFIX.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  routesPlugin,
  SPEC_DIGEST,
  type Handlers,
  type RouteSpec,
} from '../../../generated/dashboard/server/index.js';
import { SPEC_DIGEST_HEADER } from '../../../generated/server/index.js';
import { errorBody, sendError } from '../../errors.js';
import { newId } from '../../ids.js';
import { createKey, KeyError, rotateKey, revokeKey } from '../../keys.js';
import { retryIn, type RateLimiter } from '../../rate-limit.js';
import { setRateHeaders } from '../../security.js';
import type {
  AccountRecord,
  Environment,
  KeyRecord,
  SessionRecord,
  Store,
  UserRecord,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from '../../store/store.js';
import { webhookSettings as defaultWebhookSettings, type WebhookSettings } from '../../webhooks/config.js';
import {
  addEndpoint,
  removeEndpoint,
  rotateEndpointSecret,
  triggerEvent,
  WebhookAdminError,
} from '../../webhooks/endpoints.js';
import { secretBox, type SecretBox } from '../../webhooks/secrets.js';
import { pointsAtLoopback } from '../../webhooks/ssrf.js';
import {
  changeTier,
  estimate,
  planOf,
  RecordingBillingProvider,
  TIERS,
  type BillingProvider,
} from './billing.js';
import { queueMail } from './mail.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';

export const DASHBOARD_API_PREFIX = '/dashboard/api';
export const SESSION_COOKIE = 'dashboard_session';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Failed sign-ins allowed per client address and per account in SIGNIN_WINDOW_MS. */
export const SIGNIN_FAILURES_ALLOWED = 10;
/** The reason an endpoint the user switched off carries (resend never switches those back on). */
const DISABLED_BY_USER = 'Disabled in the dashboard.';
export const SIGNIN_WINDOW_MS = 15 * 60 * 1000;
/** Dashboard requests per minute per client address (x-rate-limits.per_address of spec/dashboard.yaml). */
export const DASHBOARD_REQUESTS_PER_MINUTE = 600;

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

interface Signed {
  tokenHash: string;
  session: SessionRecord;
  user: UserRecord;
  account: AccountRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the dashboard's security hook on operations that need a session. */
    dashboard?: Signed;
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** The public spec's x-scopes (its contract copy), for the key form's checkboxes. */
function publicScopes(): Array<{ scope: string; description: string; mintable: boolean }> {
  const document = JSON.parse(
    readFileSync(new URL('../../../generated/openapi/openapi.json', import.meta.url), 'utf8'),
  ) as { components?: { securitySchemes?: Record<string, Record<string, unknown>> } };
  const scopes: Array<{ scope: string; description: string; mintable: boolean }> = [];
  for (const scheme of Object.values(document.components?.securitySchemes ?? {})) {
    for (const [scope, value] of Object.entries(
      (scheme['x-scopes'] ?? {}) as Record<string, { description?: string; mintable?: boolean }>,
    )) {
      scopes.push({ scope, description: value.description ?? '', mintable: value.mintable !== false });
    }
  }
  return scopes;
}

function keyView(key: KeyRecord) {
  return {
    id: key.id,
    name: key.name,
    type: key.type,
    environment: key.environment,
    redacted: `${key.environment}_${key.type}_…${key.last4}`,
    scopes: key.scopes,
    created_at: key.createdAt,
    last_used_at: key.lastUsedAt ?? null,
    status: key.revokedAt ? ('revoked' as const) : ('active' as const),
  };
}

function endpointView(endpoint: WebhookEndpointRecord) {
  return {
    id: endpoint.id,
    environment: endpoint.environment,
    url: endpoint.url,
    events: endpoint.eventTypes,
    status: endpoint.status,
    disabled_reason: endpoint.disabledReason,
    created_at: endpoint.createdAt,
  };
}

function deliveryView(delivery: WebhookDeliveryRecord) {
  return {
    id: String(delivery.seq),
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.state,
    attempts: delivery.attempts,
    response_status: delivery.lastStatus,
    last_attempt_at: delivery.lastAttemptAtMs === null ? null : iso(delivery.lastAttemptAtMs),
    next_attempt_at: delivery.state === 'pending' ? iso(delivery.nextAttemptAtMs) : null,
  };
}

/** The origin a browser would send for this request's host (the original Host, X-Forwarded-Host, behind a proxy TRUST_PROXY believes). */
function sameOrigin(request: FastifyRequest): boolean | undefined {
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    try {
      return new URL(origin).host === request.host;
    } catch {
      return false;
    }
  }
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  return undefined; // neither header: not a browser, or an old one
}

export async function dashboardApi(app: FastifyInstance, options: DashboardApiOptions): Promise<void> {
  const { store, now, limiter } = options;
  const billing = options.billing ?? new RecordingBillingProvider(store);
  const settings = options.webhookSettings ?? defaultWebhookSettings();
  let box = options.webhookBox;
  const webhookBox = () => (box ??= secretBox());
  const secureCookies = options.secureCookies ?? process.env.DASHBOARD_SECURE_COOKIES === 'true';
  const scopes = publicScopes();
  const digestHeader = SPEC_DIGEST_HEADER ?? 'x-spec-digest';

  // Every dashboard answer: its own spec's digest, no caching (a raw key is in some bodies), and
  // the per-address budget. No CORS headers: only the pages on this origin call it.
  const limit = (ip: string) =>
    limiter.take([{ name: `dashboard-ip:${ip}`, perMinute: DASHBOARD_REQUESTS_PER_MINUTE }]);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers({ 'x-request-id': request.id, [digestHeader]: SPEC_DIGEST, 'cache-control': 'no-store' });
    const decision = limit(request.ip);
    setRateHeaders(reply, decision);
    if (!decision.allowed) {
      reply.header('retry-after', decision.retryAfterSeconds);
      sendError(
        reply,
        request,
        429,
        'rate_limited',
        `Too many dashboard requests from this address; ${retryIn(decision)}.`,
      );
      return; // answered: the request goes no further (Fastify's callback-style early reply)
    }
    done();
  });

  const cookie = (request: FastifyRequest, token: string, maxAgeSeconds: number) =>
    `${SESSION_COOKIE}=${token}; Path=/dashboard; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secureCookies || request.protocol === 'https' ? '; Secure' : ''}`;

  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRecord,
  ): Promise<SessionRecord> {
    // Rotation: a session the request came with ends; the new one has a new token.
    const previous = cookieValue(request.headers.cookie, SESSION_COOKIE);
    if (previous) await store.deleteSession(sha256(previous));
    const token = randomBytes(32).toString('base64url');
    const at = now();
    const session: SessionRecord = {
      tokenHash: sha256(token),
      userId: user.id,
      csrfToken: randomBytes(24).toString('base64url'),
      createdAtMs: at,
      lastSeenAtMs: at,
    };
    await store.insertSession(session);
    reply.header('set-cookie', cookie(request, token, SESSION_ABSOLUTE_MS / 1000));
    return session;
  }

  async function sessionView(user: UserRecord, session: SessionRecord) {
    const account = await store.findAccount(user.accountId);
    const tier = account?.tier ?? 0;
    return {
      user: { id: user.id, email: user.email, email_verified: user.emailVerifiedAt !== null },
      account: { id: user.accountId, tier, plan: planOf(tier) },
      csrf_token: session.csrfToken,
    };
  }

  async function billingView(accountId: string) {
    const account = (await store.findAccount(accountId))!;
    const month = new Date(now()).toISOString().slice(0, 7);
    const live = await store.usage(accountId, month);
    const days = new Map((await store.dailyUsage(accountId, month)).map((row) => [row.day, row.requests]));
    const today = new Date(now()).getUTCDate();
    const daily = Array.from({ length: today }, (_, index) => {
      const date = `${month}-${String(index + 1).padStart(2, '0')}`;
      return { date, live_requests: days.get(date) ?? 0 };
    });
    return {
      tier: account.tier,
      plan: planOf(account.tier),
      tiers: TIERS,
      month,
      live_requests: live,
      estimate: estimate(account.tier, month, live),
      daily,
    };
  }

  const signed = (request: FastifyRequest): Signed => {
    if (!request.dashboard) throw new Error('no session on an operation that needs one');
    return request.dashboard;
  };

  async function ownKey(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
  ): Promise<KeyRecord | undefined> {
    const key = await store.findKeyById(id);
    // Another account's key is not found, never forbidden: IDs reveal nothing.
    if (!key || key.accountId !== signed(request).account.id) {
      sendError(reply, request, 404, 'not_found', `No key ${id} in this account.`, 'key_id');
      return undefined;
    }
    return key;
  }

  async function ownEndpoint(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
  ): Promise<WebhookEndpointRecord | undefined> {
    const endpoint = await store.findWebhookEndpoint(id);
    if (!endpoint || endpoint.accountId !== signed(request).account.id) {
      sendError(
        reply,
        request,
        404,
        'not_found',
        `No webhook endpoint ${id} in this account.`,
        'endpoint_id',
      );
      return undefined;
    }
    return endpoint;
  }

  /**
   * Whether the subjects are over the limit, counting this attempt (already recorded as `seqs`)
   * and only the failures recorded before it: in a parallel burst the first ten are checked and
   * every later one refused, and a refused attempt taking its row back cannot make a later one
   * look under the limit (counting every row let refusals undo each other's count).
   */
  async function signInLimited(
    request: FastifyRequest,
    reply: FastifyReply,
    subjects: string[],
    seqs: number[],
  ): Promise<boolean> {
    const since = now() - SIGNIN_WINDOW_MS;
    for (const [index, subject] of subjects.entries()) {
      const { count, oldestAtMs } = await store.signInFailures(subject, since, seqs[index]);
      if (count > SIGNIN_FAILURES_ALLOWED) {
        const retryAfter = Math.max(1, Math.ceil(((oldestAtMs ?? now()) + SIGNIN_WINDOW_MS - now()) / 1000));
        reply.header('retry-after', retryAfter);
        sendError(
          reply,
          request,
          429,
          'rate_limited',
          `Too many failed sign-ins; retry in ${retryAfter} seconds.`,
        );
        return true;
      }
    }
    return false;
  }

  const allowLoopbackEndpoints =
    options.allowLoopbackWebhooks ?? process.env.DASHBOARD_ALLOW_LOOPBACK_WEBHOOKS === 'true';
  /** Revokes every key, removes every webhook endpoint and returns the tier to Free. */
  async function clearUnclaimedAccount(accountId: string): Promise<void> {
    const at = new Date(now()).toISOString();
    for (const environment of ['test', 'live'] as const) {
      for (const key of await store.listAccountKeys(accountId, environment))
        if (!key.revokedAt) await revokeKey(store, key.id, at);
    }
    for (const endpoint of await store.listWebhookEndpoints(accountId))
      await removeEndpoint(store, endpoint.id);
    const account = await store.findAccount(accountId);
    if (account && account.tier !== 0) await changeTier(store, billing, accountId, 0, now());
  }

  const handlers: Handlers = {
    signUp: async (request, reply) => {
      const { email, password } = request.body;
      const passwordHash = await hashPassword(password);
      const at = new Date(now()).toISOString();
      const user: UserRecord = {
        id: newId('user', 16),
        accountId: newId('acct', 16),
        email,
        passwordHash,
        emailVerifiedAt: null,
        createdAt: at,
      };
      const created = await store
        .transaction(async (tx) => {
          await tx.createAccount(user.accountId, 0, at);
          if (await tx.insertUser(user)) return true;
          throw new EmailTaken();
        })
        .catch((error: unknown) => {
          if (error instanceof EmailTaken) return false;
          throw error;
        });
      if (!created)
        return sendError(
          reply,
          request,
          409,
          'email_taken',
          'A user with this e-mail address exists; sign in instead.',
          'email',
        );
      await queueMail(store, user, 'verify_email', now());
      const session = await startSession(request, reply, user);
      reply.code(201);
      return sessionView(user, session);
    },
    signIn: async (request, reply) => {
      const { email, password } = request.body;
      const user = await store.findUserByEmail(email);
      const subjects = [`ip:${request.ip}`, ...(user ? [`user:${user.id}`] : [])];
      // Counted as a failure before the password is checked (about 100 ms of scrypt), and taken
      // back if it succeeds: counting afterwards let a burst of parallel guesses all see the
      // count from before any of them failed.
      const attemptAtMs = now();
      const seqs = await store.recordSignInFailure(subjects, attemptAtMs);
      if (await signInLimited(request, reply, subjects, seqs)) {
        await store.forgetSignInFailures(seqs); // refused unchecked: not a failure
        return reply;
      }
      const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !ok)
        return sendError(
          reply,
          request,
          401,
          'invalid_credentials',
          'The e-mail address or password is wrong.',
        );
      await store.forgetSignInFailures(seqs);
      const session = await startSession(request, reply, user);
      return sessionView(user, session);
    },
    getSession: async (request) => {
      const { user, session } = signed(request);
      return sessionView(user, session);
    },
    signOut: async (request, reply) => {
      await store.deleteSession(signed(request).tokenHash);
      return reply
        .header('set-cookie', cookie(request, '', 0))
        .code(204)
        .send();
    },
    signOutEverywhere: async (request, reply) => {
      await store.deleteUserSessions(signed(request).user.id);
      return reply
        .header('set-cookie', cookie(request, '', 0))
        .code(204)
        .send();
    },
    verifyEmail: async (request, reply) => {
      const userId = await store.consumeMailToken(sha256(request.body.token), 'verify_email', now());
      if (!userId)
        return sendError(
          reply,
          request,
          404,
          'invalid_token',
          'This link is unknown, used or expired; ask for a new one.',
          'token',
        );
      await store.setUserEmailVerified(userId, new Date(now()).toISOString());
      return reply.code(204).send();
    },
    requestPasswordReset: async (request, reply) => {
      const user = await store.findUserByEmail(request.body.email);
      if (user) await queueMail(store, user, 'reset_password', now());
      return reply.code(202).send();
    },
    resetPassword: async (request, reply) => {
      const userId = await store.consumeMailToken(sha256(request.body.token), 'reset_password', now());
      if (!userId)
        return sendError(
          reply,
          request,
          404,
          'invalid_token',
          'This link is unknown, used or expired; ask for a new one.',
          'token',
        );
      const user = await store.findUserById(userId);
      if (!user)
        return sendError(
          reply,
          request,
          404,
          'invalid_token',
          'This link is unknown, used or expired; ask for a new one.',
          'token',
        );
      await store.setUserPassword(userId, await hashPassword(request.body.password));
      await store.deleteUserMailTokens(userId, 'reset_password'); // older reset links die with this one
      // The first proof of the mailbox claims an account someone may have signed up for with this
      // address without owning it: nothing they made survives (keys, endpoints, a changed tier).
      if (!user.emailVerifiedAt) await clearUnclaimedAccount(user.accountId);
      // The reset link reached the mailbox: that proves the address as well as a verification would.
      await store.setUserEmailVerified(userId, new Date(now()).toISOString());
      await store.deleteUserSessions(userId);
      return reply.code(204).send();
    },
    listScopes: async () => ({ data: scopes }),
    listKeys: async (request) => ({
      data: (await store.listAccountKeys(signed(request).account.id, request.query.environment)).map(keyView),
    }),
    createKey: async (request, reply) => {
      const { user, account } = signed(request);
      const body = request.body;
      if (body.environment === 'live' && !user.emailVerifiedAt)
        return sendError(
          reply,
          request,
          403,
          'email_not_verified',
          'Verify your e-mail address before creating live keys (see the mail we sent).',
        );
      try {
        const { key, rawKey } = await createKey(
          store,
          {
            environment: body.environment,
            type: body.type,
            scopes: body.scopes,
            accountId: account.id,
            name: body.name,
          },
          new Date(now()).toISOString(),
        );
        reply.code(201);
        return { key: keyView(key), secret: rawKey };
      } catch (error) {
        if (error instanceof KeyError)
          return sendError(reply, request, 400, 'invalid_request', `${error.message}.`, 'scopes');
        throw error;
      }
    },
    rotateKey: async (request, reply) => {
      const key = await ownKey(request, reply, request.params.key_id);
      if (!key) return reply;
      if (key.revokedAt)
        return sendError(
          reply,
          request,
          409,
          'key_revoked',
          'This key is revoked; revoked keys cannot be rotated.',
          'key_id',
        );
      const rotated = await rotateKey(store, key.id, new Date(now()).toISOString());
      return { key: keyView(rotated.key), secret: rotated.rawKey };
    },
    revokeKey: async (request, reply) => {
      const key = await ownKey(request, reply, request.params.key_id);
      if (!key) return reply;
      return keyView(await revokeKey(store, key.id, new Date(now()).toISOString()));
    },
    getBilling: async (request) => billingView(signed(request).account.id),
    changePlan: async (request) => {
      const { account } = signed(request);
      await changeTier(store, billing, account.id, request.body.tier, now());
      return billingView(account.id);
    },
    listWebhookEndpoints: async (request) => {
      const environment: Environment = request.query.environment;
      return {
        data: (await store.listWebhookEndpoints(signed(request).account.id))
          .filter((endpoint) => endpoint.environment === environment)
          .map(endpointView),
      };
    },
    createWebhookEndpoint: async (request, reply) => {
      const { account, user } = signed(request);
      if (request.body.environment === 'live' && !user.emailVerifiedAt)
        return sendError(
          reply,
          request,
          403,
          'email_not_verified',
          'Verify your e-mail address before adding live webhook endpoints (see the mail we sent).',
        );
      // Anyone can sign up: an endpoint on this machine's loopback would let them probe and post to
      // its local services. Allowed only where the service runs on the developer's own machine.
      if (!allowLoopbackEndpoints && (await pointsAtLoopback(request.body.url))) {
        return sendError(
          reply,
          request,
          400,
          'invalid_request',
          "Endpoints on this server's loopback address are not allowed here; use a public URL (or a tunnel to your machine).",
          'url',
        );
      }
      try {
        const { endpoint, secret } = await addEndpoint(
          store,
          webhookBox(),
          settings,
          {
            environment: request.body.environment,
            url: request.body.url,
            accountId: account.id,
            eventTypes: request.body.events,
          },
          now(),
        );
        reply.code(201);
        return { endpoint: endpointView(endpoint), secret };
      } catch (error) {
        if (error instanceof WebhookAdminError)
          return sendError(reply, request, 400, 'invalid_request', `${error.message}.`, 'url');
        throw error;
      }
    },
    deleteWebhookEndpoint: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      await removeEndpoint(store, endpoint.id);
      return reply.code(204).send();
    },
    rotateWebhookSecret: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      const rotated = await rotateEndpointSecret(store, webhookBox(), settings, endpoint.id, now());
      return { endpoint: endpointView(rotated.endpoint), secret: rotated.secret };
    },
    disableWebhookEndpoint: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      await store.setWebhookEndpointStatus(endpoint.id, 'disabled', DISABLED_BY_USER);
      return endpointView((await store.findWebhookEndpoint(endpoint.id))!);
    },
    enableWebhookEndpoint: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      await store.setWebhookEndpointStatus(endpoint.id, 'enabled', null);
      return endpointView((await store.findWebhookEndpoint(endpoint.id))!);
    },
    listWebhookDeliveries: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      return { data: (await store.listWebhookDeliveries(endpoint.id, 50)).map(deliveryView) };
    },
    sendTestWebhookEvent: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      // Nothing would be queued: say why rather than a 202 for an event no one receives.
      if (endpoint.status !== 'enabled')
        return sendError(
          reply,
          request,
          400,
          'invalid_request',
          `Endpoint ${endpoint.id} is disabled; enable it to send it a test event.`,
          null,
        );
      if (!endpoint.eventTypes.includes('*') && !endpoint.eventTypes.includes(request.body.type)) {
        return sendError(
          reply,
          request,
          400,
          'invalid_request',
          `Endpoint ${endpoint.id} does not subscribe to ${request.body.type}; it takes ${endpoint.eventTypes.join(', ')}.`,
          'type',
        );
      }
      // To this endpoint only: the button names it, and the account's other endpoints did not ask.
      await triggerEvent(
        store,
        settings,
        request.body.type,
        { accountId: endpoint.accountId, environment: endpoint.environment },
        now(),
        endpoint.id,
      );
      options.onEvents?.();
      return reply.code(202).send();
    },
    resendWebhookEvent: async (request, reply) => {
      const event = await store.findWebhookEvent(request.params.event_id);
      if (!event || event.accountId !== signed(request).account.id)
        return sendError(
          reply,
          request,
          404,
          'not_found',
          `No webhook event ${request.params.event_id} in this account.`,
          'event_id',
        );
      // Every endpoint that had the event, except those the user turned off: a resend must not
      // switch an endpoint back on behind their back (one disabled after failing is re-enabled).
      for (const endpoint of await store.listWebhookEndpoints(event.accountId)) {
        if (endpoint.status === 'disabled' && endpoint.disabledReason === DISABLED_BY_USER) continue;
        await store.requeueWebhookEvent(event.id, now(), endpoint.id);
      }
      options.onEvents?.();
      return reply.code(202).send();
    },
  };

  async function authenticate(request: FastifyRequest, reply: FastifyReply, route: RouteSpec): Promise<void> {
    if (reply.sent) return; // refused by the per-address limit
    const unsafe = request.method !== 'GET' && request.method !== 'HEAD';
    const origin = sameOrigin(request);
    // A cross-site page can make a browser send a form or fetch here: refused before anything.
    if (unsafe && (origin === false || (route.security.isPublic && origin !== true))) {
      return void sendError(
        reply,
        request,
        403,
        'csrf_failed',
        route.security.isPublic
          ? 'This request must come from the dashboard pages (same-origin Origin or Sec-Fetch-Site).'
          : 'The Origin header names another site.',
      );
    }
    if (route.security.isPublic) return;
    const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
    const tokenHash = token ? sha256(token) : undefined;
    const session = tokenHash ? await store.findSession(tokenHash) : undefined;
    const at = now();
    if (
      !session ||
      at - session.lastSeenAtMs > SESSION_IDLE_MS ||
      at - session.createdAtMs > SESSION_ABSOLUTE_MS
    ) {
      if (session) await store.deleteSession(session.tokenHash);
      return void sendError(reply, request, 401, 'unauthenticated', 'Sign in to use the dashboard.');
    }
    if (unsafe) {
      const presented = request.headers[CSRF_HEADER];
      if (typeof presented !== 'string' || !safeEqual(presented, session.csrfToken)) {
        return void sendError(
          reply,
          request,
          403,
          'csrf_failed',
          "Send the session's CSRF token (csrf_token of GET /dashboard/api/session) in the X-CSRF-Token header.",
        );
      }
    }
    const user = await store.findUserById(session.userId);
    const account = user && (await store.findAccount(user.accountId));
    if (!user || !account)
      return void sendError(reply, request, 401, 'unauthenticated', 'Sign in to use the dashboard.');
    // Idle expiry is measured from the last request; written at most once a minute.
    if (at - session.lastSeenAtMs > 60_000) await store.touchSession(session.tokenHash, at);
    request.dashboard = { tokenHash: session.tokenHash, session, user, account };
  }

  await app.register(routesPlugin, {
    handlers,
    authenticate,
    errorBody,
    unrouted: ({ id, ip }) => {
      const decision = limit(ip);
      return {
        id: id ?? '',
        headers: {
          'x-request-id': id ?? '',
          [digestHeader]: SPEC_DIGEST,
          'cache-control': 'no-store',
          'x-ratelimit-limit': decision.limit,
          'x-ratelimit-remaining': decision.remaining,
        },
      };
    },
    unknownQueryParameters: 'refuse',
  });
}

class EmailTaken extends Error {}
