/** The retry policy (read from the spec's x-retry-policy) and the backoff it implies. */

/** The spec's `x-retry-policy` (or the usual policy): the IR holds it in this shape (core/ir.ts imports it). */
export interface RetryPolicy {
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  backoffMultiplier: number;
  jitter: 'none' | 'full' | 'equal';
  respectRetryAfter: boolean;
  retryOnConnectionError: boolean;
  retryableStatuses: number[];
}

/** A server-asked wait longer than this (the default `maxRetryWait`) is not waited out: the error is thrown, carrying the wait. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Whether an error response is retried, and after how long; `reason` says why not, for the log and the error. */
export type RetryDecision =
  { retry: true; waitMs: number; reason: string } | { retry: false; reason: string; beyondCap?: boolean };

/**
 * The decision for one error response: `x-should-retry: false` never retries, `true` retries any
 * status; otherwise the policy's statuses. The wait is the server's (`retry-after-ms`, then
 * `Retry-After`) when the policy respects it, else the backoff; a server wait over the cap is refused.
 */
export function retryDecision(
  policy: RetryPolicy,
  status: number,
  headers: Headers,
  serverWaitMs: number | null,
  context: { retry: number; retriesLeft: number; maxWaitMs: number; random: () => number },
): RetryDecision {
  const should = headers.get('x-should-retry')?.trim().toLowerCase();
  if (should === 'false') return { retry: false, reason: 'the server said x-should-retry: false' };
  if (should !== 'true' && !isRetryableStatus(policy, status))
    return { retry: false, reason: `status ${status} is not retried` };
  if (context.retriesLeft <= 0) return { retry: false, reason: 'no retries left' };
  const asked = policy.respectRetryAfter ? serverWaitMs : null;
  if (asked !== null && asked > context.maxWaitMs)
    return {
      retry: false,
      beyondCap: true,
      reason: `the server asked to wait ${asked} ms, more than maxRetryWait (${context.maxWaitMs} ms)`,
    };
  if (asked !== null)
    return {
      retry: true,
      waitMs: asked,
      reason:
        should === 'true'
          ? 'x-should-retry: true; waiting as the server asked'
          : 'waiting as the server asked',
    };
  return {
    retry: true,
    waitMs: backoffDelayMs(policy, context.retry, context.random),
    reason: should === 'true' ? 'x-should-retry: true; backoff' : 'backoff',
  };
}

export function isRetryableStatus(policy: RetryPolicy, status: number): boolean {
  return policy.retryableStatuses.includes(status);
}

/**
 * Delay before retry number `retry` (0 for the first retry): exponential, capped, with jitter.
 * `random` is injectable so tests can pin the jitter.
 */
export function backoffDelayMs(
  policy: RetryPolicy,
  retry: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.backoffMultiplier ** retry);
  if (policy.jitter === 'full') return Math.round(random() * ceiling);
  if (policy.jitter === 'equal') return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return ceiling;
}
