/**
 * What every dashboard answer carries, and the per-address budget: its own spec's digest, no
 * caching (a raw key is in some bodies), the request ID and the rate-limit state. No CORS headers:
 * only the pages on this origin call it. An answer made outside every operation (an unknown route,
 * a bad URL) carries them too and is charged to the same budget.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SPEC_DIGEST, type UnroutedAnswer } from '../../../generated/dashboard/server/index.js';
import { SPEC_DIGEST_HEADER } from '../../../generated/server/index.js';
import { sendError } from '../../errors.js';
import { retryIn, type RateLimiter } from '../../rate-limit.js';
import { setRateHeaders } from '../../security.js';

/** Dashboard requests per minute per client address (x-rate-limits.per_address of spec/dashboard.yaml). */
export const DASHBOARD_REQUESTS_PER_MINUTE = 600;

export interface DashboardHooks {
  /** The first hook of every dashboard request: the headers, then the budget (a spent one answers 429 here). */
  onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;
  /** The same for answers no operation's hooks see (the stubs' `unrouted` option). */
  unrouted: (client: { id?: string; ip: string }) => UnroutedAnswer;
}

export function dashboardHooks(limiter: RateLimiter): DashboardHooks {
  const digestHeader = SPEC_DIGEST_HEADER ?? 'x-spec-digest';
  const limit = (ip: string) =>
    limiter.take([{ name: `dashboard-ip:${ip}`, perMinute: DASHBOARD_REQUESTS_PER_MINUTE }]);
  return {
    onRequest: (request, reply, done) => {
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
    },
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
  };
}
