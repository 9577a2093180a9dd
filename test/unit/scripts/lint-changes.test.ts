/** What the dev loop prints of a save's lint and warnings: only what the save added, and how much it fixed. */
import { describe, expect, it } from 'vitest';
import { lintChanges, warningLines } from '../../../scripts/lib/dev-loop.js';
import type { Finding } from '../../../scripts/lib/lint.js';

const finding = (rule: string, line: number, message = `${rule} says so`): Finding => ({
  tool: 'spectral',
  file: 'openapi.yaml',
  line,
  column: 5,
  severity: 'warning',
  rule,
  message,
});

describe('lintChanges', () => {
  it('shows every finding the first time', () => {
    const now = [finding('a', 1), finding('b', 2)];
    expect(lintChanges(undefined, now)).toEqual({ shown: now, fixed: 0 });
  });

  it("shows none when an edit above the findings only moved them (a designer's save printed all 94 before)", () => {
    const last = [finding('operation-description', 10), finding('operation-description', 20)];
    const now = [finding('operation-description', 13), finding('operation-description', 23)];
    expect(lintChanges(last, now)).toEqual({ shown: [], fixed: 0 });
  });

  it('shows the new one of a rule found more often, where it was not before, and counts the fixed', () => {
    const last = [
      finding('operation-description', 10),
      finding('no-examples', 30),
      finding('no-examples', 40),
    ];
    const added = finding('operation-description', 50);
    const now = [finding('operation-description', 10), added, finding('no-examples', 40)];
    expect(lintChanges(last, now)).toEqual({ shown: [added], fixed: 1 });
  });
});

describe('warningLines', () => {
  it("prints every warning the first time, then those a save added and how many it resolved (dev printed none: a plugin's warn() never showed)", () => {
    expect(warningLines(undefined, ['a: one', 'b: two'])).toEqual(['warning: a: one', 'warning: b: two']);
    expect(warningLines(['a: one', 'b: two'], ['a: one', 'b: two'])).toEqual([]);
    expect(warningLines(['a: one', 'b: two'], ['b: two', 'c: three'])).toEqual([
      'warning: c: three',
      'dev: 1 warning(s) resolved',
    ]);
  });

  it('prints at most 20, then how many more (600 of one kind on a public spec)', () => {
    const many = Array.from({ length: 600 }, (_, index) => `types: parameter ${index} is left out`);
    const lines = warningLines(undefined, many);
    expect(lines).toHaveLength(21);
    expect(lines[19]).toBe('warning: types: parameter 19 is left out');
    expect(lines[20]).toBe('warning: … and 580 more (generate lists every one)');
  });
});
