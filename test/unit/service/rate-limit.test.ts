/** The token buckets' refusals as a client reads them (service/rate-limit.ts). */
import { describe, expect, it } from 'vitest';
import { retryIn, TokenBuckets } from '../../../service/rate-limit.js';

describe('a refusal names its wait', () => {
  it('in whole seconds, at least one, in singular or plural', () => {
    const buckets = new TokenBuckets();
    const limit = { name: 'key:k', perMinute: 60 };
    expect(buckets.take([limit], 0).allowed).toBe(true);
    let refused = buckets.take([limit], 0);
    for (let i = 0; i < 60 && refused.allowed; i += 1) refused = buckets.take([limit], 0);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(retryIn(refused)).toBe('retry in 1 second'); // before: "retry in 1 seconds"
    const slower = buckets.take([{ name: 'key:slow', perMinute: 1 }], 0);
    expect(slower.allowed).toBe(true);
    expect(retryIn(buckets.take([{ name: 'key:slow', perMinute: 1 }], 0))).toBe('retry in 60 seconds');
  });
});
