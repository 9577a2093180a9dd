/**
 * The security hook the generated routes call for every operation: authenticate the key,
 * charge the rate limits, check key type and scopes, then record the request's usage. Also sets
 * the rate-limit headers, which every response carries. Requests without a valid key are limited per client address; the
 * health check only reports that budget.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RATE_LIMIT_HEADERS, type ErrorDetails, type RouteSpec } from '../generated/server/index.js';
import { isPromise, type Awaitable } from './awaitable.js';
import { authenticateKey, isWellFormedKey } from './keys.js';
import {
  retryIn,
  tierLimits,
  type BucketLimit,
  type Budget,
  type RateDecision,
  type RateLimiter,
} from './rate-limit.js';
import type { KeyRecord, Store } from './store/store.js';
import type { Caller } from './context.js';
import type { ErrorSender } from './errors.js';

/** The per-address budget of traffic without a valid key: the Free tier's per-key rate, per client address, per instance. */
const addressLimit = (ip: string) => ({ name: `ip:${ip}`, perMinute: tierLimits(0).perKey });

export interface AddressCharge {
  /** The rate-limit headers this answer carries (Retry-After too when refused). */
  headers: Record<string, number>;
  /** The 429 to answer instead, once the address has spent its budget. */
  refuse?: ErrorDetails;
}

/** Names of the rate-limit headers as the spec spells them (answers written raw) or in lower case (replies). */
interface RateHeaderNames {
  limit?: string;
  remaining?: string;
  retryAfter?: string;
}

/**
 * In lower case, the form Fastify stores a reply's header names in: it lowers each name it is
 * given, and a name that had to be lowered is a new string each request, which V8 must look up
 * before it can be a property name.
 */
const REPLY_NAMES: RateHeaderNames = {
  limit: RATE_LIMIT_HEADERS.limit?.toLowerCase(),
  remaining: RATE_LIMIT_HEADERS.remaining?.toLowerCase(),
  retryAfter: RATE_LIMIT_HEADERS.retryAfter?.toLowerCase(),
};

/** Where a header goes: an object of headers, or a reply (module functions: no closure per request). */
type HeaderSink<T> = (target: T, name: string, value: number) => void;
const intoObject: HeaderSink<Record<string, number>> = (headers, name, value) => void (headers[name] = value);
const ontoReply: HeaderSink<FastifyReply> = (reply, name, value) => void reply.header(name, value);

/** The budget's headers, which every answer carries. */
function eachBudgetHeader<T>(budget: Budget, names: RateHeaderNames, target: T, set: HeaderSink<T>): void {
  if (names.limit) set(target, names.limit, budget.limit);
  if (names.remaining) set(target, names.remaining, budget.remaining);
}

/** Each rate-limit header a charge gives: the budget's, and Retry-After when refused (in one place for both forms below). */
function eachRateHeader<T>(
  decision: RateDecision,
  names: RateHeaderNames,
  target: T,
  set: HeaderSink<T>,
): void {
  eachBudgetHeader(decision, names, target, set);
  if (!decision.allowed && names.retryAfter) set(target, names.retryAfter, decision.retryAfterSeconds);
}

function rateHeaders(decision: RateDecision): Record<string, number> {
  const headers: Record<string, number> = {};
  eachRateHeader(decision, RATE_LIMIT_HEADERS, headers, intoObject);
  return headers;
}

/** rateHeaders, set on the reply one by one (no object per request). */
export function setRateHeaders(reply: FastifyReply, decision: RateDecision): void {
  eachRateHeader(decision, REPLY_NAMES, reply, ontoReply);
}

/**
 * Charges one request without a valid key (a bad or missing key, an unknown route, a bad URL,
 * malformed HTTP) to its client address: the headers to send, and the 429 once the budget is spent.
 * `ip` is the client as TRUST_PROXY says (Fastify's request.ip), or the socket's for bytes no request was parsed from.
 */
export function chargeAddress(limiter: RateLimiter, ip: string): AddressCharge {
  const decision = limiter.take([addressLimit(ip)]);
  if (decision.allowed) return { headers: rateHeaders(decision) };
  return {
    headers: rateHeaders(decision),
    refuse: {
      status: 429,
      code: 'rate_limited',
      message: `Too many requests from this address; ${retryIn(decision)}.`,
      param: null,
    },
  };
}

/**
 * Charges a request without a key (a public operation, the contract document) to its address: puts
 * the budget's headers on the reply, and answers the 429 and says so once the budget is spent.
 */
export function chargeAnonymous(
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  sendError: ErrorSender,
): boolean {
  const charge = chargeAddress(limiter, request.ip);
  reply.headers(charge.headers);
  if (!charge.refuse) return false;
  sendError(reply, request, charge.refuse.status, charge.refuse.code, charge.refuse.message);
  return true;
}

/**
 * The same budget as seen by the health check, which never spends from it and is never refused by
 * it: a load balancer's probes must keep answering whatever else arrives from its address.
 */
export function peekAddress(limiter: RateLimiter, ip: string): Record<string, number> {
  // Nothing is charged, so nothing is refused: no Retry-After, even with the budget spent (the spec's is ≥ 1 and belongs to a 429).
  const headers: Record<string, number> = {};
  eachBudgetHeader(limiter.peek(addressLimit(ip)), RATE_LIMIT_HEADERS, headers, intoObject);
  return headers;
}

/** The operation load balancers and uptime monitors call (spec/DECISIONS.md, row 7). */
export const HEALTH_OPERATION = 'getHealth';

/** What an authenticated request needs of its key beyond the key itself, made once per key record and tier. */
interface KeyFacts {
  tier: number;
  limits: BucketLimit[];
  caller: Caller;
}

/** `recordUsage`: metering and "last used" (metering.ts), for each request a key is let through; a promise when it writes. */
export function createSecurityHook(
  store: Store,
  limiter: RateLimiter,
  sendError: ErrorSender,
  recordUsage: (caller: Caller) => Promise<void> | undefined,
) {
  // Key records are the store's cached objects, replaced whenever the cache is emptied (a
  // revocation, a tier change), so these facts never outlive what they were made from. The caller
  // is shared by the key's requests: nothing writes to it.
  const factsByKey = new WeakMap<KeyRecord, KeyFacts>();
  const factsOf = (key: KeyRecord, tier: number): KeyFacts => {
    let facts = factsByKey.get(key);
    if (!facts || facts.tier !== tier) {
      const limits = tierLimits(tier);
      facts = {
        tier,
        limits: [
          { name: `key:${key.id}`, perMinute: limits.perKey },
          { name: `account:${key.accountId}`, perMinute: limits.perAccount },
        ],
        caller: { key, scope: { accountId: key.accountId, environment: key.environment }, tier },
      };
      factsByKey.set(key, facts);
    }
    return facts;
  };
  /** No valid key: charged to the client's address, then 401 (or that budget's 429). */
  const refuseUnauthenticated = (request: FastifyRequest, reply: FastifyReply, why: string): void => {
    if (chargeAnonymous(limiter, request, reply, sendError)) return;
    sendError(
      reply,
      request,
      401,
      'unauthenticated',
      `${why} Send a valid key as "Authorization: Bearer <API_KEY>".`,
    );
  };
  /** A valid key: its rate limits, then its type and scopes. */
  const admitKey = (
    request: FastifyRequest,
    reply: FastifyReply,
    route: RouteSpec,
    facts: KeyFacts,
    decision: RateDecision,
  ): Awaitable<void> => {
    const { key } = facts.caller;
    setRateHeaders(reply, decision);
    if (!decision.allowed) {
      return void sendError(
        reply,
        request,
        429,
        'rate_limited',
        `Rate limit of ${decision.limit} requests per minute exceeded; ${retryIn(decision)}.`,
      );
    }
    if (route.security.keyTypes && !route.security.keyTypes.includes(key.type)) {
      return void sendError(
        reply,
        request,
        403,
        'insufficient_scope',
        `A ${key.type}_ key cannot call ${route.operationId}; use a secret (sk_) key on your server.`,
      );
    }
    const missing = missingScopes(route.security.scopes, key.scopes);
    if (missing) {
      return void sendError(
        reply,
        request,
        403,
        'insufficient_scope',
        `This operation requires the ${missing.join(', ')} scope.`,
      );
    }
    // The caller, for the handlers.
    request.caller = facts.caller;
    // Every request let through counts, including one its operation then refuses for its input
    // (the body check and validation come later). Waited for only when it writes.
    return recordUsage(facts.caller);
  };
  // Synchronous when the store answers at once (awaitable.ts: SQLite with a cached key and a sandbox
  // key, whose usage is written at most once a minute), so the generated routes go on without a
  // promise; a promise when something must wait (a key's first read, PostgreSQL's leases, a live
  // key's meters).
  return function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    route: RouteSpec,
  ): Awaitable<void> {
    if (route.security.isPublic) {
      if (route.operationId === HEALTH_OPERATION) return void reply.headers(peekAddress(limiter, request.ip));
      chargeAnonymous(limiter, request, reply, sendError);
      return;
    }
    const header = request.headers.authorization;
    let rawKey: string | undefined;
    let wellFormed = false;
    if (typeof header === 'string') {
      rawKey = wellFormedBearerKey(header);
      wellFormed = rawKey !== undefined;
      rawKey ??= BEARER.exec(header)?.[1];
    }
    if (rawKey === undefined)
      return refuseUnauthenticated(
        request,
        reply,
        !header ? 'No Authorization header.' : 'The Authorization header must be "Bearer <API_KEY>".',
      );
    // At once when the store answers at once: no closure per request on that path.
    const found = authenticateKey(store, rawKey, wellFormed);
    if (isPromise(found)) return found.then((known) => withKey(request, reply, route, known));
    return withKey(request, reply, route, found);
  };
  /** The key's rate limits (per key and per account, in the store: shared by every instance on a server database, leased in batches, service/rate-limit-leases.ts), then admitKey. */
  function withKey(
    request: FastifyRequest,
    reply: FastifyReply,
    route: RouteSpec,
    found: { key: KeyRecord; tier: number } | undefined,
  ): Awaitable<void> {
    if (!found) return refuseUnauthenticated(request, reply, 'The API key is malformed, unknown or revoked.');
    const facts = factsOf(found.key, found.tier);
    const decision = store.takeTokens(facts.limits, limiter.now());
    if (isPromise(decision)) return decision.then((taken) => admitKey(request, reply, route, facts, taken));
    return admitKey(request, reply, route, facts, decision);
  }
}

/**
 * The key in an `Authorization: Bearer <key>` header is a well-formed key after exactly "Bearer "
 * (`bearer` in any case) taken as it is (wellFormedBearerKey), else what the pattern finds after
 * `bearer` in any case and spaces, which says the same of the first kind.
 */
function wellFormedBearerKey(header: string): string | undefined {
  if (header.length <= 7 || header.charCodeAt(6) !== 32) return undefined;
  if (!header.startsWith('Bearer') && header.slice(0, 6).toLowerCase() !== 'bearer') return undefined;
  const token = header.slice(7);
  return isWellFormedKey(token) ? token : undefined;
}
const BEARER = /^Bearer\s+(\S+)$/i;

/** The required scopes a key lacks, or undefined when it has them all (no array in the usual case). */
function missingScopes(required: readonly string[], granted: readonly string[]): string[] | undefined {
  for (const scope of required)
    if (!granted.includes(scope)) return required.filter((each) => !granted.includes(each));
  return undefined;
}
