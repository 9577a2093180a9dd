/**
 * `check:roundtrip --only` runs the chosen operations against SDKs generated from every operation:
 * the drivers must place each call where the SDK put it, which depends on the operation's siblings
 * (mist's map image upload: alone, a POST on /maps/{map_id}/image is the action maps.image(id);
 * beside its DELETE, the SDK has maps.image.create(id), and `--only` called the first: "apply of
 * undefined"). Generates the fixture; starts the stubs on loopback and python3 for the Python SDK.
 */
import { describe, expect, it } from 'vitest';
import { runRoundtrip } from '../../../scripts/lib/roundtrip/run.js';

describe('check:roundtrip --only', () => {
  it('calls an operation where the SDKs placed it among all the operations, not among the chosen ones', async () => {
    const result = await runRoundtrip({
      spec: 'test/fixtures/kinds/sibling-placed-method-3.0.yaml',
      languages: ['ts', 'python'],
      only: /^uploadItemImage$/,
      log: () => {},
    });
    expect(
      result.outcomes.map((outcome) => [outcome.language, outcome.operationId, outcome.problems]),
    ).toEqual([
      ['typescript', 'uploadItemImage', []],
      ['python', 'uploadItemImage', []],
    ]);
    expect(result.operations).toBe(1);
  }, 120_000);
});
