/**
 * Which way a changed pattern moved (generators/breaking/pattern.ts), checked against V8's own
 * regular expressions: when a pattern is called wider, every string fast-check generates for the
 * old one must match the new one (and the other way round for narrower).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patternDirection } from '../../../../generators/breaking/pattern.js';

describe('pattern direction', () => {
  it.each([
    ['^[a-z0-9_]+$', '^[a-z0-9_-]+$', 'wider'],
    ['^[a-z]{3}$', '^[a-z0-9]{3,8}$', 'wider'],
    ['^[a-z][a-z0-9_]{0,63}$', '^[a-z][a-z0-9_]{0,127}$', 'wider'],
    ['^[a-z0-9_]+$', '^[a-z_]+$', 'narrower'],
    ['^\\d+$', '^[0-9]+$', 'same'],
    ['^[a-z]+$', '^[a-mn-z]+$', 'same'],
    ['^(?:ab|cd)+$', '^(?:a[bc]|c[de])+$', 'wider'],
    ['^[^\\x00-\\x1F]*$', '^.*$', undefined], // `.` stops at U+2028, which the class admits
    ['^[a-z]+$', '^[0-9]+$', undefined],
    ['^(a)\\1$', '^(a)\\1$', undefined], // back-references are not compared
    ['^(?=a)a$', '^(?=a)[ab]$', undefined], // nor look-arounds
  ])('%s → %s is %s', (before, after, expected) => {
    expect(patternDirection(before, after)).toBe(expected);
  });

  // Small patterns of one structure with varying classes and repeats, so many pairs are comparable.
  const CLASSES = [
    '[a-z]',
    '[a-z0-9]',
    '[0-9]',
    '\\d',
    '\\w',
    '[A-Za-z0-9_-]',
    '[ab]',
    '[^a]',
    '.',
    'x',
    '\\.',
  ];
  const QUANTIFIERS = ['', '+', '*', '?', '{1,3}', '{2}', '{0,5}', '{1,}'];
  const piece = fc.tuple(fc.constantFrom(...CLASSES), fc.constantFrom(...QUANTIFIERS));
  const patternPair = fc
    .integer({ min: 1, max: 4 })
    .chain((length) =>
      fc.tuple(
        fc.array(piece, { minLength: length, maxLength: length }),
        fc.array(piece, { minLength: length, maxLength: length }),
      ),
    );
  const text = (pieces: Array<[string, string]>) =>
    `^${pieces.map(([atom, quantifier]) => atom + quantifier).join('')}$`;
  const everyMatch = (from: string, to: string, seed: number) =>
    fc
      .sample(fc.stringMatching(new RegExp(from)), { numRuns: 40, seed })
      .every((sample) => new RegExp(to).test(sample));

  it('calls a pattern wider (or narrower) only when V8 agrees on generated strings', () => {
    let decided = 0;
    fc.assert(
      fc.property(patternPair, fc.integer(), ([a, b], seed) => {
        const [before, after] = [text(a), text(b)];
        const direction = patternDirection(before, after);
        if (direction) decided += 1;
        if (direction === 'wider' || direction === 'same')
          expect(everyMatch(before, after, seed), `${before} → ${after}`).toBe(true);
        if (direction === 'narrower' || direction === 'same')
          expect(everyMatch(after, before, seed), `${after} → ${before}`).toBe(true);
      }),
      { numRuns: 300, seed: 20261122 },
    );
    // The generator must exercise the comparison, not only undecided pairs.
    expect(decided).toBeGreaterThan(30);
  });
});
