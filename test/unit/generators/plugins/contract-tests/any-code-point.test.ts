/**
 * The suites' string unit (runtime/arbitraries.ts, `anyCodePoint`) against fast-check's own
 * `unit: 'binary'`, its oracle: the same strings from the same seeds, the same shrinks, the same
 * values read back; and it costs nothing to build, where fast-check's maps all 1,112,064 code points.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyCodePoint } from '../../../../../generators/plugins/contract-tests/runtime/arbitraries.js';

const theirs = (constraints: { minLength?: number; maxLength?: number }) =>
  fc.string({ unit: 'binary', ...constraints });
const mine = (constraints: { minLength?: number; maxLength?: number }) =>
  fc.string({ unit: anyCodePoint, ...constraints });

describe("the suites' code point unit", () => {
  it("draws what fast-check's binary unit draws, seed for seed", () => {
    for (const constraints of [{ maxLength: 40 }, { minLength: 7, maxLength: 7 }, {}])
      for (let seed = 0; seed < 100; seed += 1)
        expect(fc.sample(mine(constraints), { numRuns: 10, seed })).toEqual(
          fc.sample(theirs(constraints), { numRuns: 10, seed }),
        );
  });

  it('shrinks a failure to the same counterexample', () => {
    const failing = (text: string) => text.length < 3 || !/[a-z]/.test(text);
    for (const seed of [1, 2, 3, 4])
      expect(fc.check(fc.property(mine({ maxLength: 30 }), failing), { seed }).counterexample).toEqual(
        fc.check(fc.property(theirs({ maxLength: 30 }), failing), { seed }).counterexample,
      );
  });

  it('reads back any code point, and refuses a lone surrogate or more than one unit', () => {
    for (const value of [
      'a',
      '\0',
      '\ud7ff',
      '\ue000',
      '😀',
      '\u{10ffff}',
      '',
      'ab',
      '\ud800',
      '\udfff',
      'x\udc00',
    ])
      expect({ value, mine: mine({}).canShrinkWithoutContext(value) }).toEqual({
        value,
        mine: theirs({}).canShrinkWithoutContext(value),
      });
    expect(anyCodePoint.canShrinkWithoutContext('\ud83d')).toBe(false);
    expect(anyCodePoint.canShrinkWithoutContext('ab')).toBe(false);
    expect(anyCodePoint.canShrinkWithoutContext('😀')).toBe(true);
  });
});
