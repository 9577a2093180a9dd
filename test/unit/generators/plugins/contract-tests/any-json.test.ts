/**
 * Free-form JSON the suites and the round trip draw (a schema of any value, an object of no
 * properties): fast-check's jsonValue draws `__proto__` keys on purpose, and the stubs answer a
 * body holding one 400 (gsmtasks' free-form `metadata`: the round trip blamed the client).
 * `anyJson` draws the same values without such keys, at any depth.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  anyJson,
  arbitraryFrom,
} from '../../../../../generators/plugins/contract-tests/runtime/arbitraries.js';

function keysIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const each of value) keysIn(each, found);
  else if (value && typeof value === 'object')
    for (const [key, each] of Object.entries(value)) {
      found.add(key);
      keysIn(each, found);
    }
  return found;
}

const drawn = (arbitrary: fc.Arbitrary<unknown>) =>
  fc
    .sample(arbitrary, { numRuns: 5000, seed: 1 })
    .reduce<Set<string>>((keys, value) => keysIn(value, keys), new Set());

it('fast-check draws a __proto__ key among free-form JSON (the reason for anyJson)', () => {
  expect(drawn(fc.jsonValue({ maxDepth: 2 })).has('__proto__')).toBe(true);
});

it('draws free-form JSON without __proto__ or constructor keys, nested too', () => {
  const root = { $id: 'spec.json' };
  for (const arbitrary of [anyJson(2), arbitraryFrom(root, true), arbitraryFrom(root, {})]) {
    const keys = drawn(arbitrary);
    expect(keys.size).toBeGreaterThan(50);
    expect(keys.has('__proto__')).toBe(false);
    expect(keys.has('constructor')).toBe(false);
  }
});
