/**
 * Password hashing: scrypt from node:crypto (N=2^15, r=8, p=1, 16-byte salt, 64-byte key), stored
 * as `scrypt$N$r$p$salt$hash` (base64url) so the parameters can be raised later and old hashes
 * still verify. Verification compares in constant time.
 *
 * PASSWORD_HASH_MIN_COST=1 hashes new passwords at N=2^10 instead, as Rails' `min_cost` does in
 * its test environment: the test tiers set it (a sign-up or sign-in costs 2 ms of CPU instead of
 * 70, and the dashboard's tests make hundreds); a deployment never does (spec/DECISIONS.md).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const PASSWORD_HASH_PARAMS = { N: 2 ** 15, r: 8, p: 1 };
export const PASSWORD_HASH_MIN_PARAMS = { N: 2 ** 10, r: 8, p: 1 };
const PARAMS = process.env.PASSWORD_HASH_MIN_COST === '1' ? PASSWORD_HASH_MIN_PARAMS : PASSWORD_HASH_PARAMS;
const KEY_LENGTH = 64;
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  length: number,
): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; the default cap (32 MiB) is exactly that, so allow twice.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const want = Buffer.from(expected, 'base64url');
  const got = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    want.length,
  );
  return timingSafeEqual(got, want);
}

/** A hash of a random password: verified against when the address is unknown, so timing does not reveal which addresses exist. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(24).toString('base64url')));
