/**
 * The keys of the SQLite read cache (service/store/engines/sqlite/read-cache.ts): one key per list
 * of values, so a read is never answered with another read's row, and no key for values it cannot
 * tell apart by text (buffers: key hashes are cached by the key cache instead).
 */
import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../../../service/store/engines/sqlite/read-cache.js';

describe('read cache keys', () => {
  it.each([
    { given: [['a\u0000sb', 'c'], ['a', 'b\u0000sc']], why: 'a separator inside a value' },
    { given: [['ab', 'c'], ['a', 'bc']], why: 'values that run together' },
    { given: [['1'], [1]], why: 'a string and a number that print the same' },
    { given: [['s1:a'], ['a', '']], why: 'a value that looks like an encoded one' },
  ])('differ for $why', ({ given: [a, b] }) => {
    expect(ReadCache.keyOf(a)).not.toBe(ReadCache.keyOf(b));
  });

  it('are the same for the same values', () => {
    expect(ReadCache.keyOf(['subj_1', 'acct_1', 'test'])).toBe(ReadCache.keyOf(['subj_1', 'acct_1', 'test']));
  });

  it('are not made for buffers, null or other values', () => {
    for (const value of [Buffer.alloc(32), null, undefined, true, {}]) expect(ReadCache.keyOf(['subj_1', value])).toBeUndefined();
  });
});
