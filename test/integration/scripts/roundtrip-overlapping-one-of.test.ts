/**
 * A oneOf whose members one value could satisfy together (graphhopper's matrix request, nexmo's SMS
 * answer): the round trip's stubs judge by the spec alone, so the values it falls back on are set
 * apart from the other members (the value generator's `exclusiveOneOf`), and both operations run
 * where they were "not run: no value could be drawn". Fixture kinds/overlapping-one-of-3.0.yaml.
 * Starts the stubs and python3.
 */
import { expect, it } from 'vitest';
import { runRoundtrip } from '../../../scripts/lib/roundtrip/run.js';

it('a request body and an answer of overlapping oneOf members round-trip in TypeScript and Python', async () => {
  const result = await runRoundtrip({
    spec: 'test/fixtures/kinds/overlapping-one-of-3.0.yaml',
    languages: ['ts', 'python'],
    runs: 6,
  });
  expect(
    result.outcomes
      .filter((outcome) => !outcome.ok)
      .map((outcome) => `${outcome.label}: ${outcome.problems.join(' | ')}`),
  ).toEqual([]);
  expect(result.summary).toBe('roundtrip: 2/2 operations, typescript 2/2, python 2/2');
}, 180_000);
