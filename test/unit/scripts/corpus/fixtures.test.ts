/**
 * The fixed sample's files (test/fixtures/corpus/): every fixture is a spec of the development half
 * (its source path hashes to 8-f), copied from the pinned package version, and every expected
 * failure names a fixture, a stage, a kind and the reason it is still open. What the e2e test
 * (test/e2e/scripts/corpus.test.ts) compares with: failures not listed, and listed ones now passing.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_PACKAGE, DIRECTORY_VERSION } from '../../../../scripts/lib/corpus/directory.js';
import {
  FIXTURES,
  compareWithExpected,
  failuresOf,
  readExpectedFailures,
  readManifest,
} from '../../../../scripts/lib/corpus/fixed-sample.js';
import { STAGES, type SpecResult } from '../../../../scripts/lib/corpus/result.js';
import { isDevelopmentPath } from '../../../../scripts/lib/corpus/split.js';

describe('the fixed sample', () => {
  const manifest = readManifest();

  it('holds about twenty specs of the development half, from the pinned package', () => {
    expect(manifest.package).toBe(DIRECTORY_PACKAGE);
    expect(manifest.version).toBe(DIRECTORY_VERSION);
    expect(manifest.specs.length).toBeGreaterThanOrEqual(15);
    for (const spec of manifest.specs) {
      expect(isDevelopmentPath(spec.source), spec.source).toBe(true);
      expect(existsSync(path.join(FIXTURES, spec.file)), spec.file).toBe(true);
      expect(spec.covers.length, spec.file).toBeGreaterThan(0);
    }
    // Every spec file in the folder is listed (none copied without its source).
    const specFiles = readdirSync(FIXTURES).filter(
      (name) => /\.(json|ya?ml)$/.test(name) && !['sources.json', 'expected-failures.json'].includes(name),
    );
    expect(specFiles.sort()).toEqual(manifest.specs.map((spec) => spec.file).sort());
  });

  it('lists each expected failure with a fixture, a stage, a kind and a reason', () => {
    for (const failure of readExpectedFailures()) {
      expect(
        manifest.specs.map((spec) => spec.source),
        failure.kind,
      ).toContain(failure.spec);
      expect(STAGES, failure.spec).toContain(failure.stage);
      expect(failure.kind.length).toBeGreaterThan(0);
      expect(failure.reason.length, `${failure.spec} ${failure.kind}`).toBeGreaterThan(20);
    }
  });
});

describe('comparing a run with the expected failures', () => {
  const run: SpecResult[] = [
    {
      spec: 'api/a.json',
      ms: 1,
      stages: [
        { stage: 'generate', status: 'pass', ms: 1, findings: [] },
        {
          stage: 'typecheck',
          status: 'fail',
          ms: 1,
          findings: [
            { origin: 'ours', kind: 'TS2339 in x', detail: '', fails: true },
            { origin: 'spec', kind: 'classed', detail: '', fails: false },
          ],
        },
        { stage: 'contract', status: 'timeout', ms: 1, findings: [] },
      ],
    },
  ];

  it('takes failing findings and time limits, not classed findings', () => {
    expect(failuresOf(run)).toEqual([
      { spec: 'api/a.json', stage: 'contract', kind: 'timeout' },
      { spec: 'api/a.json', stage: 'typecheck', kind: 'TS2339 in x' },
    ]);
  });

  it('names a failure not listed, and a listed one that no longer occurs', () => {
    const { unexpected, nowPassing } = compareWithExpected(failuresOf(run), [
      {
        spec: 'api/a.json',
        stage: 'typecheck',
        kind: 'TS2339 in x',
        reason: 'the runtime calls Headers.values()',
      },
      { spec: 'api/a.json', stage: 'roundtrip', kind: 'fixed meanwhile', reason: 'was a bug of the client' },
    ]);
    expect(unexpected).toEqual(['api/a.json contract: timeout']);
    expect(nowPassing).toEqual(['api/a.json roundtrip: fixed meanwhile']);
  });
});
