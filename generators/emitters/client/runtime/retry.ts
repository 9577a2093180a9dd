/** The retry policy (read from the spec's x-retry-policy) and the backoff it implies. */

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

/** A Retry-After longer than this is not waited out: the error is thrown for the caller to decide. */
export const MAX_RETRY_AFTER_MS = 60_000;

export function isRetryableStatus(policy: RetryPolicy, status: number): boolean {
  return policy.retryableStatuses.includes(status);
}

/**
 * Delay before retry number `retry` (0 for the first retry): exponential, capped, with jitter.
 * `random` is injectable so tests can pin the jitter.
 */
export function backoffDelayMs(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.backoffMultiplier ** retry);
  if (policy.jitter === 'full') return Math.round(random() * ceiling);
  if (policy.jitter === 'equal') return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return ceiling;
}
