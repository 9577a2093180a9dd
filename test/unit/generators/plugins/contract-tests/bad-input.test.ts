/**
 * The contract tests' bad-input stage (issue 12), without a server: the hostile requests it derives
 * for our spec cover every kind for every operation, and an echo of a hostile value is measured.
 * The same requests sent to the reference service and to bare stubs are
 * test/integration/generators/plugins/contract-tests/bad-input.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  badRequests,
  echoedLength,
  type BadInputCases,
} from '../../../../../generators/plugins/contract-tests/runtime/bad-input.js';

const cases = JSON.parse(readFileSync('generated/contract-tests/bad-input.json', 'utf8')) as BadInputCases;

describe('echoedLength', () => {
  it.each([
    ['no echo', 'error: bad value', 'A'.repeat(5000), 0],
    ['a 40-character quote', `error: "${'A'.repeat(40)}…"`, 'A'.repeat(5000), 40],
    ['a whole 3,000-character echo', `error: ${'n'.repeat(3000)}`, `x${'n'.repeat(3000)}`, 3000],
  ])('%s', (_name, text, value, expected) => {
    expect(Math.abs(echoedLength(text, value) - expected)).toBeLessThanOrEqual(10); // measured in steps of 10
  });
});

describe('bad-input stage, derived for our spec', () => {
  it('derives malformed requests of every kind for every operation', () => {
    const names = cases.operations.flatMap((operation) =>
      badRequests(operation).map((request) => request.name),
    );
    for (const kind of [
      'broken percent-encoding',
      '5,000 characters',
      'control characters',
      'repeated',
      'a header over 16 KB',
      'a NUL byte',
      'Transfer-Encoding',
      'nested 5,000 levels',
      'invalid UTF-8',
      'text/plain',
      '1 MB',
      'a bad chunk size',
      'takes none',
    ]) {
      expect(
        names.some((name) => name.includes(kind)),
        kind,
      ).toBe(true);
    }
    expect(cases.operations.every((operation) => badRequests(operation).length >= 5)).toBe(true);
  });
});
