/** The contract stage's time limit: a given one stands; without one it grows with the spec's operations. */
import { describe, expect, it } from 'vitest';
import type { Ir } from '../../../../generators/core/ir.js';
import type { SpecRun } from '../../../../scripts/lib/corpus/stages-build.js';
import { contractLimitMs } from '../../../../scripts/lib/corpus/stages-run.js';

const runOf = (operations: number, contractTimeLimitMs?: number): SpecRun => ({
  name: 'api/example.json',
  file: 'example.json',
  out: '.cache/example',
  seed: 43,
  contractRuns: 5,
  ...(contractTimeLimitMs !== undefined ? { contractTimeLimitMs } : {}),
  ir: { operations: Array.from({ length: operations }, () => ({})) } as unknown as Ir,
  names: [],
});

describe('the contract stage time limit', () => {
  it('is 240 s for a spec of up to 400 operations, then 0.6 s per operation', () => {
    expect(contractLimitMs(runOf(12))).toBe(240_000);
    expect(contractLimitMs(runOf(400))).toBe(240_000);
    expect(contractLimitMs(runOf(779))).toBe(467_400);
  });

  it('is the one given, whatever the spec', () => {
    expect(contractLimitMs(runOf(779, 900_000))).toBe(900_000);
    expect(contractLimitMs(runOf(3, 60_000))).toBe(60_000);
  });
});
