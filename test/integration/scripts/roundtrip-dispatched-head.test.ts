/**
 * GET and HEAD on one path, each also as a variant told apart by a value in the template (Azure
 * container registry's blobs): the stubs registered a GET for the variants with Fastify's own HEAD
 * beside it, and the spec's HEAD then threw "Method 'HEAD' already declared", so they did not
 * start. Fixture kinds/dispatched-head-3.0.yaml. Starts the stubs and python3.
 */
import { expect, it } from 'vitest';
import { runRoundtrip } from '../../../scripts/lib/roundtrip/run.js';

it('the stubs start with a declared HEAD beside GET variants, and every operation round-trips', async () => {
  const result = await runRoundtrip({
    spec: 'test/fixtures/kinds/dispatched-head-3.0.yaml',
    languages: ['ts', 'python'],
    runs: 4,
  });
  expect(
    result.outcomes
      .filter((outcome) => !outcome.ok)
      .map((outcome) => `${outcome.label}: ${outcome.problems.join(' | ')}`),
  ).toEqual([]);
  expect(result.summary).toBe('roundtrip: 4/4 operations, typescript 4/4, python 4/4');
}, 180_000);
