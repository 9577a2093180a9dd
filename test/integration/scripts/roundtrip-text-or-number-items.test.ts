/**
 * A query array whose items are integers or text (openaq's `location`): every item travels as text,
 * which the wire cannot tell from a number, so the round trip compares such items as text, as it
 * does a parameter of that kind. Fixture kinds/text-or-number-items-3.0.yaml. Starts the stubs and
 * python3.
 */
import { expect, it } from 'vitest';
import { runRoundtrip } from '../../../scripts/lib/roundtrip/run.js';

it('a query array of integer-or-text items round-trips in TypeScript and Python', async () => {
  const result = await runRoundtrip({
    spec: 'test/fixtures/kinds/text-or-number-items-3.0.yaml',
    languages: ['ts', 'python'],
    runs: 12,
    seed: 5,
  });
  expect(
    result.outcomes
      .filter((outcome) => !outcome.ok)
      .map((outcome) => `${outcome.label}: ${outcome.problems.join(' | ')}`),
  ).toEqual([]);
  expect(result.summary).toBe('roundtrip: 1/1 operations, typescript 1/1, python 1/1');
}, 180_000);
