/**
 * Sessions: the `dashboard_session` cookie (only its sha256 is stored), started on sign-up and
 * sign-in (a session the request came with ends: rotation), expiring after SESSION_IDLE_MS without a
 * request and SESSION_ABSOLUTE_MS after it began; a CSRF token per session; and the security hook
 * that checks them, with the same-origin rule, on every operation.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteSpec } from '../../../generated/dashboard/server/index.js';
import { sendError } from '../../errors.js';
import type { SessionRecord, UserRecord } from '../../store/store.js';
import { planOf } from './billing.js';
import { sha256, type DashboardContext } from './context.js';

export const SESSION_COOKIE = 'dashboard_session';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

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

/** The Set-Cookie value of a session token (an empty one with Max-Age 0 ends the session in the browser). */
export function sessionCookie(
  context: DashboardContext,
  request: FastifyRequest,
  token: string,
  maxAgeSeconds: number,
): string {
  return `${SESSION_COOKIE}=${token}; Path=/dashboard; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${context.secureCookies || request.protocol === 'https' ? '; Secure' : ''}`;
}

export async function startSession(
  context: DashboardContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRecord,
): Promise<SessionRecord> {
  const { store, now } = context;
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
  reply.header('set-cookie', sessionCookie(context, request, token, SESSION_ABSOLUTE_MS / 1000));
  return session;
}

/** What the session operations answer: the user, the account and its plan, and the CSRF token. */
export async function sessionView(context: DashboardContext, user: UserRecord, session: SessionRecord) {
  const account = await context.store.findAccount(user.accountId);
  const tier = account?.tier ?? 0;
  return {
    user: { id: user.id, email: user.email, email_verified: user.emailVerifiedAt !== null },
    account: { id: user.accountId, tier, plan: planOf(tier) },
    csrf_token: session.csrfToken,
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

/**
 * The security hook of every dashboard operation: a cross-site request that could change something
 * is refused first; an operation that needs a session gets it from the cookie (idle and absolute
 * expiry), an unsafe method also needs the session's CSRF token.
 */
export function authenticator(
  context: DashboardContext,
): (request: FastifyRequest, reply: FastifyReply, route: RouteSpec) => Promise<void> {
  const { store, now } = context;
  return async (request, reply, route) => {
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
  };
}
