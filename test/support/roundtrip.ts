/**
 * A kind's round trip, as its tests assert it: every operation of a spec through both SDKs against
 * the round trip's stubs, green, with the summary naming how many ran (`draws`: values drawn per
 * operation, 4 unless given, and the seed). Starts the stubs and
 * python3 (integration tier and above).
 */
import { expect } from 'vitest';
import { runRoundtrip } from '../../scripts/lib/roundtrip/run.js';

export async function expectEveryOperationRoundTrips(
  spec: string,
  operations: number,
  draws: { runs?: number; seed?: number } = {},
): Promise<void> {
  const { runs = 4, seed } = draws;
  const result = await runRoundtrip({
    spec,
    languages: ['ts', 'python'],
    runs,
    ...(seed !== undefined ? { seed } : {}),
  });
  expect(
    result.outcomes
      .filter((outcome) => !outcome.ok)
      .map((outcome) => `${outcome.label}: ${outcome.problems.join(' | ')}`),
  ).toEqual([]);
  const all = `${operations}/${operations}`;
  expect(result.summary).toBe(`roundtrip: ${all} operations, typescript ${all}, python ${all}`);
}
