/**
 * What an authenticated request of the public API leaves behind: live traffic is metered per
 * account for billing (per month, and per day for the dashboard's chart; sandbox traffic is free),
 * and the key's "last used" for the dashboard, to the minute. Called by the public API's security
 * hook (security.ts) once it has let a request through.
 */
import type { Caller } from './context.js';
import type { Clock } from './rate-limit.js';
import type { Store } from './store/store.js';

/** The month a live request is billed in, e.g. "2026-11". */
export const billingPeriod = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/**
 * Records one request's usage. Returns undefined when there was nothing to write (a sandbox key
 * already marked used this minute: most requests), so the caller goes on without waiting a turn.
 */
export function usageRecorder(store: Store, clock: Clock): (caller: Caller) => Promise<void> | undefined {
  // One "last used" write per key per minute per process.
  const lastUsedMinute = new Map<string, number>();
  const markedUsed = (caller: Caller, minute: number) => lastUsedMinute.get(caller.key.id) === minute;
  const record = async (caller: Caller, at: number) => {
    if (caller.scope.environment === 'live') {
      await store.meter(caller.scope.accountId, billingPeriod(at));
      await store.meterDay(caller.scope.accountId, new Date(at).toISOString().slice(0, 10));
    }
    const minute = Math.floor(at / 60_000);
    if (!markedUsed(caller, minute)) {
      lastUsedMinute.set(caller.key.id, minute);
      await store.setKeyLastUsed(
        caller.key.id,
        new Date(minute * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      );
    }
  };
  return (caller) => {
    const at = clock();
    if (caller.scope.environment !== 'live' && markedUsed(caller, Math.floor(at / 60_000))) return undefined;
    return record(caller, at);
  };
}
