/**
 * The dashboard's password hashes: production's cost unless PASSWORD_HASH_MIN_COST=1 (which the
 * test tiers set, vitest.config.ts), and a hash made at either cost verifies whatever the setting,
 * since the hash carries its parameters.
 */
import { afterEach, describe, expect, it } from 'vitest';

const original = process.env.PASSWORD_HASH_MIN_COST;
afterEach(() => {
  if (original === undefined) delete process.env.PASSWORD_HASH_MIN_COST;
  else process.env.PASSWORD_HASH_MIN_COST = original;
});

let loads = 0;
/** passwords.ts as a process with PASSWORD_HASH_MIN_COST set to `value` (or unset) loads it: a fresh instance each time. */
async function passwordsWith(
  value: string | undefined,
): Promise<typeof import('../../../../service/dashboard/api/passwords.js')> {
  if (value === undefined) delete process.env.PASSWORD_HASH_MIN_COST;
  else process.env.PASSWORD_HASH_MIN_COST = value;
  loads += 1;
  return import(/* @vite-ignore */ `../../../../service/dashboard/api/passwords.js?load=${loads}`);
}

const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$');

describe('password hashes', () => {
  it("use production's cost (scrypt N=2^15, r=8, p=1) unless PASSWORD_HASH_MIN_COST is 1", async () => {
    for (const value of [undefined, '', '0', 'true']) {
      const { hashPassword } = await passwordsWith(value);
      expect(costOf(await hashPassword('correct horse battery'))).toBe('scrypt$32768$8$1');
    }
    const { hashPassword } = await passwordsWith('1');
    expect(costOf(await hashPassword('correct horse battery'))).toBe('scrypt$1024$8$1');
  });

  it('verify at the cost they were made with, whatever the setting now', async () => {
    const cheap = await (await passwordsWith('1')).hashPassword('correct horse battery');
    const full = await (await passwordsWith(undefined)).hashPassword('correct horse battery');
    for (const value of ['1', undefined]) {
      const { verifyPassword } = await passwordsWith(value);
      for (const hash of [cheap, full]) {
        expect(await verifyPassword('correct horse battery', hash)).toBe(true);
        expect(await verifyPassword('correct horse staple', hash)).toBe(false);
      }
    }
  });
});
