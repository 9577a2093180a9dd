/** Idempotency keys: one per logical call, created before its first attempt and sent again on every retry. */

/** A new key: a random UUID where the runtime has crypto.randomUUID, else time and randomness in base 36. */
export function newIdempotencyKey(): string {
  const cryptoApi = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (cryptoApi?.randomUUID) return cryptoApi.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
