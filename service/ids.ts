/** Random identifiers: `subj_…`, `asmt_…`, `req_…`, `key_…` and the secret part of API keys. */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters from [A-Za-z0-9], uniformly (rejection sampling, no modulo bias). */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export const newId = (prefix: string, length = 24) => `${prefix}_${randomToken(length)}`;

/** An account ID an operator may choose (`accounts create --id`, `keys create --account`): letters, digits, `_` and `-`, at most 64, as the IDs made here. */
export const OPERATOR_ACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Request IDs: unique, not secret, so a random per-process prefix and a counter do (no random
 * bytes per request). Example: `req_k3Xq9Lm2a00001f`.
 */
export function requestIdGenerator(): () => string {
  const prefix = randomToken(8);
  let counter = 0;
  return () => `req_${prefix}${(counter++).toString(36).padStart(7, '0')}`;
}
