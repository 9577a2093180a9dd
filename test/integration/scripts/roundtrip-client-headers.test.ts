/**
 * Header parameters the HTTP client writes by itself when its caller gives none (fetch's
 * `accept-language: *`, each SDK's `user-agent`): the round trip counts neither the header nor its
 * schema's default as sent, and still compares them when the caller gives one. Fixture
 * kinds/client-written-headers-3.0.yaml. Starts the stubs and python3.
 */
import { expect, it } from 'vitest';
import { runRoundtrip } from '../../../scripts/lib/roundtrip/run.js';

it("headers the client writes by itself are not the caller's, in TypeScript and Python", async () => {
  const result = await runRoundtrip({
    spec: 'test/fixtures/kinds/client-written-headers-3.0.yaml',
    languages: ['ts', 'python'],
    runs: 12,
    seed: 3,
  });
  expect(
    result.outcomes
      .filter((outcome) => !outcome.ok)
      .map((outcome) => `${outcome.label}: ${outcome.problems.join(' | ')}`),
  ).toEqual([]);
  expect(result.summary).toBe('roundtrip: 1/1 operations, typescript 1/1, python 1/1');
}, 180_000);
