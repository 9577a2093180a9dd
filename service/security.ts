/**
 * The security hook the generated routes call for every operation: authenticate the key,
 * charge the rate limits, check key type and scopes. Also sets the rate-limit headers, which
 * every response carries (401s and health are limited per client address).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RATE_LIMIT_HEADERS, type ErrorDetails, type RouteSpec } from '../generated/server/index.js';
import { verifyKey } from './keys.js';
import { tierLimits, type RateDecision, type RateLimiter } from './rate-limit.js';
import type { Store } from './store/store.js';
import type { Caller } from './context.js';
import type { ErrorSender } from './errors.js';

export function setRateHeaders(reply: FastifyReply, decision: RateDecision): void {
  if (RATE_LIMIT_HEADERS.limit) reply.header(RATE_LIMIT_HEADERS.limit, decision.limit);
  if (RATE_LIMIT_HEADERS.remaining) reply.header(RATE_LIMIT_HEADERS.remaining, decision.remaining);
  if (!decision.allowed && RATE_LIMIT_HEADERS.retryAfter) reply.header(RATE_LIMIT_HEADERS.retryAfter, decision.retryAfterSeconds);
}

/** Unauthenticated traffic (health, bad keys, unknown routes) is limited per address at the Free tier's per-key rate. */
export function limitAnonymous(limiter: RateLimiter, request: FastifyRequest, reply: FastifyReply): RateDecision {
  const decision = limiter.take([{ name: `ip:${request.ip}`, perMinute: tierLimits(0).perKey }]);
  setRateHeaders(reply, decision);
  return decision;
}

/**
 * The same per-address limit for answers no operation makes (unknown routes, bad URLs, malformed
 * HTTP): the headers to send, and the 429 to send instead once the address has spent its budget.
 */
export function limitUnrouted(limiter: RateLimiter, ip: string, headers: Record<string, string | number>): { headers: Record<string, string | number>; refuse?: ErrorDetails } {
  const decision = limiter.take([{ name: `ip:${ip}`, perMinute: tierLimits(0).perKey }]);
  const all = { ...headers };
  if (RATE_LIMIT_HEADERS.limit) all[RATE_LIMIT_HEADERS.limit] = decision.limit;
  if (RATE_LIMIT_HEADERS.remaining) all[RATE_LIMIT_HEADERS.remaining] = decision.remaining;
  if (decision.allowed) return { headers: all };
  if (RATE_LIMIT_HEADERS.retryAfter) all[RATE_LIMIT_HEADERS.retryAfter] = decision.retryAfterSeconds;
  return { headers: all, refuse: { status: 429, code: 'rate_limited', message: `Too many requests from this address; retry in ${decision.retryAfterSeconds} seconds.`, param: null } };
}

export function createSecurityHook(store: Store, limiter: RateLimiter, sendError: ErrorSender, onAuthenticated: (caller: Caller) => Promise<void> = async () => {}) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply, route: RouteSpec): Promise<void> {
    if (route.security.isPublic) {
      const decision = limitAnonymous(limiter, request, reply);
      if (!decision.allowed) sendError(reply, request, 429, 'rate_limited', `Too many requests from this address; retry in ${decision.retryAfterSeconds} seconds.`);
      return;
    }
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const key = match ? await verifyKey(store, match[1]) : undefined;
    if (!key) {
      const decision = limitAnonymous(limiter, request, reply);
      if (!decision.allowed) return void sendError(reply, request, 429, 'rate_limited', `Too many requests from this address; retry in ${decision.retryAfterSeconds} seconds.`);
      const why = !header ? 'No Authorization header.' : !match ? 'The Authorization header must be "Bearer <API_KEY>".' : 'The API key is malformed, unknown or revoked.';
      return void sendError(reply, request, 401, 'unauthenticated', `${why} Send a valid key as "Authorization: Bearer <API_KEY>".`);
    }
    const account = await store.findAccount(key.accountId);
    const tier = account?.tier ?? 0;
    const limits = tierLimits(tier);
    // Per key and per account, in the store: shared by every instance on a server database.
    const decision = await store.takeTokens(
      [
        { name: `key:${key.id}`, perMinute: limits.perKey },
        { name: `account:${key.accountId}`, perMinute: limits.perAccount },
      ],
      limiter.now(),
    );
    setRateHeaders(reply, decision);
    if (!decision.allowed) {
      return void sendError(reply, request, 429, 'rate_limited', `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.retryAfterSeconds} seconds.`);
    }
    if (route.security.keyTypes && !route.security.keyTypes.includes(key.type)) {
      return void sendError(reply, request, 403, 'insufficient_scope', `A ${key.type}_ key cannot call ${route.operationId}; use a secret (sk_) key on your server.`);
    }
    const missing = route.security.scopes.filter((scope) => !key.scopes.includes(scope));
    if (missing.length > 0) {
      return void sendError(reply, request, 403, 'insufficient_scope', `This operation requires the ${missing.join(', ')} scope.`);
    }
    request.caller = { key, scope: { accountId: key.accountId, environment: key.environment }, tier };
    await onAuthenticated(request.caller);
  };
}
