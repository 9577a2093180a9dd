/**
 * A form field of no known shape (twilio's VideoLayout) goes as one JSON text, nulls inside it
 * included, in both SDKs; the round trip expects it whole (it dropped null items, as for a field
 * sent once per item). Fixture kinds/json-form-field-3.0.yaml, a seed whose draws put nulls in
 * arrays. Starts the stubs and python3.
 */
import { expect, it } from 'vitest';
import { runRoundtrip } from '../../../scripts/lib/roundtrip/run.js';

it('a JSON form field round-trips whole in TypeScript and Python, nulls inside it included', async () => {
  const result = await runRoundtrip({
    spec: 'test/fixtures/kinds/json-form-field-3.0.yaml',
    languages: ['ts', 'python'],
    runs: 30,
    seed: 7,
  });
  expect(
    result.outcomes
      .filter((outcome) => !outcome.ok)
      .map((outcome) => `${outcome.label}: ${outcome.problems.join(' | ')}`),
  ).toEqual([]);
  expect(result.summary).toBe('roundtrip: 1/1 operations, typescript 1/1, python 1/1');
}, 180_000);
