/**
 * The keys of the SQLite read cache (service/store/engines/sqlite/read-cache.ts): one entry per
 * list of values, so a read is never answered with another read's row, and no entry for values it
 * cannot tell apart (buffers: key hashes are cached by the key cache instead).
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../../../service/store/engines/sqlite/read-cache.js';

const SQL = 'select * from t where a = ? and b = ?';

/** A cache holding one read's row, as the dialect fills it (a lookup first, which notes the data version). */
function cacheWith(values: unknown[], rows: unknown[]): ReadCache {
  const cache = new ReadCache(new Database(':memory:'));
  expect(cache.lookup(SQL, values)).toBeUndefined();
  cache.remember(SQL, values, rows);
  return cache;
}

describe('read cache keys', () => {
  it.each([
    {
      given: [
        ['a\u0000sb', 'c'],
        ['a', 'b\u0000sc'],
      ],
      why: 'a separator inside a value',
    },
    {
      given: [
        ['ab', 'c'],
        ['a', 'bc'],
      ],
      why: 'values that run together',
    },
    {
      given: [
        ['1', 'x'],
        [1, 'x'],
      ],
      why: 'a string and a number that print the same',
    },
    {
      given: [
        ['s1:a', ''],
        ['a', ''],
      ],
      why: 'a value that looks like an encoded one',
    },
  ])('differ for $why', ({ given: [a, b] }) => {
    const rows = [{ id: 'row of a' }];
    const cache = cacheWith(a, rows);
    expect(cache.lookup(SQL, b)).toBeUndefined();
    expect(cache.lookup(SQL, a)).toBe(rows);
  });

  it('are the same for the same values, and per SQL text', () => {
    const rows = [{ id: 'subj_1' }];
    const cache = cacheWith(['subj_1', 'acct_1'], rows);
    expect(cache.lookup(SQL, ['subj_1', 'acct_1'])).toBe(rows);
    expect(cache.lookup(`${SQL} limit 1`, ['subj_1', 'acct_1'])).toBeUndefined();
  });

  it('are not made for buffers, null or other values', () => {
    for (const value of [Buffer.alloc(32), null, undefined, true, {}])
      expect(ReadCache.cacheable(['subj_1', value])).toBe(false);
    expect(ReadCache.cacheable(['subj_1', 1])).toBe(true);
  });
});
